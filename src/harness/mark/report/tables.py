"""tables.py -- the report's data for programs, marks.csv and marks.json,
and the lines printed for people: one per submission and the class's
summary line, last.
"""

import csv
import json
import os

from .marks import plain, scheme_document
from .pages import memcheck_text
from .rows import public

# The marking's columns, after the cases' (whose column numbers stay as
# they were): a score and a maximum per part, then these.
MARK_COLUMNS = ["mark", "max_mark", "submitted", "submitted_from", "late_days", "late_penalty",
                "final_mark", "marks_note", "deadline", "attempt", "attempts", "attempt_rule"]
# Then what else the submission holds (empty where the handout asks for
# none of it) and the marks the scheme's deductions took off for it.
DELIVERABLE_COLUMNS = ["authorship", "handed_output", "handed_input", "readme", "deduction"]
# Last, the marking's memory (--resume: report/changes.py): the final mark
# before the last change of it, and why it changed.
CHANGE_COLUMNS = ["previous_final", "mark_change"]


def csv_header(categories, scheme):
    header = ["name", "compiled", "warnings"]
    for c, _ in categories:
        header += [c + "_passed", c + "_total"]
    header += ["passed", "total", "percent", "memcheck", "memcheck_findings", "memcheck_cases",
               "crashes", "hangs", "seconds", "state", "folder", "reason"]
    for part in scheme["parts"]:
        header += [part["name"] + "_score", part["name"] + "_max"]
    return header + MARK_COLUMNS + DELIVERABLE_COLUMNS + CHANGE_COLUMNS


def csv_row(row, categories, scheme):
    values = [row["name"], row["compiled"], row["warnings"]]
    for c, _ in categories:
        values += [row["categories"][c]["passed"], row["categories"][c]["total"]]
    values += [row["passed"], row["total"], "%.1f" % row["percent"], row["memcheck"],
               row["memcheck_findings"], row["memcheck_cases"], row["crashes"], row["hangs"],
               "%.1f" % row["seconds"], row["state"], row["folder"], row["reason"]]
    scored = {p["name"]: p for p in row["parts"]}
    for part in scheme["parts"]:
        entry = scored.get(part["name"])
        values += [entry["score"], entry["max_score"]] if entry else ["", ""]
    return values + [row[column] for column in MARK_COLUMNS + DELIVERABLE_COLUMNS + CHANGE_COLUMNS]


def write_marks(out, rows, categories, rates, args, scheme, lateness):
    """OUT/marks.csv and OUT/marks.json."""
    with open(os.path.join(out, "marks.csv"), "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(csv_header(categories, scheme))
        for r in rows:
            writer.writerow(csv_row(r, categories, scheme))
    document = {
        "program": args.program, "profile": args.profile, "compile": args.compile,
        "memcheck_per_category": args.memcheck,
        "categories": [{"name": c, "total": t} for c, t in categories],
        "class_pass_rate": rates,
        "scheme": scheme_document(scheme, lateness),
        "submissions": [plain(public(r)) for r in rows],
    }
    with open(os.path.join(out, "marks.json"), "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1, ensure_ascii=False)
        f.write("\n")


def summary_lines(rows):
    """A line per submission, then the class's summary line."""
    width = max([len(r["name"]) for r in rows] + [10])
    for r in rows:
        yield ("  %-*s  %-12s %5d/%-5d mark %6s/%-4s %3d warnings  memcheck %-14s %s"
               % (width, r["name"], r["state"], r["passed"], r["total"], r["final_mark"], r["max_mark"],
                  r["warnings"], memcheck_text(r), r["reason"][:100]))
    states = {}
    for r in rows:
        states[r["state"]] = states.get(r["state"], 0) + 1
    full = sum(1 for r in rows if r["total"] and r["passed"] == r["total"])
    passed = sum(r["passed"] for r in rows)
    total = sum(r["total"] for r in rows)
    yield ("mark: %d submissions: %s; %d with every case passed; class pass rate %.1f%%"
           % (len(rows), ", ".join("%d %s" % (n, s) for s, n in sorted(states.items())), full,
              100.0 * passed / total if total else 0.0))
