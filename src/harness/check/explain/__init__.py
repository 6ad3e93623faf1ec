"""A failed case explained in the game's own terms, from the reference
engine's own --explain lines (no second search here): a module per game
in this package (checkers, draughts: explain(EXPLAIN_LINES, EXPECTED,
ACTUAL, STOP, RERUN)), which the game's record names (Game.explain).
RERUN(OPTIONS) gives the reference's stdout lines on the same input with
other options (checkers asks `--depth N` before it says a choice only ties),
so that a sentence is checked against what the program did before it is
printed.
`python3 -m harness.check.explain --program P REFERENCE INPUT EXPECTED
ACTUAL LINE` is the same for a person (was src/check/explain-failure)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Callable


def text_lines(data: bytes) -> list[str]:
    """DATA's lines as awk reads them, every byte kept (latin-1)."""
    lines = data.decode("latin-1").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def reference_lines(reference: Path | str, input_path: Path | str) -> list[str]:
    """The reference's "explain: " lines on INPUT_PATH (stderr; 20 s at most)."""
    with open(input_path, "rb") as given:
        try:
            done = subprocess.run([str(reference), "--explain"], stdin=given, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, timeout=20, check=False,
                                  env={**os.environ, "LC_ALL": "C"})
        except subprocess.TimeoutExpired as stopped:
            return [line for line in text_lines(stopped.stderr or b"") if line.startswith("explain: ")]
    return [line for line in text_lines(done.stderr) if line.startswith("explain: ")]


Rerun = Callable[[list[str]], list[str]]
Explain = Callable[[list[str], list[str], list[str], int, Rerun], list[str]]


def rerun_lines(reference: Path | str, input_path: Path | str) -> Rerun:
    """RERUN(OPTIONS): the reference's stdout lines on INPUT_PATH, run with
    OPTIONS (20 s at most; none when it does not end)."""
    def rerun(options: list[str]) -> list[str]:
        with open(input_path, "rb") as given:
            try:
                done = subprocess.run([str(reference), *options], stdin=given, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, timeout=20, check=False,
                                      env={**os.environ, "LC_ALL": "C"})
            except subprocess.TimeoutExpired:
                return []
        return text_lines(done.stdout)
    return rerun


def explain_failure(explain: Explain, reference: Path | str, input_path: Path | str, expected: bytes,
                    actual: bytes, line: int) -> bytes:
    """A few plain lines explaining the first difference (at line LINE) of
    EXPECTED, the reference's stdout on INPUT_PATH, and ACTUAL; b"" when
    there is nothing to add (or no reference)."""
    if not os.access(reference, os.X_OK):
        return b""
    lines = explain(reference_lines(reference, input_path), text_lines(expected), text_lines(actual), line,
                    rerun_lines(reference, input_path))
    return "".join(lines).encode("latin-1")
