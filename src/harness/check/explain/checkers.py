"""A checkers failure explained (was src/games/checkers-explain.awk): from
the reference's --explain lines (src/checkers/explain.h has the format),
the expected stdout and the program's, and STOP, the first line where the
two differ: why the reference chose its action where the program chose
another (its cost, a tie, the specified order), or which of the six
checks the reference applied first.

Each sentence is checked against what the program printed before it is
said: "another order" only where the check the program reported fails
too on that action (the board and cells the reference's checks name); a
refusal "with other words" only for a line that reads as an error (a win
line is a win, not a refusal); a tie "later in the specified order" only
where the reference searching to another depth (RERUN) does not choose
the program's action there; that depth is named only where the reference
at it prints all that the program printed; a choice the reference costs
otherwise is asked of the program's costs, their propagation and the
actions it finds below, all three (a program that jumps over empty cells
in its own tree costs the same boards the same way); where both chose
the same action, the difference is "in the board or the board cost" only
where both lines there are such lines (a win line after it is quoted)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Optional

MESSAGE = ("Source cell is outside of the board.", "Target cell is outside of the board.", "Source cell is empty.",
           "Target cell is not empty.", "Source cell holds opponent's piece/tower.", "Illegal action.")
_REFUSED = re.compile(r"^explain: (BLACK|WHITE) ACTION #[0-9]+ \(typed\) is refused")
_ACTION = re.compile(r"^explain: (BLACK|WHITE) ACTION #[0-9]+ \(")
_HEADER = re.compile(r"ACTION #[0-9]+:")
_ACTUAL_HEADER = re.compile(r"\*\*\* (BLACK|WHITE) ACTION #[0-9]+: ")
_CHECK_CELL = re.compile(r"^explain:   check ([12]), .*\(([A-Z][0-9]+) is (inside|outside)\)$")
_ROW = re.compile(r"^ ?([1-8]) \| (.*) \|$")
_WIN = re.compile(r"^ *(BLACK|WHITE) WIN")
_REFUSING = re.compile(r"error|illegal|invalid", re.IGNORECASE)
OWNERS = {"BLACK": "bB", "WHITE": "wW"}
OTHER_DEPTHS = (2, 4, 1)
_PLAYED = (re.compile(r"^=+$"), _HEADER, re.compile(r"^BOARD COST:"), re.compile(r"^ +(A   B|\+---)"),
           re.compile(r"^ ?[1-8] \|"))


def action_number(text: str) -> int:
    rest = text.split("#", 1)[1] if "#" in text else text
    digits = re.match(r"[0-9]*", rest).group()
    return int(digits) if digits else 0


@dataclass
class Explained:
    """The reference's explanation, read: per action number its side, its
    candidates in order with their costs, its choice; per refused action,
    its checks' lines."""

    side: dict[int, str] = field(default_factory=dict)
    candidates: dict[int, list[str]] = field(default_factory=dict)
    cost: dict[tuple[int, str], str] = field(default_factory=dict)
    chosen: dict[int, str] = field(default_factory=dict)
    refused: dict[int, str] = field(default_factory=dict)
    cells: dict[tuple[int, int], str] = field(default_factory=dict)


def read_explained(lines: list[str]) -> Explained:
    found = Explained()
    number, in_refused = 0, None
    for line in lines:
        if _REFUSED.match(line):
            number = action_number(line)
            found.refused[number] = ""
            found.side[number] = line.split()[1]
            in_refused = number
        elif _ACTION.match(line):
            number = action_number(line)
            found.side[number] = line.split()[1]
            found.candidates[number] = []
            in_refused = None
        elif line.startswith("explain:   check "):
            if in_refused is not None:
                found.refused[in_refused] += "explain:     " + line[len("explain:   "):] + "\n"
                named = _CHECK_CELL.match(line)
                if named:
                    found.cells[in_refused, int(named.group(1))] = named.group(2)
        elif line.startswith("explain:   "):
            words = line.split()
            found.candidates.setdefault(number, []).append(words[1] if len(words) > 1 else "")
            found.cost[number, words[1] if len(words) > 1 else ""] = words[3] if len(words) > 3 else ""
            if len(words) > 4 and words[4] in ("chosen", "chosen,"):
                found.chosen[number] = words[1]
    return found


