"""Board, rules and printing for the checkers oracle.

Written from the handout (shared/spec/assignment.txt) and NOTES.md alone.

A board is a tuple of 64 one-character strings, index (row - 1) * 8 + column,
row 1 at the top and column A at the left, exactly as the boards are printed.
Tuples (not lists) so that no caller can change a board another one holds.
"""

from typing import NamedTuple, Optional

BLACK = 0
WHITE = 1
SIDE_NAMES = ("BLACK", "WHITE")
EMPTY = "."
SIZE = 8
COLUMN_LETTERS = "ABCDEFGH"

# Cost of each cell: "b + 3B - w - 3W" (a tower costs three pieces).
CELL_COST = {".": 0, "b": 1, "B": 3, "w": -1, "W": -3}
PIECE = ("b", "w")
TOWER = ("B", "W")
OWNER = {"b": BLACK, "B": BLACK, "w": WHITE, "W": WHITE}

# Directions in the order the spec fixes for generating children: north-east
# first, then clockwise (south-east, south-west, north-west). North is row 1.
DIRECTIONS = ((-1, 1), (1, 1), (1, -1), (-1, -1))
# A piece only goes forward: north (row delta -1) for black, south for white.
FORWARD_ROW_DELTA = (-1, 1)
# The far row, where a piece becomes a tower: row 1 for black, row 8 for white.
FAR_ROW = (1, SIZE)


class Action(NamedTuple):
    """One move or one single-jump capture; captured is None for a move."""
    source: int
    target: int
    captured: Optional[int]


def cell_index(row: int, column: int) -> int:
    """Index of the cell at 1-based row and 0-based column."""
    return (row - 1) * SIZE + column


def cell_name(index: int) -> str:
    return f"{COLUMN_LETTERS[index % SIZE]}{index // SIZE + 1}"


def action_text(action: Action) -> str:
    return f"{cell_name(action.source)}-{cell_name(action.target)}"


def initial_board() -> tuple:
    """Figure 1a as NOTES.md prints it: white on rows 1-3, black on 6-8."""
    cells = []
    for row in range(1, SIZE + 1):
        for column in range(SIZE):
            playable = (row + column) % 2 == 0
            if playable and row <= 3:
                cells.append("w")
            elif playable and row >= 6:
                cells.append("b")
            else:
                cells.append(EMPTY)
    return tuple(cells)


def board_cost(board: tuple) -> int:
    return sum(CELL_COST[cell] for cell in board)


def _neighbour(index: int, row_delta: int, column_delta: int, steps: int):
    """Index `steps` cells away in a direction, or None off the board."""
    row = index // SIZE + row_delta * steps
    column = index % SIZE + column_delta * steps
    if 0 <= row < SIZE and 0 <= column < SIZE:
        return row * SIZE + column
    return None


def _build_steps() -> tuple:
    """Per cell, per direction: (adjacent cell, cell behind it), precomputed
    once because the search asks for them hundreds of thousands of times."""
    table = []
    for index in range(SIZE * SIZE):
        table.append(tuple(
            (_neighbour(index, dr, dc, 1), _neighbour(index, dr, dc, 2), dr)
            for dr, dc in DIRECTIONS))
    return tuple(table)


STEPS = _build_steps()


def legal_actions(board: tuple, side: int) -> list:
    """All actions of `side`, in the spec's child order: cells row-major,
    then directions NE, SE, SW, NW. In one direction there is either a move
    (adjacent cell empty) or a capture (adjacent opponent, empty behind)."""
    actions = []
    own_piece, own_tower = PIECE[side], TOWER[side]
    forward = FORWARD_ROW_DELTA[side]
    opponent = 1 - side
    for source, cell in enumerate(board):
        if cell != own_piece and cell != own_tower:
            continue
        for adjacent, behind, row_delta in STEPS[source]:
            if adjacent is None or (cell == own_piece and row_delta != forward):
                continue
            adjacent_cell = board[adjacent]
            if adjacent_cell == EMPTY:
                actions.append(Action(source, adjacent, None))
            elif (behind is not None and board[behind] == EMPTY
                  and OWNER[adjacent_cell] == opponent):
                actions.append(Action(source, behind, adjacent))
    return actions


def resulting_cell(board: tuple, action: Action) -> str:
    """What stands on the target after the action: a piece that ends its
    action on the far row becomes a tower, by a move or by a capture."""
    cell = board[action.source]
    side = OWNER[cell]
    if cell == PIECE[side] and action.target // SIZE + 1 == FAR_ROW[side]:
        return TOWER[side]
    return cell


def cost_change(board: tuple, action: Action) -> int:
    """How the board cost changes by the action, without building the board."""
    change = CELL_COST[resulting_cell(board, action)] - CELL_COST[board[action.source]]
    if action.captured is not None:
        change -= CELL_COST[board[action.captured]]
    return change


def apply_action(board: tuple, action: Action) -> tuple:
    cells = list(board)
    cells[action.target] = resulting_cell(board, action)
    cells[action.source] = EMPTY
    if action.captured is not None:
        cells[action.captured] = EMPTY
    return tuple(cells)


def format_board(board: tuple) -> str:
    """The 17 lines of a board (column header, rows with separators)."""
    separator = "   +---+---+---+---+---+---+---+---+\n"
    lines = ["     A   B   C   D   E   F   G   H\n", separator]
    for row in range(SIZE):
        cells = " | ".join(board[row * SIZE:(row + 1) * SIZE])
        lines.append(f" {row + 1} | {cells} |\n")
        lines.append(separator)
    return "".join(lines)


def format_setup(board: tuple) -> str:
    black = sum(1 for cell in board if OWNER.get(cell) == BLACK)
    white = sum(1 for cell in board if OWNER.get(cell) == WHITE)
    return (f"BOARD SIZE: {SIZE}x{SIZE}\n#BLACK PIECES: {black}\n"
            f"#WHITE PIECES: {white}\n" + format_board(board))


def format_action(board_after: tuple, number: int, text: str,
                  computed: bool) -> str:
    """Delimiter, action line, cost line and the board after the action.
    Odd action numbers are black's, even ones white's."""
    side_name = SIDE_NAMES[(number - 1) % 2]
    marker = "*** " if computed else ""
    return ("=" * 37 + "\n"
            f"{marker}{side_name} ACTION #{number}: {text}\n"
            f"BOARD COST: {board_cost(board_after)}\n" + format_board(board_after))
