"""A failed case explained in the game's own terms, from the reference
engine's own --explain lines (no second search here): a module per game
in this package (checkers, draughts: explain(EXPLAIN_LINES, EXPECTED,
ACTUAL, STOP)), which the game's record names (Game.explain).
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


Explain = Callable[[list[str], list[str], list[str], int], list[str]]


def explain_failure(explain: Explain, reference: Path | str, input_path: Path | str, expected: bytes,
                    actual: bytes, line: int) -> bytes:
    """A few plain lines explaining the first difference (at line LINE) of
    EXPECTED, the reference's stdout on INPUT_PATH, and ACTUAL; b"" when
    there is nothing to add (or no reference)."""
    if not os.access(reference, os.X_OK):
        return b""
    lines = explain(reference_lines(reference, input_path), text_lines(expected), text_lines(actual), line)
    return "".join(lines).encode("latin-1")
