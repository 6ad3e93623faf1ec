"""containment.py -- the proof, at the start of every tool that runs
untrusted programs (serve, check-engine, mark), that the sandbox contains
a submission on this machine (never a silent weaker fallback): a probe
(src/sandbox/probe/probe.c, `make build/sandbox-probe`), run in a box as a
submission is, tries to read a file of the repository, to connect to a
port of this machine that listens, and to make a user namespace of its
own, and to hold more memory than a run may have in processes of its own
(each within one process's limit: only a control group over the whole
run holds that). The box's own word for its mode (`sandbox start`'s ready
line: bwrap or limits) counts too: limits only holds none of these."""

from __future__ import annotations

import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from harness import paths, sandbox

PROBE = paths.BUILD / "sandbox-probe"
PROBE_SOURCES = paths.SRC / "sandbox" / "probe"
# What got out, in words: "read PATH", "connect PORT", "namespace".
WORDS = {"read": "%s (a file of this machine)", "connect": "%s (to a port of 127.0.0.1)",
         "namespace": "make a user namespace (%s)",
         "memory": "hold more memory than the run's, across its processes (%s)"}
# The probe's box: a run of 16 MiB with tmpfs of 1 MiB, whose control
# group (the sandbox's: memory + tmpfs + 64 MiB) is 81 MiB; eight blocks
# of 14 MiB, each within one process's 16 MiB, are 112 MiB together.
MEMORY, TMPFS, BLOCKS = "16", "1", "8 14"


@dataclass(frozen=True)
class Proof:
    """What the probe found: the box's mode, its reason for limits only,
    what got out, and the line reports print about the box."""

    mode: str
    why: str
    escaped: tuple[str, ...]
    describe: str

    @property
    def contained(self) -> bool:
        return self.mode == "bwrap" and not self.escaped

    def line(self) -> str:
        """What a tool's first lines say about the proof."""
        if self.contained:
            return ("contained: a probe run in the box could not read the repository, reach a port of "
                    "127.0.0.1, make a user namespace or hold more memory than its run's across processes")
        return "NOT CONTAINED on this machine: " + self.words()

    def words(self) -> str:
        """Why the box does not contain, for the refusal and the pages."""
        found = ["limits only: %s" % (self.why or "bubblewrap cannot run")] if self.mode != "bwrap" else []
        return "; ".join(found + ["the probe could %s" % WORDS.get(what.split(" ")[0], "%s") % what
                                  for what in self.escaped])


def prove(timeout: str = "10") -> Proof:
    """Runs the probe in a box; SandboxError when no box can be made,
    OSError when the probe cannot be built."""
    sandbox.ensure_built()
    sandbox.ensure_built(PROBE, PROBE_SOURCES)
    if not PROBE.is_file():
        raise OSError("cannot build the sandbox's probe (make %s)" % PROBE.relative_to(paths.ROOT))
    with tempfile.TemporaryDirectory(prefix="sandbox-probe.") as work, \
            socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        tries = Path(work) / "tries"
        tries.write_text("read %s\nconnect %d\nnamespace\nmemory %s\n"
                         % (paths.ROOT / "Makefile", listener.getsockname()[1], BLOCKS))
        limits = sandbox.Limits(timeout=timeout, quiet=True, memory=MEMORY, tmpfs=TMPFS)
        with sandbox.Box(str(PROBE), limits) as box:
            run = box.run(tries)
            answers = run.out.read_text(encoding="utf-8", errors="replace").splitlines()
            ready = dict(box.ready)
    escaped = [line.split(" ", 1)[1] for line in answers if line.startswith("escaped ")]
    held = [line for line in answers if line.startswith("held ")]
    if len(escaped) + len(held) != 4:
        escaped.append("answer the probe's four questions (status %d)" % run.status)
    return Proof(ready.get("mode", ""), ready.get("why", ""), tuple(escaped), ready.get("describe", ""))


def required(weak: bool, weakening: str) -> Proof:
    """The proof, for a tool that takes untrusted programs to run (serve,
    serve-worker); ValueError (its start refused, saying what got out)
    where the probe cannot run, or gets out unless WEAK, the tool's
    explicit weakening option, which WEAKENING names ("start with
    --weak-sandbox to ...")."""
    try:
        proof = prove()
    except (sandbox.SandboxError, subprocess.CalledProcessError, OSError) as error:
        raise ValueError("the sandbox's probe could not run (%s): not started" % error) from None
    if not proof.contained and not weak:
        raise ValueError("the sandbox does not contain a submission on this machine (%s): not started; "
                         "make bubblewrap work here, or %s" % (proof.words(), weakening))
    return proof


def proven_line() -> str:
    """The line check-engine and mark print at start: the proof, or why
    there is none (they go on, having said so)."""
    try:
        return "sandbox " + prove().line()
    except (sandbox.SandboxError, OSError) as error:
        return "sandbox NOT PROVEN: its probe could not run (%s)" % error
