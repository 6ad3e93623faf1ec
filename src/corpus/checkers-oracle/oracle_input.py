"""Input lines for the checkers oracle: splitting, classifying, the six
input errors and the malformed-line diagnostic.

Written from the handout (shared/spec/assignment.txt) and NOTES.md alone.
"""

import re
from typing import NamedTuple, Optional

from oracle_rules import (EMPTY, FORWARD_ROW_DELTA, OWNER, PIECE, SIZE,
                          Action, cell_index)

# One upper-case letter and a decimal row on each side of '-'. Anything
# else (signs, spaces, lower case, NUL, non-ASCII, ...) is malformed.
ACTION_PATTERN = re.compile(rb"([A-Z])([0-9]+)-([A-Z])([0-9]+)")
COMMANDS = (b"A", b"P")
EXCERPT_BYTES = 40

ERROR_MESSAGES = {
    1: "ERROR: Source cell is outside of the board.",
    2: "ERROR: Target cell is outside of the board.",
    3: "ERROR: Source cell is empty.",
    4: "ERROR: Target cell is not empty.",
    5: "ERROR: Source cell holds opponent's piece/tower.",
    6: "ERROR: Illegal action.",
}


class Cell(NamedTuple):
    """A cell as written in the input: column letter, row number, and
    whether it lies on the board. Rows of many digits are kept as None."""
    letter: str
    row: Optional[int]

    def inside(self) -> bool:
        return "A" <= self.letter <= "H" and self.row is not None \
            and 1 <= self.row <= SIZE

    def index(self) -> int:
        return cell_index(self.row, ord(self.letter) - ord("A"))


def split_lines(data: bytes) -> list:
    """Lines end at '\\n' only (a lone CR is not a line end); a last line
    without '\\n' is still a line; the empty piece after a final '\\n' is not."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def _parse_row(digits: bytes) -> Optional[int]:
    """Decimal row; leading zeros allowed. More than two significant digits
    can never be on the board, so such rows are None (no huge int parse)."""
    significant = digits.lstrip(b"0")
    if len(significant) > 2:
        return None
    return int(significant) if significant else 0


def parse_action(text: bytes):
    """(source Cell, target Cell) for a well-formed action, else None."""
    match = ACTION_PATTERN.fullmatch(text)
    if match is None:
        return None
    source_letter, source_row, target_letter, target_row = match.groups()
    return (Cell(source_letter.decode(), _parse_row(source_row)),
            Cell(target_letter.decode(), _parse_row(target_row)))


def echo_text(source: Cell, target: Cell) -> str:
    """The action as echoed: rows as plain numbers (G06 -> G6)."""
    return f"{source.letter}{source.row}-{target.letter}{target.row}"


def _legal_action(board: tuple, side: int, source: int, target: int) -> Optional[Action]:
    """The Action if source->target is a legal move or capture of `side`
    (source holds its piece/tower, target is empty), else None."""
    row_delta = target // SIZE - source // SIZE
    column_delta = target % SIZE - source % SIZE
    if abs(row_delta) != abs(column_delta) or abs(row_delta) not in (1, 2):
        return None
    is_piece = board[source] == PIECE[side]
    if is_piece and (row_delta > 0) != (FORWARD_ROW_DELTA[side] > 0):
        return None
    if abs(row_delta) == 1:
        return Action(source, target, None)
    middle = (source + target) // 2
    if board[middle] != EMPTY and OWNER[board[middle]] != side:
        return Action(source, target, middle)
    return None


def check_action(board: tuple, side: int, source: Cell, target: Cell):
    """(error number, None) for the first of the six errors that applies,
    in the spec's order, or (0, Action) for a legal action."""
    if not source.inside():
        return 1, None
    if not target.inside():
        return 2, None
    source_index, target_index = source.index(), target.index()
    if board[source_index] == EMPTY:
        return 3, None
    if board[target_index] != EMPTY:
        return 4, None
    if OWNER[board[source_index]] != side:
        return 5, None
    action = _legal_action(board, side, source_index, target_index)
    return (6, None) if action is None else (0, action)


def _escape_byte(byte: int) -> str:
    if byte in (0x22, 0x5C):
        return "\\" + chr(byte)
    if 0x20 <= byte < 0x7F:
        return chr(byte)
    return f"\\x{byte:02x}"


def malformed_message(line_number: int, text: bytes) -> str:
    """The one stderr line for a malformed line: the first 40 bytes of the
    line (white space around it already removed), escaped, '...' if cut."""
    excerpt = "".join(_escape_byte(byte) for byte in text[:EXCERPT_BYTES])
    if len(text) > EXCERPT_BYTES:
        excerpt += "..."
    return (f'checkers: line {line_number}: malformed action "{excerpt}" '
            f"(expected e.g. G6-F5, A or P)\n")
