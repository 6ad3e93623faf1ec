"""A case's run against its golden files (cases.bash's corpus_compare and
the functions it calls): status, stdout byte for byte, stderr; where
stdout first differs, in the game's terms; a failure's report (case,
reason, a rerun line that runs as printed, what differs, a labelled
`diff -u`), its bytes outside printable ASCII escaped as \\xNN."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from harness.cases import Case, describe_run
from harness.games import Game

# How many lines of a diff a report shows (CORPUS_DIFF_LINES).
DEFAULT_DIFF_LINES = 80
_UNPRINTABLE = re.compile(rb"[^\x20-\x7e\n\t]")
_SAFE = re.compile(r"[A-Za-z0-9_/.,:=+@%^-]+")


def diff_lines() -> int:
    """The diff's cut, CORPUS_DIFF_LINES from the environment as cases.bash reads it."""
    try:
        return int(os.environ.get("CORPUS_DIFF_LINES", DEFAULT_DIFF_LINES))
    except ValueError:
        return DEFAULT_DIFF_LINES


def printable(data: bytes) -> bytes:
    """DATA with every byte outside printable ASCII (tab and newline kept)
    as \\xNN: a report is text, always."""
    return _UNPRINTABLE.sub(lambda m: b"\\x%02x" % m.group()[0], data)


def shell_quote(text: str) -> str:
    """TEXT quoted for bash as its printf %q does (a backslash before each
    special character; $'...' for control characters)."""
    if text == "":
        return "''"
    if _SAFE.fullmatch(text):
        return text
    if any(ord(char) < 32 or ord(char) == 127 for char in text):
        escaped = "".join(f"\\{oct(ord(c))[2:].zfill(3)}" if ord(c) < 32 or ord(c) == 127 and c not in "\t\n"
                          else {"\t": "\\t", "\n": "\\n", "'": "\\'", "\\": "\\\\"}.get(c, c) for c in text)
        return f"$'{escaped}'"
    return "".join(c if _SAFE.fullmatch(c) else "\\" + c for c in text)


def common_prefix(first, second) -> int:
    """The length of what two sequences (bytes, or a tuple of lines) both
    start with (halving: each step one comparison in C, so a 7 MB output
    takes a few hundredths of a second)."""
    low, high = 0, min(len(first), len(second))
    while low < high:
        middle = (low + high + 1) // 2
        if first[low:middle] == second[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def first_difference_line(expected: bytes, actual: bytes) -> Optional[int]:
    """The 1-based line of EXPECTED where the two first differ; None when equal."""
    if expected == actual:
        return None
    return expected.count(b"\n", 0, common_prefix(expected, actual)) + 1


@dataclass
class Actual:
    """A run as check compares it: its status, stdout (output.txt when
    graded) and stderr, and files holding them for diff (PREFIX.out,
    PREFIX.err: written by write())."""

    status: int
    out: bytes
    err: bytes
    prefix: Path

    def path(self, suffix: str) -> Path:
        return Path(f"{self.prefix}{suffix}")

    def write(self) -> None:
        self.path(".out").write_bytes(self.out)
        self.path(".err").write_bytes(self.err)


@dataclass
class Comparison:
    """What corpus_compare found: passed, the report of a failure (bytes,
    not yet printable), the line where stdout first differs (None when it
    does not, or is empty)."""

    passed: bool
    report: bytes = b""
    first_difference: Optional[int] = None
    lines: list[bytes] = field(default_factory=list)


@dataclass(frozen=True)
class Settings:
    """How a run is compared: only stdout (the assignment profile), the
    game (its regions, how its program runs), the timeout (for words),
    the rerun line's command."""

    game: Game
    timeout: str
    run_command: str
    stdout_only: bool = False

    @property
    def graded(self) -> bool:
        return self.game.run_mode == "graded"


def where_is_line(expected: Path, line: int, game: Game) -> str:
    """Where line LINE of the expected output stands, in the game's words."""
    return game.line_region(expected, line).words


def rerun_line(case: Case, settings: Settings) -> str:
    quoted = shell_quote(str(case.prefix))
    if settings.graded:
        return (f"rerun:  cp {quoted}.in input.txt && {settings.run_command} input.txt output.txt; "
                f"diff -u {quoted}.out output.txt")
    return f"rerun:  {settings.run_command} < {quoted}.in | diff -u {quoted}.out -"


def show_diff(expected: Path | str, actual: Path | str, stream: str, *options: str,
              labels: tuple[str, str] = ("expected", "actual")) -> bytes:
    """`diff -u of STREAM:` and the diff, labelled LABELS (expected and
    actual), cut to CORPUS_DIFF_LINES lines."""
    heading = f"diff -u{' ' + ' '.join(options) if options else ''} of {stream}:\n".encode()
    done = subprocess.run(["diff", "-a", "-u", *options, "--label", labels[0], "--label", labels[1], "--",
                           str(expected), str(actual)], stdout=subprocess.PIPE, check=False)
    lines = done.stdout.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    most = diff_lines()
    shown = b"".join(line + b"\n" for line in lines[:most])
    if len(lines) > most:
        shown += b"... (%d more diff lines)\n" % (len(lines) - most)
    return heading + shown


def compare(case: Case, expected_out: bytes, actual: Actual, settings: Settings,
            stdout_same: bool = False) -> Comparison:
    """The run ACTUAL against CASE (its stdout EXPECTED_OUT): passed, or
    the report (case, reason, rerun, the problems, the diffs)."""
    expected_status = case.expected_status()
    err_path = case.path(".err")
    expected_err = err_path.read_bytes() if err_path.is_file() else b""
    problems: list[str] = []
    if not settings.stdout_only and actual.status != expected_status:
        problems.append(f"status: expected exit status {expected_status}, got "
                        f"{describe_run(actual.status, actual.err, settings.timeout)}")
    elif settings.stdout_only and actual.status > 128:
        problems.append(f"status: {describe_run(actual.status, actual.err, settings.timeout)}")
    stdout_differs = not stdout_same and expected_out != actual.out
    first = None
    if stdout_differs:
        if not actual.out:
            expected_lines = expected_out.count(b"\n")
            problems.append(f"stdout: the program printed nothing ({expected_lines} lines expected)")
        else:
            first = first_difference_line(expected_out, actual.out)
            problems.append(f"stdout: first difference at line {first}, in "
                            f"{where_is_line(case.path('.out'), first, settings.game)}")
    stderr_differs = not settings.stdout_only and expected_err != actual.err
    if stderr_differs:
        problems.append("stderr: differs from the expected stderr")
    if not problems or (settings.stdout_only and not stdout_differs):
        return Comparison(True, first_difference=first)
    lines = [f"case:   {case.id}".encode(), f"reason: {case.reason()}".encode(),
             rerun_line(case, settings).encode()] + [problem.encode() for problem in problems]
    tail = b""
    actual.write()
    if stdout_differs and not actual.out:
        tail += b"expected stdout begins:\n" + head(expected_out, 10)
    elif stdout_differs:
        tail += show_diff(case.path(".out"), actual.path(".out"), "stdout")
    if stderr_differs:
        tail += show_diff(err_path if err_path.is_file() else os.devnull, actual.path(".err"), "stderr")
    report = b"".join(line + b"\n" for line in lines) + tail
    return Comparison(False, report, first)


def head(data: bytes, count: int) -> bytes:
    """The first COUNT lines of DATA as head(1) gives them (a last line without its newline left so)."""
    at = -1
    for _ in range(count):
        at = data.find(b"\n", at + 1)
        if at < 0:
            return data
    return data[:at + 1]
