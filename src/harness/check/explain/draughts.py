"""A draughts failure explained (was src/games/draughts-explain.awk): from
the reference's --explain lines (src/draughts/explain.h has the format),
the expected output and the program's, and STOP, the first line where the
two differ: the path of trace lines from the root to that line, and what
kind of difference it is."""

from __future__ import annotations

import re
from typing import Callable

_TRACE = re.compile(r"^(\|-)*(A1|B2|A3|B4): ")


def is_trace(text: str) -> bool:
    return bool(_TRACE.match(text))


def is_pruning(text: str) -> bool:
    return is_trace(text) and ": pruning " in text


def depth(text: str) -> int:
    d = 0
    while text[2 * d:2 * d + 2] == "|-":
        d += 1
    return d


def label(text: str) -> str:
    return re.sub(r"^(\|-)*", "", text)[:2]


def move_of(text: str) -> str:
    return re.sub(r"[;.].*", "", re.sub(r"^[^:]*: ", "", text, count=1), count=1)


def rest_of(text: str) -> str:
    return re.sub(r"^[^:]*: \([0-9],[0-9]\)=>\([0-9],[0-9]\)", "", text, count=1)


def bounds_of(text: str) -> str:
    return re.sub(r"\.$", "", re.sub(r".*; ", "", text, count=1), count=1)


def pruned_of(text: str) -> str:
    return re.sub(r"; alpha=.*", "", re.sub(r"^[^:]*: pruning ", "", text, count=1), count=1)


def squeeze(text: str) -> str:
    return re.sub(r"[ \t]", "", text)


class Explainer:
    def __init__(self, explain_lines: list[str], expected: list[str], actual: list[str], stop: int) -> None:
        self.blocks: list[str] = []
        for line in explain_lines:
            if line.startswith("explain: case "):
                self.blocks.append(line + "\n")
            elif self.blocks:
                self.blocks[-1] += line + "\n"
        self.expected, self.actual, self.stop = expected, actual, stop
        self.out: list[str] = []

    def say(self, text: str) -> None:
        self.out.append("explain: " + text + "\n")

    def e(self, number: int) -> str:
        return self.expected[number - 1] if 1 <= number <= len(self.expected) else ""

    def say_path(self) -> None:
        stop = self.stop
        case_line = next((i for i in range(stop, 0, -1) if self.e(i).startswith("case ")), 0)
        if case_line == 0:
            return
        self.say("where: " + self.e(case_line))
        need = depth(self.e(stop)) - 1 if is_trace(self.e(stop)) else -1
        path: dict[int, str] = {}
        found = 0
        i = stop - 1
        while i > case_line and need >= 0:
            line = self.e(i)
            if is_trace(line) and not is_pruning(line) and depth(line) == need:
                path[need] = line
                need -= 1
                found += 1
            i -= 1
        for k in range(found):
            self.say("  " + path.get(k, ""))
        if stop <= len(self.expected):
            self.say("  > " + self.e(stop) + "    (expected)")
        if stop <= len(self.actual):
            self.say("  > " + self.actual[stop - 1] + "    (this program)")

    def later_sibling(self, move: str) -> bool:
        d = depth(self.e(self.stop))
        i = self.stop + 1
        while i <= len(self.expected) and is_trace(self.e(i)) and depth(self.e(i)) >= d:
            if depth(self.e(i)) == d and not is_pruning(self.e(i)) and move_of(self.e(i)) == move:
                return True
            i += 1
        return False

    def kind(self, e: str, a: str) -> str:
        if self.stop > len(self.actual):
            return "this program's output ends here"
        if squeeze(e) == squeeze(a):
            return "the format: the same content, spaced differently"
        if e.startswith("first move:") or a.startswith("first move:"):
            return f"the root's choice: the reference's {e}, this program's {a}"
        if e.startswith("case ") or a.startswith("case "):
            return "a case header, or a case that starts too early or too late"
        if not is_trace(a):
            return "the format: this program's line is not a trace line (LABEL: (r,c)=>(r,c)...)"
        if not is_trace(e):
            return "this program's trace goes on where the reference's case ends"
        if is_pruning(e) and not is_pruning(a):
            return f"a missing pruning line: the reference prunes here ({bounds_of(e)}) and this program goes on"
        if not is_pruning(e) and is_pruning(a):
            return f"an extra pruning line: this program prunes ({bounds_of(a)}) where the reference goes on"
        if depth(e) != depth(a) or label(e) != label(a):
            return (f"the tree's shape: the reference's next line is at {label(e)}, this program's at {label(a)} "
                    "(a move or a terminal position seen differently)")
        if is_pruning(e):
            if pruned_of(e) != pruned_of(a):
                return "the pruned moves differ (the move order, or where the pruning starts)"
            return f"a value: the bounds differ, {bounds_of(e)} expected, {bounds_of(a)} here"
        me, ma = move_of(e), move_of(a)
        if me != ma:
            if self.later_sibling(ma):
                return f"the move order: this program takes {ma} before {me}, which the specified order puts first"
            return f"a move the reference does not make here: {ma} (the reference's is {me})"
        return f'a value: the same move, "{rest_of(e)}" expected, "{rest_of(a)}" here'

    def explain(self) -> list[str]:
        stop = self.stop
        e = self.e(stop)
        a = self.actual[stop - 1] if 1 <= stop <= len(self.actual) else ""
        self.say_path()
        self.say("the difference: " + self.kind(e, a))
        if e.startswith("first move:"):
            ordinal = sum(1 for i in range(1, stop + 1) if self.e(i).startswith("case "))
            if 1 <= ordinal <= len(self.blocks):
                self.out.append(self.blocks[ordinal - 1])
        return self.out


def explain(explain_lines: list[str], expected: list[str], actual: list[str], stop: int,
            rerun: Callable[[list[str]], list[str]] | None = None) -> list[str]:
    """The "explain: " lines (each ending in a newline); RERUN (the
    reference with other options) is not needed here."""
    del rerun
    return Explainer(explain_lines, expected, actual, stop).explain()
