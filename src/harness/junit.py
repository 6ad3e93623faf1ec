"""junit.py -- the package's JUnit writer (check-engine's junit.xml, mark's
per-submission junit.xml): the same bytes as src/golden/junit.awk, the
golden suites' writer (bats' TAP turned into test cases), so that every
report has one form; test_junit holds the two equal.

Control characters other than newline and tab are dropped (XML 1.0 cannot
carry them); the rest is escaped."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable

VERDICTS = ("pass", "fail", "skip")
_CONTROL = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class TestCase:
    """One test case: its classname and name, its verdict (pass, fail or
    skip), the failure's or skip's one-line message, and its text (a
    failure's report, a pass's output)."""

    classname: str
    name: str
    verdict: str
    message: str = ""
    text: str = ""

    __test__ = False  # (not a test of pytest's)


def file_text(path: Path) -> str:
    """A file's content as a case's text: every line ended by a newline."""
    try:
        data = Path(path).read_bytes().decode("utf-8", "surrogateescape")
    except FileNotFoundError:
        return ""
    lines = data.split("\n")
    if data.endswith("\n"):
        lines.pop()
    return "".join(line + "\n" for line in lines) if data else ""


def xml(text: str) -> str:
    text = _CONTROL.sub("", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def number(seconds: float) -> str:
    """SECONDS as awk prints a number: an integer bare, else %.6g."""
    return str(int(seconds)) if float(seconds).is_integer() else f"{seconds:.6g}"


def _case(case: TestCase) -> str:
    head = f'  <testcase classname="{xml(case.classname)}" name="{xml(case.name)}"'
    if case.verdict == "fail":
        return f'{head}>\n    <failure message="{xml(case.message)}">{xml(case.text)}</failure>\n  </testcase>\n'
    if case.verdict == "skip":
        return f'{head}>\n    <skipped message="{xml(case.message)}"/>\n  </testcase>\n'
    if case.text:
        return f"{head}>\n    <system-out>{xml(case.text)}</system-out>\n  </testcase>\n"
    return head + "/>\n"


def report(suite: str, cases: Iterable[TestCase], seconds: float = 0) -> str:
    """The JUnit XML of CASES in the suite SUITE."""
    cases = list(cases)
    for case in cases:
        if case.verdict not in VERDICTS:
            raise ValueError(f"{case.name}: verdict {case.verdict!r} is none of {', '.join(VERDICTS)}")
    failures = sum(case.verdict == "fail" for case in cases)
    skips = sum(case.verdict == "skip" for case in cases)
    counts = f'tests="{len(cases)}" failures="{failures}" errors="0" skipped="{skips}" time="{number(seconds)}"'
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f"<testsuites {counts}>\n<testsuite name=\"{xml(suite)}\" {counts}>\n"
            + "".join(_case(case) for case in cases) + "</testsuite>\n</testsuites>\n")


def write(out: BinaryIO | Path, suite: str, cases: Iterable[TestCase], seconds: float = 0) -> None:
    """OUT (a path or a binary file): the report, UTF-8, undecodable bytes
    of the texts kept as they were read."""
    data = report(suite, cases, seconds).encode("utf-8", "surrogateescape")
    if isinstance(out, Path):
        out.write_bytes(data)
    else:
        out.write(data)
