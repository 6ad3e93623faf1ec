"""changes.py -- the marking's memory (scripts/mark --resume): each row's
final mark against the one the class's marks.csv held before this run.
A mark that changed gets `previous_final` (the old final mark) and
`mark_change`, the sentence that says why, for the student: the cases
that made the difference (its regrade.tsv, harness.mark.cli.regrade: a
case added, one whose expected result changed and now gets another
verdict, one removed), and the scheme when it changed; a mark that did not
change keeps what the last change recorded (empty after a first marking).
A run without --resume starts afresh: both empty."""

from __future__ import annotations

import csv
import json
import os
from decimal import Decimal, InvalidOperation

from harness import paths

from .marks import short

COLUMNS = ("previous_final", "mark_change")
REGRADE = "regrade.tsv"


def previous_rows(out: str) -> dict[str, dict[str, str]]:
    """{name: row} of OUT/marks.csv as it was (read by its header's names); {} without one."""
    try:
        with open(os.path.join(out, "marks.csv"), encoding="utf-8", newline="") as handle:
            return {row["name"]: row for row in csv.DictReader(handle) if row.get("final_mark")}
    except (OSError, KeyError):
        return {}


def previous_scheme(out: str) -> dict | None:
    """OUT/marks.json's scheme as it was; None without one."""
    try:
        with open(os.path.join(out, "marks.json"), encoding="utf-8") as handle:
            return json.load(handle).get("scheme")
    except (OSError, ValueError, AttributeError):
        return None


def read_regrade(base: str) -> list[dict[str, str]]:
    """BASE/regrade.tsv's rows (case, change, verdict_before, verdict_after); [] without one."""
    try:
        with open(os.path.join(base, REGRADE), encoding="utf-8", newline="") as handle:
            return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    except OSError:
        return []


def what_it_checks(program: str, case: str) -> str:
    """The first line of the case's reason in the corpus ("" when it is gone)."""
    try:
        text = (paths.TESTDATA / program / f"{case}.reason").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return text.strip().split("\n")[0]


VERDICT_WORDS = {"pass": "passes", "fail": "fails", "unstable": "does not give the same result twice on"}


def case_words(program: str, row: dict[str, str]) -> str | None:
    """A case's change in the student's words; None when it made no difference."""
    case, change = row["case"], row["change"]
    after = VERDICT_WORDS.get(row["verdict_after"], "fails")
    checks = what_it_checks(program, case)
    checks = f": it checks {checks[0].lower() + checks[1:]}" if checks else ""
    if change == "added":
        return f"case {case} was added (your program {after} it{checks})"
    if change == "removed":
        before = "passed" if row["verdict_before"] == "pass" else "failed"
        return f"case {case} was removed (your program had {before} it)"
    if row["verdict_before"] == row["verdict_after"]:
        return None
    return f"the expected result of case {case} changed (your program now {after} it{checks})"


def sentence(before: str, after: str, causes: list[str]) -> str:
    """"Your mark changed from 14 to 13 because ..."."""
    because = "; ".join(causes) if causes else "it was marked again (its files or the marking's other inputs changed)"
    return f"Your mark changed from {before} to {after} because {because}."


def remember(rows: list[dict], out: str, program: str, scheme_now: dict) -> None:
    """Each of ROWS given previous_final and mark_change (COLUMNS), against
    OUT's marks.csv and marks.json as they were, before they are written."""
    old, old_scheme = previous_rows(out), previous_scheme(out)
    scheme_changed = old_scheme is not None and json.dumps(old_scheme, sort_keys=True) != json.dumps(
        scheme_now, sort_keys=True)
    for row in rows:
        before = old.get(row["name"])
        row.update(previous_final="", mark_change="")
        if before is None:
            continue
        now = "%s" % row["final_mark"]
        if before["final_mark"] == now:
            row.update((column, before.get(column, "")) for column in COLUMNS)
            continue
        causes = [words for words in (case_words(program, change) for change in read_regrade(row["_base"]))
                  if words]
        if scheme_changed:
            causes.append("the marking scheme changed")
        row.update(previous_final=before["final_mark"],
                   mark_change=sentence(short_text(before["final_mark"]), short_text(now), causes))


def short_text(mark: str) -> str:
    """A mark as marks.csv holds it, short: 14, 13.5."""
    try:
        return short(Decimal(mark))
    except InvalidOperation:
        return mark


def fresh(rows: list[dict]) -> None:
    """A run without --resume: no memory."""
    for row in rows:
        row.update(previous_final="", mark_change="")

