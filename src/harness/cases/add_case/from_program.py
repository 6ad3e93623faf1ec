"""add-case --from-program: a bug report ("this submission behaves
differently from the reference on this input") made a case. The program
(an executable, or a folder of sources built as check-engine builds one)
is untrusted: it is built and run in the sandbox only, as check-engine
runs a program on a case (harness.check's preparation, harness.sandbox's
Box, the case's timeout). Its run is shown beside the reference's."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from harness import games, sandbox
from harness.cases.add_case.review import DELIMITER, SHORT_OUTPUT
from harness.cases.status import describe_status
from harness.cases.tool import ToolExit, say, say_bytes
from harness.check import engine as check_engine
from harness.check import options as check_options

# The width of the side-by-side view (diff -y's), in columns.
WIDTH = 160
# Lines shown after the first difference of a long output.
AFTER = 40


@dataclass(frozen=True)
class Ran:
    """A run: its exit status, stdout and stderr."""

    status: int
    out: bytes
    err: bytes


def prepared(program: str, game: str, work: Path) -> check_engine.Program:
    """PROGRAM ready to run: as given, or its folder built in the sandbox into WORK."""
    options = check_options.Options(engine=program, program=game, output=str(work), jobs="1")
    try:
        check_options.check(options, valgrind=False)
        return check_engine.prepare_program(options, work)
    except (check_options.UsageError, check_engine.CannotCheck) as error:
        raise ToolExit(f"--from-program: {error}", 1) from None


def run_program(program: str, game: str, input_path: Path, timeout: str) -> Ran:
    """PROGRAM run on INPUT_PATH as the game runs it, in the sandbox."""
    with tempfile.TemporaryDirectory(prefix="add-case.") as work:
        ready = prepared(program, game, Path(work))
        sandbox.ensure_built()
        limits = sandbox.Limits(timeout=timeout, quiet=True, folder=ready.folder)
        try:
            with sandbox.Box(ready.path, limits) as box:
                run = box.run(input_path, graded=games.get(game).run_mode == "graded")
                return Ran(run.status, read(run.out), read(run.err))
        except sandbox.SandboxError as error:
            raise ToolExit(f"--from-program: {error}", 1) from None


def read(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError:
        return b""


def window(reference: bytes, program: bytes) -> tuple[int, int]:
    """The lines shown of both outputs: all of short ones; of long ones,
    from the action where they first differ (its delimiter line) to AFTER
    lines past that difference."""
    ours, theirs = reference.split(b"\n"), program.split(b"\n")
    if max(len(ours), len(theirs)) <= SHORT_OUTPUT:
        return 0, max(len(ours), len(theirs))
    first = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
    start = max((i for i in range(first + 1) if i < len(ours) and DELIMITER.fullmatch(ours[i])), default=0)
    return start, min(first + AFTER, max(len(ours), len(theirs)))


def show_beside(reference: Ran, program: Ran, timeout: str) -> None:
    """Both stdouts side by side (the reference's on the left, `|` where
    lines differ; of long ones, the action where they first differ), then
    each one's stderr and exit status."""
    start, end = window(reference.out, program.out)
    if start or end < max(reference.out.count(b"\n"), program.out.count(b"\n")):
        say(f"... (long outputs: lines {start + 1} to {end}, from the action where they first differ)\n")
    with tempfile.TemporaryDirectory() as work:
        left, right = Path(work) / "reference", Path(work) / "program"
        left.write_bytes(b"".join(line + b"\n" for line in reference.out.split(b"\n")[start:end]))
        right.write_bytes(b"".join(line + b"\n" for line in program.out.split(b"\n")[start:end]))
        say(f"{'--- the reference':<{WIDTH // 2}}--- the program\n")
        shown = subprocess.run(["diff", "-a", "-y", "-t", f"--width={WIDTH}", str(left), str(right)],
                               stdout=subprocess.PIPE, check=False)
        say_bytes(shown.stdout)
    same = reference.out == program.out
    say("--- stdout: the same\n" if same else "--- stdout: they differ (marked | < >)\n")
    for who, ran in (("the reference", reference), ("the program", program)):
        if ran.err:
            say(f"--- stderr of {who}:\n")
            say_bytes(ran.err)
        say(f"--- {who}: {describe_status(ran.status, timeout)}\n")


def compare_with(program: str, game: str, input_path: Path, reference: Ran, timeout: str) -> None:
    """The program run and shown beside the reference's run."""
    if shutil.which("diff") is None:
        raise ToolExit("--from-program needs diff (Debian: diffutils)", 1)
    show_beside(reference, run_program(program, game, input_path, timeout), timeout)
