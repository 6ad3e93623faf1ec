"""check's junit.xml: a testcase per row of results.tsv (classname
PROGRAM.CATEGORY, name the case), a failure's text its report
(OUTPUT/failures/ID.txt), in the form src/golden/junit.awk writes for
every other suite (the same bytes: a test holds the two together)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

from harness.cases import ResultRow

_CONTROL = re.compile(r"[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]")


def xml(text: str) -> str:
    """TEXT for XML 1.0: control characters but newline and tab dropped, the rest escaped."""
    text = _CONTROL.sub("", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _file_text(path: Path) -> str:
    """A file's lines, each ending in a newline (as awk's getline reads them); "" without it."""
    try:
        data = path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return "".join(line + "\n" for line in lines)


def junit_xml(rows: Sequence[ResultRow], program: str, suite: str, reports: Path) -> str:
    """The document for ROWS of PROGRAM's check in the suite SUITE."""
    failures = sum(1 for row in rows if not row.passed)
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n',
             f'<testsuites tests="{len(rows)}" failures="{failures}" errors="0" skipped="0" time="0">\n',
             f'<testsuite name="{xml(suite)}" tests="{len(rows)}" failures="{failures}" errors="0" skipped="0" '
             'time="0">\n']
    for row in rows:
        parts.append(f'  <testcase classname="{xml(program + "." + row.category)}" name="{xml(row.case)}"')
        if not row.passed:
            text = _file_text(reports / f"{row.case}.txt")
            parts.append(f'>\n    <failure message="{xml(row.symptom)}">{xml(text)}</failure>\n  </testcase>\n')
        else:
            parts.append("/>\n")
    parts.append("</testsuite>\n</testsuites>\n")
    return "".join(parts)


def write_junit(path: Path, rows: Sequence[ResultRow], program: str, suite: str, reports: Path) -> None:
    Path(path).write_text(junit_xml(rows, program, suite, reports), encoding="utf-8")
