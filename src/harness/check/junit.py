"""check's junit.xml: a testcase per row of results.tsv (classname
PROGRAM.CATEGORY, name the case), a failure's text its report
(OUTPUT/failures/ID.txt), written by the package's JUnit writer
(harness.junit, the same form as the golden suites')."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from harness import junit
from harness.cases import ResultRow


def test_cases(rows: Sequence[ResultRow], program: str, reports: Path) -> list[junit.TestCase]:
    """A test case per row, a failure's report as its text."""
    return [junit.TestCase(f"{program}.{row.category}", row.case, "pass" if row.passed else "fail",
                           "" if row.passed else row.symptom,
                           "" if row.passed else junit.file_text(reports / f"{row.case}.txt"))
            for row in rows]


def write_junit(path: Path, rows: Sequence[ResultRow], program: str, suite: str, reports: Path) -> None:
    """PATH: the JUnit report of ROWS in the suite SUITE."""
    junit.write(Path(path), suite, test_cases(rows, program, reports))
