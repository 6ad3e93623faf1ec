"""results.tsv: the verdict of every case of a run, a line per case in the
corpus's order, under a header of column names (written by harness.check).
This is its one reader and its one writer: a column is found by its name,
never by its place, and a file that lacks one is refused."""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Iterable, Mapping

from harness.cases.corpus import category_of

# The columns, in the order the writer puts them.
RESULTS_COLUMNS = ("case", "category", "verdict", "symptom", "code")
# The verdict besides pass and fail: not deterministic (a failing case run
# again gave another verdict, exit status or stdout: harness.check.stability).
UNSTABLE = "unstable"
# A case whose worker stopped before its verdict.
STOPPED_SYMPTOM, STOPPED_CODE = "no verdict (the worker stopped)", "stopped"


class ResultsError(ValueError):
    """A results.tsv that cannot be read as one: a column missing, a row
    of the wrong width, a cell that would break the format."""


@dataclass(frozen=True)
class ResultRow:
    """One case's verdict: pass, fail or unstable (not deterministic), and
    for a failure its symptom (in words, the same for every case that
    fails alike) and code."""

    case: str
    category: str
    verdict: str
    symptom: str = ""
    code: str = ""

    @property
    def passed(self) -> bool:
        return self.verdict == "pass"


@dataclass(frozen=True)
class Verdict:
    """What a worker says of one case (verdict, code, symptom)."""

    verdict: str
    code: str = ""
    symptom: str = ""


def rows_for(ids: Iterable[str], verdicts: Mapping[str, Verdict]) -> list[ResultRow]:
    """The rows of a run of IDS (in their order) from the workers'
    VERDICTS: a case without one failed, its worker stopped."""
    rows = []
    for case_id in ids:
        found = verdicts.get(case_id)
        if found is None:
            rows.append(ResultRow(case_id, category_of(case_id), "fail", STOPPED_SYMPTOM, STOPPED_CODE))
        else:
            rows.append(ResultRow(case_id, category_of(case_id), found.verdict, found.symptom, found.code))
    return rows


def write_results(path: Path | str, rows: Iterable[ResultRow]) -> None:
    """Writes PATH: the header, then a line per row. A cell holding a tab
    or a line end is refused: it would move every later column."""
    lines = ["\t".join(RESULTS_COLUMNS)]
    for row in rows:
        cells = [getattr(row, column) for column in RESULTS_COLUMNS]
        for column, cell in zip(RESULTS_COLUMNS, cells):
            if any(char in cell for char in "\t\n\r"):
                raise ResultsError(f"results.tsv: case {row.case}: its {column} holds a tab or a line end: {cell!r}")
        lines.append("\t".join(cells))
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_results(path: Path | str) -> list[ResultRow]:
    """The rows of PATH, each column read by its header's name (columns
    may come in any order, and more may follow); ResultsError naming the
    file for an empty one, a missing column or a row of another width."""
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise ResultsError(f"{path}: empty, not even a header ({', '.join(RESULTS_COLUMNS)})")
    header = lines[0].split("\t")
    missing = [column for column in RESULTS_COLUMNS if column not in header]
    if missing:
        raise ResultsError(f"{path}: no column {', '.join(missing)} in its header "
                           f"({', '.join(header)}); results.tsv has {', '.join(RESULTS_COLUMNS)}")
    where = {column: header.index(column) for column in RESULTS_COLUMNS}
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != len(header):
            raise ResultsError(f"{path}: line {number} has {len(cells)} cells, its header {len(header)}")
        rows.append(ResultRow(**{column: cells[index] for column, index in where.items()}))
    return rows


# (the dataclass's fields are the columns: a test holds the two together)
ROW_FIELDS = tuple(field.name for field in fields(ResultRow))
