"""The C evidence's builds and runs, every one in the sandbox: the
student's folder built again with other options (-O0 -g; with
AddressSanitizer and UndefinedBehaviorSanitizer), one case run in a box
of its own (plainly, under the sanitizers, or under Valgrind memcheck
with --track-origins=yes), each within the time left of the evidence's
budget (a Clock)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from harness import paths
from harness.languages.build import build_again_if_stopped, run_words, stopped, stopped_how
from harness.languages.table import Language
from harness.sandbox import Box, Limits

# -O0 last, so that it wins over the build command's own -O2.
PLAIN = "-O0 -g -fno-omit-frame-pointer"
SANITIZED = PLAIN + " -fsanitize=address,undefined"
# LeakSanitizer stops the world with ptrace, which the box refuses
# (seccomp): leaks are left to Valgrind. AddressSanitizer's shadow
# (terabytes of address space, reserved, never touched) cannot run under a
# limit per process: its run is held by the box's control group alone
# (`sandbox --memory-by-group`, refused where there is none: then Valgrind
# alone looks), hard_rss_limit_mb besides.
SANITIZER_ENV = ("ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:allocator_may_return_null=1:hard_rss_limit_mb=1024 "
                 "UBSAN_OPTIONS=print_stacktrace=1")
MEMCHECK_FLAGS = paths.SRC / "golden" / "memcheck.flags"


@dataclass
class Clock:
    """The evidence's budget: SECONDS from when it was made."""

    seconds: float
    started: float = field(default_factory=time.monotonic)

    def left(self) -> int:
        return int(self.seconds - (time.monotonic() - self.started))


@dataclass(frozen=True)
class Ran:
    """One run's status, stdout (output.txt for a graded run), stderr, and Valgrind's log."""

    status: int
    out: bytes
    err: str
    log: str


@dataclass(frozen=True)
class Builder:
    """How the student's folder (SOURCES, LANGUAGE) was built by the check
    (COMMAND), where the builds go (WORK), and whether there is a sandbox."""

    sources: Path
    language: Language
    command: str
    work: Path
    sandbox: bool
    # How each build that a signal stopped twice was stopped (the machine's
    # out-of-memory killer under load, a SIGKILL: not the program's doing)
    stopped: list[str] = field(default_factory=list)

    def build(self, name: str, flags: str, clock: Clock) -> Optional[Path]:
        """The folder built with FLAGS after the check's own into WORK/NAME,
        once more when a signal stopped it (as check-engine's own build);
        None when it did not build (stopped twice: said in self.stopped)."""
        if clock.left() < 2:
            return None
        limits = Limits(timeout=str(min(60, clock.left())), cpu="60", memory="2048", no_sandbox=not self.sandbox,
                        quiet=True, folder=str(self.sources), folder_writable=True)
        out = self.work / name
        log = self.work / f"{name}.log"
        status = build_again_if_stopped(str(self.sources), self.language, f"{self.command} {flags}", limits, out,
                                        log)
        if stopped(status, log):
            self.stopped.append(f"the {name} build: {stopped_how(status, log)}")
        return out if status == 0 else None

    def sanitized_launcher(self, built: Path) -> Path:
        """A launcher that runs BUILT's program with the sanitizers' options."""
        launcher = self.work / "sanitized"
        launcher.write_text(f"#!/bin/sh\nexport {SANITIZER_ENV}\nexec {run_words(str(built), self.language)} "
                            '"$@"\n')
        launcher.chmod(0o755)
        return launcher

    def memcheck_flags(self) -> Path:
        """The project's Valgrind options with --track-origins=yes, as a file for the box."""
        flags = self.work / "memcheck.flags"
        flags.write_text(MEMCHECK_FLAGS.read_text(encoding="utf-8") + "--track-origins=yes\n", encoding="utf-8")
        return flags


def run_case(program: Path, built: Path, case_input: Path, graded: bool, how: str, timeout: int,
             sandbox: bool, memory_by_group: bool = False, flags: Optional[Path] = None) -> Ran:
    """PROGRAM (BUILT its folder) run once on CASE_INPUT in a box of its own; HOW plain, unbuffered or memcheck."""
    limits = Limits(timeout=str(max(timeout, 1)), no_sandbox=not sandbox, quiet=True, folder=str(built),
                    memory_by_group=memory_by_group, memcheck_flags=str(flags) if flags else None)
    with Box(str(program), limits) as box:
        run = box.run(case_input, graded, how)
        return Ran(run.status, _read(run.out), _read(run.err).decode("utf-8", "replace"),
                   _read(run.log).decode("utf-8", "replace") if how == "memcheck" else "")


def _read(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError:
        return b""
