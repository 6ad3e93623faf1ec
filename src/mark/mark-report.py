"""mark-report.py -- scripts/mark's report: from the rows its workers left in
DIR/submissions/*/result.tsv, writes DIR/marks.csv, DIR/marks.json, a JUnit
file per submission, the class page DIR/index.html and a page per
submission DIR/submissions/NAME/index.html. The pages are static HTML with
their style and script inline: no external asset, no network; they open
from the file system. Every text taken from a submission or a report is
escaped. Prints a line per submission and, last, the class's summary line.

usage: python3 src/mark/mark-report.py --output DIR --program P
       --profile PR --memcheck N --compile CMD
"""

import argparse
import csv
import json
import os
import subprocess
import sys

# The two modules beside this script; no __pycache__ left in the repository.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mark_html import class_page, memcheck_text, submission_page  # noqa: E402
from mark_rows import (class_rates, load_submission, memcheck_findings, public,  # noqa: E402
                       read_text, read_tsv_rows, report_path)


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


JUNIT_WRITER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "junit.awk")


def junit_field(text):
    """TEXT as a field of junit.awk's input: backslash, tab, newline escaped."""
    return str(text).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def junit_cases(row, cases, args):
    """The submission's test cases, as junit.awk reads them: the compile,
    every case (a failure's text is its report), the memory check."""
    base = row["_base"]
    program = args.program
    compile_text = read_text(os.path.join(base, "compile.txt"), 200000)
    compiled = row["compiled"] in ("yes", "binary")
    yield (program + ".compile", "compile", "pass" if compiled else "fail",
           "" if compiled else row["reason"], compile_text, "")
    for case_id in cases:
        category = case_id.split("/")[0]
        verdict, symptom = row["_verdicts"].get(case_id, ("not run", ""))
        if verdict == "pass":
            yield (program + "." + category, case_id, "pass", "", "", "")
        elif verdict == "not run":
            yield (program + "." + category, case_id, "fail", "not run: " + row["reason"], "", "")
        else:
            rel = report_path(base, case_id)
            text = read_text(os.path.join(base, rel)) if rel else ""
            yield (program + "." + category, case_id, "fail", symptom, text, "")
    if args.memcheck > 0:
        if row["memcheck"] == "clean":
            yield (program + ".memcheck", "memcheck", "pass", "", "", "")
        elif row["memcheck"] == "findings":
            found = "\n".join("%s: %s" % (c, s) for c, s, _ in memcheck_findings(base))
            yield (program + ".memcheck", "memcheck", "fail", "%d of %d cases with findings"
                   % (row["memcheck_findings"], row["memcheck_cases"]), found, "")
        else:
            yield (program + ".memcheck", "memcheck", "skip", "memcheck not run", "", "")


def write_junit(row, cases, args):
    """DIR/submissions/NAME/junit.xml, by the project's one JUnit writer."""
    lines = "".join("\t".join(junit_field(f) for f in case) + "\n"
                    for case in junit_cases(row, cases, args))
    suite = "%s (%s, profile %s)" % (row["name"], args.program, args.profile)
    with open(os.path.join(row["_base"], "junit.xml"), "w", encoding="utf-8") as out:
        subprocess.run(["awk", "-F", "\t", "-v", "suite=" + suite.replace("\\", "\\\\"),
                        "-v", "seconds=%.1f" % row["seconds"], "-f", JUNIT_WRITER],
                       input=lines.encode("utf-8"), stdout=out, check=True)


def main():
    parser = argparse.ArgumentParser(prog="src/mark/mark-report.py")
    parser.add_argument("--output", required=True)
    parser.add_argument("--program", required=True)
    parser.add_argument("--profile", required=True)
    parser.add_argument("--memcheck", type=int, default=0)
    parser.add_argument("--compile", default="")
    args = parser.parse_args()
    out = args.output
    categories = [(f[0], int(f[1])) for f in read_tsv_rows(os.path.join(out, "categories.tsv"))]
    with open(os.path.join(out, "cases.txt"), encoding="utf-8") as f:
        cases = [line for line in f.read().split("\n") if line]
    rows = [load_submission(out, f[0], f[1] if len(f) > 1 else f[0], categories, cases)
            for f in read_tsv_rows(os.path.join(out, "run.tsv"))]
    rates, counted = class_rates(rows, categories)

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
    for r in rows:
        os.makedirs(r["_base"], exist_ok=True)
        write_junit(r, cases, args)
        with open(os.path.join(r["_base"], "index.html"), "w", encoding="utf-8") as f:
            f.write(submission_page(r, categories, cases, args))
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(class_page(rows, categories, rates, counted, args))

    width = max([len(r["name"]) for r in rows] + [10])
    for r in rows:
        print("  %-*s  %-12s %5d/%-5d %3d warnings  memcheck %-14s %s"
              % (width, r["name"], r["state"], r["passed"], r["total"], r["warnings"], memcheck_text(r),
                 r["reason"][:100]))
    states = {}
    for r in rows:
        states[r["state"]] = states.get(r["state"], 0) + 1
    full = sum(1 for r in rows if r["total"] and r["passed"] == r["total"])
    passed = sum(r["passed"] for r in rows)
    total = sum(r["total"] for r in rows)
    print("mark: %d submissions: %s; %d with every case passed; class pass rate %.1f%%"
          % (len(rows), ", ".join("%d %s" % (n, s) for s, n in sorted(states.items())), full,
             100.0 * passed / total if total else 0.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