def check_of(text: str) -> int:
    """The number (1..6) of an ERROR line's check, 0 when it is not one."""
    for number, message in enumerate(MESSAGE, start=1):
        if text == "ERROR: " + message:
            return number
    return 0


def direction(action: str) -> str:
    """NE, SE, SW, NW of an action such as F3-E4 (row 1 is the top row)."""
    columns = "ABCDEFGH"
    dc = (columns.find(action[3:4]) + 1 if action[3:4] else 0) - (columns.find(action[0:1]) + 1 if action[0:1] else 0)
    dr = _number(action[4:]) - _number(action[1:2])
    return ("N" if dr < 0 else "S") + ("E" if dc > 0 else "W")


def _number(text: str) -> int:
    digits = re.match(r"-?[0-9]*", text).group()
    return int(digits) if digits not in ("", "-") else 0


def played(text: str) -> bool:
    """Whether a line belongs to the boards of an action that was played."""
    return any(pattern.search(text) for pattern in _PLAYED)


def quoted(line: str) -> str:
    return f"`{line}`" if line else "nothing"


def board_before(lines: list[str], stop: int) -> dict[str, str]:
    """{cell: what it holds} of the last board printed before line STOP."""
    board: dict[str, str] = {}
    for line in lines[:stop - 1]:
        row = _ROW.match(line)
        if row:
            for column, held in zip("ABCDEFGH", row.group(2).split(" | ")):
                board[column + row.group(1)] = held.strip()
    return board


def check_fails(j: int, side: str, source: Optional[str], target: Optional[str],
                board: dict[str, str]) -> tuple[Optional[bool], str]:
    """Whether check J (3..6) fails on an action that an earlier check of
    3..5 refuses, by the board, and what shows it; None where the board
    cannot tell (a cell outside it, or not named)."""
    if j == 6:
        return True, "no legal action has an empty or opponent's source or an occupied target"
    cell = source if j in (3, 5) else target
    held = board.get(cell or "")
    if held is None:
        return None, ""
    shown = f"{cell} is empty" if held == "." else f"{cell} holds {held}"
    if j == 3:
        return held == ".", shown
    if j == 4:
        return held != ".", shown
    return held != "." and held not in OWNERS.get(side, ""), shown


