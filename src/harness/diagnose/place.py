"""Where, and how, an output first goes wrong: the checkers diagnosis's
"same mechanism" (compare.py's `exact` match).

A checkers output is a sequence of blocks, each opened by the line of `=`
(src/checkers/printer.c, NOTES.md): the setup block (the board size, the
pieces, the board), then one per action (the delimiter, the action line,
the board cost, the board); an ERROR line or the win line ends the last
block. An output's first difference from the expected one is a Place: in
which block it falls (the delimiters before it), the kind of line expected
there, the kind of line printed there, and the printed line itself. White
space is left out of every line and blank lines are skipped, so a fault in
the game is found behind a program's own spacing (its spacing alone is the
`white-space` fault's, matched by tokens).

Kinds: `action` (the delimiter or the action line), `cost`, `board` (its
rows, the column letters, the separators), `setup` (the size and piece
counts), `error1`..`error6` (the handout's six ERROR lines) or `error`
(another ERROR line), `win`, `other` (a line of the program's own), and
`end` (no line: the output ends there)."""
import functools
import re
from typing import NamedTuple, Optional, Tuple

from harness.check.compare import common_prefix
from harness.check.explain.checkers import MESSAGE

WHITE = b" \t\r\x0b\x0c"
# The handout's six ERROR lines, in their order, white space out.
ERRORS = tuple(("ERROR: " + text).replace(" ", "").encode() for text in MESSAGE)
_KINDS = ((re.compile(rb"^=+$"), "action"), (re.compile(rb"^(\*\*\*)?(BLACK|WHITE)ACTION#"), "action"),
          (re.compile(rb"^BOARDCOST:"), "cost"), (re.compile(rb"^([1-8]\||\+-|ABCDEFGH$)"), "board"),
          (re.compile(rb"^(BOARDSIZE:|#(BLACK|WHITE)PIECES:)"), "setup"),
          (re.compile(rb"^(BLACK|WHITE)WIN"), "win"), (re.compile(rb"^ERROR"), "error"))
_DELIMITER = re.compile(rb"^=+$")


class Place(NamedTuple):
    """An output's first difference from the expected output."""

    block: int      # the delimiter lines before it
    expected: str   # the kind of the expected line there ("end": past its end)
    printed: str    # the kind of the printed line ("end": the output stops)
    line: bytes     # the printed line, white space out (b"" at the end)


def kind(line: Optional[bytes]) -> str:
    """The kind of a line (white space out), "end" for none."""
    if line is None:
        return "end"
    for pattern, name in _KINDS:
        if pattern.search(line):
            if name == "error" and line in ERRORS:
                return "error%d" % (ERRORS.index(line) + 1)
            return name
    return "other"


@functools.lru_cache(maxsize=256)
def squeezed_lines(data: bytes) -> Tuple[bytes, ...]:
    """DATA's lines, white space out, blank ones skipped (kept for the
    outputs met again: a case's expected and program output, per fault)."""
    return tuple(filter(None, data.translate(None, WHITE).split(b"\n")))


@functools.lru_cache(maxsize=1024)
def first_difference(out: bytes, expected: bytes) -> Optional[Place]:
    """Where OUT first differs from EXPECTED, white space aside; None
    where the two have the same lines (kept: a case's program output is
    asked once per fault)."""
    mine, theirs = squeezed_lines(out), squeezed_lines(expected)
    if mine == theirs:
        return None
    number = common_prefix(mine, theirs)  # (the lines' tuples, bisected as compare bisects bytes)
    block = number - list(map(_DELIMITER.match, mine[:number])).count(None)
    line = mine[number] if number < len(mine) else None
    want = theirs[number] if number < len(theirs) else None
    return Place(block, kind(want), kind(line), line or b"")


def same(program: bytes, fault: bytes, expected: bytes, content: bool = True) -> bool:
    """Whether the program and the fault first go wrong at the same place
    in the same way: the same block, the same kinds of line expected and
    printed, and (CONTENT) the same printed line. Two outputs that do not
    go wrong (white space aside) share no place."""
    if fault == expected:
        return False
    mine, theirs = first_difference(program, expected), first_difference(fault, expected)
    if mine is None or theirs is None:
        return False
    if content:
        return mine == theirs
    return mine[:3] == theirs[:3]
