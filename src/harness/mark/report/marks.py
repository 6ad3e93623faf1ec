"""marks.py -- from cases passed to marks: each row's parts by the scheme,
its mark, the late penalty and the final mark, never below zero; and the
class's distribution of final marks for the histogram.
"""

from decimal import Decimal

from .deductions import apply_overrides, deduct
from .scheme import ROUNDING_WORDS, rounded, score_parts

# The histogram's bars: this many equal ranges of the final mark.
HISTOGRAM_BINS = 10


def mark_row(row, scheme, owner, lateness, manual):
    """Adds to ROW: parts, mark, max_mark, submitted, submitted_from,
    deadline, late_days, late_penalty, deduction (the scheme's deductions),
    final_mark, marks_note, the attempt marked (attempt, attempts,
    attempt_rule: ROW's _taken); the facts set by hand into it."""
    verdicts = {case: verdict for case, (verdict, _) in row["_verdicts"].items()}
    apply_overrides(row, manual.get(row["name"], {}))
    parts = score_parts(scheme, owner, verdicts, manual.get(row["name"], {}))
    mark = rounded(sum((p["score"] for p in parts), Decimal(0)))
    row.update(parts=parts, mark=mark, max_mark=rounded(sum((p["max_score"] for p in parts), Decimal(0))))
    taken = row.get("_taken") or {}
    row.update(lateness.assess(row.get("_files_time", ""), taken))
    row.update(attempt=int(taken.get("attempt") or 0) or "", attempts=int(taken.get("attempts") or 0) or "",
               attempt_rule=taken.get("attempt_rule", ""))
    deduction, notes = deduct(row, scheme.get("deductions", []))
    row["deduction"] = rounded(deduction)
    row["final_mark"] = max(rounded(0), rounded(mark - row["deduction"] - row["late_penalty"]))
    missing = [p["name"] for p in parts if p["kind"] == "manual" and not p["given"]]
    if missing:
        notes.append("no manual mark for %s (counted 0)" % ", ".join(missing))
    if row["submitted_from"] == "files" and lateness.deadline:
        notes.append("submitted: the files' newest time (not in --submitted)")
    if taken.get("deadline_from") == "extension":
        notes.append("extension to %s" % row["deadline"])
    if row["late_days"]:
        notes.append("%d day%s late: -%s" % (row["late_days"], "" if row["late_days"] == 1 else "s",
                                             row["late_penalty"]))
    if row.get("state") == "stopped":  # (the build stopped twice by a signal: no mark of the program's)
        notes.insert(0, "not marked: the build was stopped by the marker, not by the student's code; "
                        "mark again (--resume)")
    row["marks_note"] = "; ".join(notes)


def mark_rows(rows, scheme, owner, lateness, manual):
    for row in rows:
        mark_row(row, scheme, owner, lateness, manual)


def histogram(rows):
    """The final marks in HISTOGRAM_BINS equal ranges of 0..max_mark (the
    top range closed): [{"low", "high", "count"}]."""
    maximum = max((r["max_mark"] for r in rows), default=Decimal(0))
    if maximum <= 0:
        return []
    width = maximum / HISTOGRAM_BINS
    bins = [{"low": rounded(width * i), "high": rounded(width * (i + 1)), "count": 0}
            for i in range(HISTOGRAM_BINS)]
    for b in bins:
        b["label"] = short(b["low"])
    bins[-1]["end_label"] = short(bins[-1]["high"])
    for r in rows:
        index = min(int(r["final_mark"] / width), HISTOGRAM_BINS - 1)
        bins[index]["count"] += 1
    return bins


def short(mark):
    """A mark for an axis: 2, 2.5, 2.25, not 2.00."""
    return ("%.2f" % mark).rstrip("0").rstrip(".")


def scheme_document(scheme, lateness):
    """The scheme and the lateness rules, for marks.json."""
    return {
        "file": scheme["file"], "rounding": ROUNDING_WORDS,
        "parts": [{"name": p["name"], "description": p["description"], "marks": float(p["marks"]),
                   "credit": p["credit"], "visibility": p["visibility"], "kind": p["kind"],
                   "cases": p["globs"]} for p in scheme["parts"]],
        "deductions": [{"name": d["name"], "marks": float(d["marks"]), "when": d["when"],
                        "description": d["description"]} for d in scheme.get("deductions", [])],
        "deadline": lateness.deadline.isoformat(timespec="seconds") if lateness.deadline else None,
        "late_penalty_per_day": float(lateness.per_day),
    }


def plain(value):
    """VALUE with every Decimal a float, for JSON."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value