class Explainer:
    def __init__(self, explained: Explained, expected: list[str], actual: list[str], stop: int,
                 rerun: Optional[Callable[[list[str]], list[str]]] = None) -> None:
        self.x, self.expected, self.actual, self.stop = explained, expected, actual, stop
        self.rerun = rerun
        self.out: list[str] = []

    def say(self, text: str) -> None:
        self.out.append("explain: " + text + "\n")

    def error(self, n: int, k: int, j: int, a: str) -> None:
        declined = a != "" and not played(a)
        stopped = len(self.actual) <= self.stop
        words = "`" + a + "`"
        if k > 0:
            self.say(f"the reference refuses ACTION #{n} with check {k} of six ({MESSAGE[k - 1]}): the checks "
                     "come in the specified order and the first that fails is reported:")
            self.out.append(self.x.refused.get(n, ""))
            self.say(self.at_refusal(n, k, j, a, stopped))
        elif j > 0 or declined:
            how = f" with check {j} ({MESSAGE[j - 1]})" if j > 0 else f" ({words})"
            self.say(f"this program refused ACTION #{n}{how}, which the reference accepts: all six checks pass")
        if k > 0 and declined and not stopped:
            more = len(self.actual) - self.stop
            self.say(f"  and it did not stop there: it printed {more} more line{'' if more == 1 else 's'}, "
                     "where the reference ends")
        elif k == 0 and declined and stopped:
            self.say("  and it stopped there")

    def at_refusal(self, n: int, k: int, j: int, a: str, stopped: bool) -> str:
        """What the program did where the reference refuses ACTION #N with
        check K: J, the check its line reports (0: none), A, its line."""
        if j > k:
            return self.later_check(n, k, j)
        if j > 0:
            return (f"this program reported check {j} ({MESSAGE[j - 1]}), but the reference's check {j} "
                    "passes here (above)")
        if a == "":
            if stopped:
                return f"this program stopped at ACTION #{n} too, but printed no error line"
            return f"this program printed an empty line where the reference refuses ACTION #{n}"
        if played(a):
            return "this program did not refuse the action: it played it"
        if _WIN.match(a):
            return (f"this program printed `{a}` where the reference refuses ACTION #{n}: it did not "
                    "refuse the action, it found the game over")
        if _REFUSING.search(a):
            return (f"this program refused ACTION #{n} too, at the same point, but with other words: "
                    f"`{a}` where the handout's is `ERROR: {MESSAGE[k - 1]}`")
        return f"this program printed `{a}` where the reference refuses ACTION #{n}: that is not an error line"

    def later_check(self, n: int, k: int, j: int) -> str:
        """The program reported check J where the reference's check K < J
        fails: another order only when check J fails on this action too."""
        said = f"this program reported check {j} ({MESSAGE[j - 1]}), which comes after check {k}"
        if k <= 2:
            cell = self.x.cells.get((n, k))
            return said if not cell else (f"{said}, but {cell} is outside the board and check {k} comes "
                                          f"first: does its check {k} test the right coordinate, and read "
                                          "the whole row number?")
        fails, detail = check_fails(j, self.x.side.get(n, ""), self.x.cells.get((n, 1)),
                                    self.x.cells.get((n, 2)), board_before(self.expected, self.stop))
        if fails is None:
            return said
        if fails:
            return f"{said}: it applies the checks in another order (check {j} fails here too: {detail})"
        return (f"{said}, but check {j} passes here ({detail}): does this program read the action, "
                "or the board, otherwise?")

    def list_candidates(self, n: int) -> None:
        names = self.x.candidates.get(n, [])
        text = ", ".join(f"{name} {self.x.cost.get((n, name), '')}" for name in names[:16])
        if len(names) > 16:
            text += ", ..."
        self.say("  the reference's candidates in the specified order, with their costs: " + text)

    def other_depth(self, header: int) -> int:
        """A depth other than 3 at which the reference, on the same input,
        prints the expected lines up to line HEADER, there the program's
        action line, and after it all the program printed (a program with
        another fault, whose choice at HEADER another depth happens to
        share, goes on otherwise within an action or a few: issue 41's
        jumps over empty cells); 0 when none does (or the reference cannot
        be asked)."""
        for depth in OTHER_DEPTHS if self.rerun is not None else ():
            lines = self.rerun(["--depth", str(depth)])
            if (len(lines) >= header and lines[header - 1] == self.actual[header - 1]
                    and lines[:header - 1] == self.expected[:header - 1]
                    and lines[:len(self.actual)] == self.actual):
                return depth
        return 0

    def choice(self, n: int, x: str, y: str, header: int) -> None:
        names = self.x.candidates.get(n, [])
        if not names:
            return
        best, side = self.x.cost.get((n, x), ""), self.x.side.get(n, "")
        if y == x:
            self.same_choice(n, x, best)
            return
        if (n, y) not in self.x.cost:
            self.say(f"reference chose {x} (cost {best}); this program chose {y}, which is not among the "
                     f"{len(names)} actions {side} may make here")
            self.list_candidates(n)
            return
        depth = self.other_depth(header)
        deeper = (f"the reference searching the tree to depth {depth}, not 3, chooses {y} here: does this "
                  "program search to another depth?")
        if self.x.cost[n, y] != best:
            self.say(f"reference chose {x} (cost {best}); this program chose {y}, which the reference costs "
                     f"{self.x.cost[n, y]} ({side} takes the {'highest' if side == 'BLACK' else 'lowest'} cost: "
                     "does this program cost the boards, propagate the costs up the tree, or find the actions "
                     "of the boards below, differently?)")
            if depth:
                self.say("  " + deeper)
            self.list_candidates(n)
            return
        tied = [name for name in names if self.x.cost.get((n, name)) == best]
        # (a tie explains the choice when the program keeps the last of the
        # tied, or takes the piece's directions in another order; otherwise,
        # where another depth chooses it, the tie is not why)
        last, same_piece = tied and y == tied[-1] and len(tied) > 2, x[:2] == y[:2]
        if depth and not (last or same_piece):
            self.say(f"reference chose {x} (cost {best}); this program chose {y}, whose cost is {best} too; "
                     + deeper)
            self.list_candidates(n)
            return
        self.say(f"reference chose {x} (cost {best}); this program chose {y}, which ties at {best} but comes "
                 "later in the specified order (cells row by row, directions NE, SE, SW, NW)")
        if same_piece:
            self.say(f"  {x} and {y} move the same piece: the reference tries {direction(x)} before "
                     f"{direction(y)}; does this program take the directions in another order?")
        if last:
            self.say(f"  {y} is the last of the {len(tied)} tied: does this program keep the last of equal "
                     "costs instead of the first?")
        if depth:
            self.say("  or: " + deeper)
        self.list_candidates(n)

    def same_choice(self, n: int, x: str, best: str) -> None:
        """Both chose X: the difference is in its board or cost only when
        both lines there are such lines (a win line after it is not)."""
        e, a = self.line(self.expected, self.stop), self.line(self.actual, self.stop)
        if played(e) and played(a):
            self.say(f"both chose {x} for ACTION #{n} (cost {best}); the difference is in the board or the "
                     "board cost printed after it")
            return
        self.say(f"both chose {x} for ACTION #{n} (cost {best}); then this program printed {quoted(a)} where "
                 f"the reference prints {quoted(e)}")

    def line(self, lines: list[str], number: int) -> str:
        return lines[number - 1] if 1 <= number <= len(lines) else ""

    def explain(self) -> list[str]:
        stop, expected = self.stop, self.expected
        e, a = self.line(expected, stop), self.line(self.actual, stop)
        header = 0
        for i in range(min(stop + 1, len(expected)), 0, -1):
            if _HEADER.search(expected[i - 1]):
                header = i
                break
        if check_of(e) or check_of(a) or (a.startswith("ERROR") and played(e)) or \
                (e.startswith("ERROR") and a != e):
            n = 1
            for i in range(stop - 1, 0, -1):
                if i <= len(expected) and _HEADER.search(expected[i - 1]):
                    n = action_number(expected[i - 1]) + 1
                    break
            self.error(n, check_of(e), check_of(a), a)
            return self.out
        if header == 0 or not expected[header - 1].startswith("*** "):
            return self.out
        n = action_number(expected[header - 1])
        x = expected[header - 1].rsplit(": ", 1)[-1]
        actual_header = self.line(self.actual, header)
        y = actual_header.rsplit(": ", 1)[-1] if _ACTUAL_HEADER.match(actual_header) else ""
        if y:
            self.choice(n, x, y, header)
        return self.out


def explain(explain_lines: list[str], expected: list[str], actual: list[str], stop: int,
            rerun: Optional[Callable[[list[str]], list[str]]] = None) -> list[str]:
    """The "explain: " lines (each ending in a newline), or none. RERUN:
    the reference's stdout lines run with other options (none: not asked)."""
    return Explainer(read_explained(explain_lines), expected, actual, stop, rerun).explain()
