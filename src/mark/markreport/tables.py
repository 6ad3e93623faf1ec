"""tables.py -- the report's data for programs, marks.csv and marks.json,
and the lines printed for people: one per submission and the class's
summary line, last.
"""

import csv
import json
import os

from .pages import memcheck_text
from .rows import public


def csv_header(categories):
    header = ["name", "compiled", "warnings"]
    for c, _ in categories:
        header += [c + "_passed", c + "_total"]
    header += ["passed", "total", "percent", "memcheck", "memcheck_findings", "memcheck_cases",
               "crashes", "hangs", "seconds", "state", "folder", "reason"]
    return header


def csv_row(row, categories):
    values = [row["name"], row["compiled"], row["warnings"]]
    for c, _ in categories:
        values += [row["categories"][c]["passed"], row["categories"][c]["total"]]
    values += [row["passed"], row["total"], "%.1f" % row["percent"], row["memcheck"],
               row["memcheck_findings"], row["memcheck_cases"], row["crashes"], row["hangs"],
               "%.1f" % row["seconds"], row["state"], row["folder"], row["reason"]]
    return values


def write_marks(out, rows, categories, rates, args):
    """OUT/marks.csv and OUT/marks.json."""
    with open(os.path.join(out, "marks.csv"), "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(csv_header(categories))
        for r in rows:
            writer.writerow(csv_row(r, categories))
    document = {
        "program": args.program, "profile": args.profile, "compile": args.compile,
        "memcheck_per_category": args.memcheck,
        "categories": [{"name": c, "total": t} for c, t in categories],
        "class_pass_rate": rates,
        "submissions": [public(r) for r in rows],
    }
    with open(os.path.join(out, "marks.json"), "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1, ensure_ascii=False)
        f.write("\n")


def summary_lines(rows):
    """A line per submission, then the class's summary line."""
    width = max([len(r["name"]) for r in rows] + [10])
    for r in rows:
        yield ("  %-*s  %-12s %5d/%-5d %3d warnings  memcheck %-14s %s"
               % (width, r["name"], r["state"], r["passed"], r["total"], r["warnings"], memcheck_text(r),
                  r["reason"][:100]))
    states = {}
    for r in rows:
        states[r["state"]] = states.get(r["state"], 0) + 1
    full = sum(1 for r in rows if r["total"] and r["passed"] == r["total"])
    passed = sum(r["passed"] for r in rows)
    total = sum(r["total"] for r in rows)
    yield ("mark: %d submissions: %s; %d with every case passed; class pass rate %.1f%%"
           % (len(rows), ", ".join("%d %s" % (n, s) for s, n in sorted(states.items())), full,
              100.0 * passed / total if total else 0.0))
