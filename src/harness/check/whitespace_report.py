"""A failed case whose stdout (or output.txt) differs from the expected
one in white space (harness.check.whitespace): only in white space, a
symptom of its own and a line in its report naming the first such line,
or, with --compare whitespace, a pass that says so; first in white space
and then in more, the report names and shows the first difference that is
not white space, and says that white space differs too. Only failures are
looked at, and only where stdout is compared byte for byte (a judge
tolerates spacing itself)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from harness.cases import Case
from harness.check import whitespace
from harness.check.compare import Actual, Comparison, Settings, compare, show_diff, where_is_line
from harness.check.symptom import FLOOD


@dataclass
class WhitespaceOutcome:
    """What the white space check found: PASSED (with --compare
    whitespace), the report now, the kind and its phrase ("" when stdout
    does not differ only in white space), and the line where stdout first
    differs in more than white space (None when it does not)."""

    passed: bool
    report: bytes
    kind: str = ""
    phrase: str = ""
    line: Optional[int] = None


def visible_line(data: bytes, line: int) -> bytes:
    """Line LINE of DATA between quotes, a tab as \\t and a CR as \\r, or (none)."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if line > len(lines):
        return b"(none)"
    return b'"' + lines[line - 1].replace(b"\t", b"\\t").replace(b"\r", b"\\r") + b'"'


def _lines(report: bytes) -> list[bytes]:
    lines = report.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def _note(report: bytes, after: bytes, text: str, line: int, expected: bytes, actual: bytes) -> bytes:
    """TEXT and line LINE of both outputs under the first line of REPORT
    matching AFTER."""
    lines = _lines(report)
    for index, current in enumerate(lines):
        if re.match(after, current):
            lines[index] = b"\n".join([current, text.encode(),
                                       b"  expected line %d: " % line + visible_line(expected, line),
                                       b"  actual line %d:   " % line + visible_line(actual, line)])
            break
    return b"".join(current + b"\n" for current in lines)


def _mixed(case: Case, actual: Actual, report: bytes, found: whitespace.Finding, settings: Settings) -> bytes:
    """The report of a stdout that differs first in white space and then
    in more: the first difference that is not white space named, the white
    space too, stdout's diff ignoring white space."""
    shifted = "" if found.real_actual == found.real_expected else \
        f" (line {found.real_actual} of the program's output)"
    lines = _lines(report)
    kept: list[bytes] = []
    index = 0
    for index, current in enumerate(lines):
        if current.startswith(b"stdout: "):
            where = where_is_line(case.path(".out"), found.real_expected, settings.game)
            kept.append(f"stdout: first difference that is not white space at line {found.real_expected}"
                        f"{shifted}, in {where}".encode())
            kept.append(f"stdout: white space differs too, first: {found.words}".encode())
        elif current == b"diff -u of stdout:":
            break
        else:
            kept.append(current)
    else:
        index = len(lines)
    text = b"".join(current + b"\n" for current in kept)
    text += show_diff(case.path(".out"), actual.path(".out"), "stdout", "-w", "-B")
    for at in range(index, len(lines)):
        if lines[at] == b"diff -u of stderr:":
            text += b"".join(current + b"\n" for current in lines[at:])
            break
    return text


def check_whitespace(case: Case, expected_out: bytes, actual: Actual, settings: Settings, compared: Comparison,
                     accept: bool) -> WhitespaceOutcome:
    """After COMPARED found the run failing: the white space findings;
    with ACCEPT (--compare whitespace) a stdout that differs only in white
    space counts as the expected one, and the case is compared again."""
    report, first = compared.report, compared.first_difference
    if first is None or actual.status == FLOOD or whitespace.token_first(expected_out, actual.out):
        return WhitespaceOutcome(False, report, line=first)
    found = whitespace.difference(expected_out, actual.out)
    if found is None:
        return WhitespaceOutcome(False, report, line=first)
    if found.mixed:
        return WhitespaceOutcome(False, _mixed(case, actual, report, found, settings), line=found.real_expected)
    if accept:
        again = compare(case, expected_out, actual, settings, stdout_same=True)
        if again.passed:
            return WhitespaceOutcome(True, b"", found.kind, found.phrase)
        report = _note(again.report, rb"rerun: ",
                       f"stdout: differs only in white space, which --compare whitespace accepts: {found.words}",
                       found.line, expected_out, actual.out)
        return WhitespaceOutcome(False, report, found.kind, found.phrase)
    report = _note(report, rb"stdout: ", f"stdout differs only in white space: {found.words}", found.line,
                   expected_out, actual.out)
    return WhitespaceOutcome(False, report, found.kind, found.phrase)
