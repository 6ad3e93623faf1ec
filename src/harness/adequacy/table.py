"""table.py -- what the runs say of the corpus: a row per fault (how many
cases catch it, and the one case that alone catches it), written as
P.tsv, and the summary the page shows. "What a case checks" is
approximated by the faults it catches: a case that catches none differs
from no other such case in that respect, and nothing more is claimed."""

from __future__ import annotations

import csv
import dataclasses
from pathlib import Path

from harness.cases import Case

COLUMNS = ("fault", "cases_failing", "only_case")


@dataclasses.dataclass(frozen=True)
class Row:
    fault: str
    cases_failing: int
    only_case: str  # the case that alone catches the fault, else ""


@dataclasses.dataclass(frozen=True)
class IdleCase:
    """A case that catches no fault: its id, category and reason."""

    id: str
    category: str
    reason: str


@dataclasses.dataclass(frozen=True)
class Summary:
    rows: list[Row]
    cases: int                   # the cases checked
    uncaught: list[str]          # the faults no case catches
    alone: list[Row]             # the faults one case alone catches
    idle: list[IdleCase]         # the cases that catch no fault


def rows(caught: dict[str, list[str]]) -> list[Row]:
    """A row per fault, in the catalogue's order."""
    return [Row(fault, len(ids), ids[0] if len(ids) == 1 else "") for fault, ids in caught.items()]


def write_tsv(path: Path, table: list[Row]) -> None:
    """The rows under a header naming COLUMNS, tab-separated."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_NONE)
        out.writerow(COLUMNS)
        for row in table:
            out.writerow([row.fault, row.cases_failing, row.only_case])


def summarize(cases_dir: str, ids: list[str], caught: dict[str, list[str]]) -> Summary:
    table = rows(caught)
    catching = {case_id for found in caught.values() for case_id in found}
    idle = []
    for case_id in ids:
        if case_id not in catching:
            case = Case(Path(cases_dir), case_id)
            idle.append(IdleCase(case_id, case.category, case.reason()))
    return Summary(table, len(ids), [row.fault for row in table if row.cases_failing == 0],
                   [row for row in table if row.cases_failing == 1], idle)
