"""check's junit.xml: a testcase per row of results.tsv (classname
PROGRAM.CATEGORY, name the case), a failure's text its report
(OUTPUT/failures/ID.txt), written by the project's one JUnit writer,
src/golden/junit.awk (the golden suites' and mark's too), from the cases
as its input lines (was results-cases.awk)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Sequence

from harness import paths
from harness.cases import ResultRow

WRITER = paths.SRC / "golden" / "junit.awk"


def field(text: str) -> str:
    """TEXT as a field of junit.awk's input: backslash, tab and newline escaped."""
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def case_lines(rows: Sequence[ResultRow], program: str, reports: Path) -> str:
    """junit.awk's input: classname, name, verdict, message, text, and a
    failure's report as the file of its text."""
    lines = []
    for row in rows:
        verdict = "pass" if row.passed else "fail"
        report = str(reports / f"{row.case}.txt") if verdict == "fail" else ""
        lines.append(f"{field(program + '.' + row.category)}\t{field(row.case)}\t{verdict}\t{field(row.symptom)}"
                     f"\t\t{report}\n")
    return "".join(lines)


def write_junit(path: Path, rows: Sequence[ResultRow], program: str, suite: str, reports: Path) -> None:
    """PATH: the JUnit report of ROWS in the suite SUITE."""
    with open(path, "wb") as report:
        subprocess.run(["awk", "-F", "\t", "-v", f"suite={suite}", "-f", str(WRITER)],
                       input=case_lines(rows, program, reports).encode("utf-8", "surrogateescape"),
                       stdout=report, check=True)
