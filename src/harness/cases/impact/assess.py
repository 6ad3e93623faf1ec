"""What the runs mean for the class: each submission's mark before and
after by the class's own scheme (harness.mark.report.scheme's
score_parts, as scripts/mark computes the mark: the sum of the rounded
parts, before deductions and lateness), the cases each fails, the
crashes and hangs; CLASSDIR/impact.tsv and the words printed."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import TextIO

from harness.cases.corpus import category_of
from harness.cases.impact.record import ClassRecord, Submission
from harness.cases.impact.runs import Outcome
from harness.mark.report.scheme import SchemeError, case_parts, rounded, score_parts

COLUMNS = ("name", "mark_before", "mark_after", "cases_failed")


@dataclass(frozen=True)
class Row:
    """One submission's impact: marks before and after, the cases it fails,
    and the runs that crashed or hung ({case: "crash" or "hang"})."""

    name: str
    mark_before: Decimal
    mark_after: Decimal
    cases_failed: tuple[str, ...]
    ended: dict[str, str]
    run: bool


def counted_owner(record: ClassRecord, ids: tuple[str, ...]) -> dict[str, str]:
    """The class's {case: part} with the cases of IDS the marking counts: a
    case it marked already, or a new one of a category it marked."""
    owner = dict(record.owner)
    new = [case for case in ids if case not in owner and category_of(case) in record.categories]
    try:
        owner.update(case_parts(record.scheme, new))
    except SchemeError as error:
        raise SchemeError(f"{error} (the class's scheme)") from None
    return owner


def mark_of(record: ClassRecord, owner: dict[str, str], verdicts: dict[str, str], submission: Submission) -> Decimal:
    """The mark by the scheme: the sum of the rounded parts (mark_row's)."""
    parts = score_parts(record.scheme, owner, verdicts, submission.manual)
    return rounded(sum((part["score"] for part in parts), Decimal(0)))


def assess(record: ClassRecord, ids: tuple[str, ...], runs: dict[str, dict[str, Outcome]]) -> list[Row]:
    """A row per submission, in the class's order."""
    after_owner = counted_owner(record, ids)
    rows = []
    for submission in record.submissions:
        outcomes = runs.get(submission.name, {})
        verdicts = dict(submission.verdicts)
        for case in ids:
            verdicts[case] = "pass" if outcomes.get(case, Outcome(False)).passed else "fail"
        failed = tuple(case for case in ids if verdicts[case] != "pass")
        ended = {case: outcome.ended for case, outcome in outcomes.items() if outcome.ended in ("crash", "hang")}
        rows.append(Row(submission.name, mark_of(record, record.owner, submission.verdicts, submission),
                        mark_of(record, after_owner, verdicts, submission), failed, ended,
                        submission.program is not None))
    return rows


def write_tsv(path: Path, rows: list[Row]) -> None:
    """PATH: a header naming COLUMNS, a line per submission."""
    with open(path, "w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_NONE, escapechar="\\")
        out.writerow(COLUMNS)
        for row in rows:
            out.writerow([row.name, row.mark_before, row.mark_after, " ".join(row.cases_failed)])


def tell(record: ClassRecord, ids: tuple[str, ...], rows: list[Row], kind: str, stream: TextIO) -> None:
    """The impact in words: per case how many fail it, the marks that
    change, the crashes and hangs, the submissions not run."""
    ran = [row for row in rows if row.run]
    stream.write(f"--- impact on the class {record.folder} ({len(rows)} submissions):\n")
    for case in ids:
        failing = sum(1 for row in ran if case in row.cases_failed)
        stream.write(f"the {kind} case {case} fails {failing} of {len(ran)} submissions\n")
        if case not in record.owner and category_of(case) not in record.categories:
            stream.write(f"  (the class was not marked on category {category_of(case)}: no mark counts it)\n")
    changed = [row for row in rows if row.mark_before != row.mark_after]
    stream.write(f"marks that would change: {len(changed) or 'none'}\n")
    for row in changed:
        stream.write(f"  {row.name}: {row.mark_before} -> {row.mark_after}\n")
    broken = [row for row in ran if row.ended]
    stream.write(f"crash or hang: {len(broken) or 'none'}\n")
    for row in broken:
        stream.write(f"  {row.name}: " + ", ".join(f"{how} on {case}" for case, how in row.ended.items()) + "\n")
    idle = [row.name for row in rows if not row.run]
    if idle:
        stream.write(f"not run (no program built): {', '.join(idle)}\n")
