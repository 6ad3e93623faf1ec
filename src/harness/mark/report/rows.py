"""rows.py -- scripts/mark's rows: what its workers left in
DIR/submissions/*/ (result.tsv, check/results.tsv, the failure reports, the
Valgrind logs), read into one dict per submission, and the class's pass
rate per category. Used by the rest of the package.
"""

import csv
import os
import re

from harness.mark.result_file import NOT_MARKED, read_result

# What else a submission holds (src/harness/mark/deliverables.py), as mark-one
# found it: empty where the program's handout asks for none of it.
DELIVERABLES = ("authorship", "authorship_detail", "handed_output", "handed_output_detail", "handed_input",
                "readme", "readme_detail")


def read_csv_rows(path, error):
    """Every row of the CSV file PATH (a spreadsheet's byte-order mark
    dropped), header first; raises ERROR, for people, when it cannot be
    read or is empty."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            rows = list(csv.reader(f))
    except OSError as problem:
        raise error("cannot read %s: %s" % (path, problem.strerror)) from None
    if not rows:
        raise error("%s is empty" % path)
    return rows


def read_tsv_rows(path):
    """The rows of the TSV file PATH, as dicts keyed by its header line's
    names (a column is found by its name, never by its number)."""
    with open(path, encoding="utf-8", errors="replace", newline="") as f:
        lines = f.read().split("\n")
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]


# intake.tsv's escapes (src/harness/mark/intake/__main__.py, escape): \t, \n, \r, \\.
INTAKE_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}


def read_intake(out):
    """{name: row} of OUT/intake.tsv (the attempt each student is marked
    on), its cells unescaped; {} when there is none."""
    path = os.path.join(out, "intake.tsv")
    if not os.path.isfile(path):
        return {}
    rows = [{key: re.sub(r"\\(.)", lambda m: INTAKE_ESCAPES.get(m.group(1), m.group(0)), value)
             for key, value in row.items()} for row in read_tsv_rows(path)]
    return {row["name"]: row for row in rows}


def read_text(path, limit=None):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return ""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "\n... (cut; the whole file is linked above)\n"
    return text


def load_submission(out, folder, name, categories, cases):
    """The row of one submission, from its result.tsv (or, when missing,
    the row of a submission the run did not mark)."""
    base = os.path.join(out, "submissions", folder)
    row = {
        "name": name, "folder": folder, "state": "error", "compiled": "no",
        "warnings": 0, "errors": 0, "passed": 0, "total": sum(t for _, t in categories),
        "crashes": 0, "hangs": 0, "memcheck": "not run", "memcheck_cases": 0,
        "memcheck_findings": 0, "seconds": 0.0, "host": "",
        "reason": "not marked: the run was interrupted or its worker failed "
                  "(the same command with --resume marks it)",
        "categories": {c: {"passed": 0, "total": t} for c, t in categories},
    }
    row.update((key, "") for key in DELIVERABLES)
    result = os.path.join(base, "result.tsv")
    done = os.path.join(base, "done")
    if os.path.isfile(result) and os.path.isfile(done):
        read = read_result(result)
        for category, (passed, total) in read.categories.items():
            if category in row["categories"]:
                row["categories"][category] = {"passed": passed, "total": total}
        for key, value in read.fields.items():
            if key in ("warnings", "errors", "passed", "total", "crashes", "hangs",
                       "memcheck_cases", "memcheck_findings"):
                row[key] = int(value)
            elif key == "seconds":
                row[key] = float(value)
            elif key in ("state", "compiled", "memcheck", "host", "reason") + DELIVERABLES:
                row[key] = value
    row["percent"] = round(100.0 * row["passed"] / row["total"], 1) if row["total"] else 0.0
    # Each case's verdict, symptom and report (for the page and JUnit).
    verdicts = {}
    results = os.path.join(base, "check", "results.tsv")
    if os.path.isfile(results):
        for fields in read_tsv_rows(results):
            if fields.get("verdict"):
                verdicts[fields["case"]] = (fields["verdict"], fields.get("symptom", ""))
    row["_verdicts"] = verdicts
    row["_base"] = base
    return row


def report_path(base, case_id):
    """The failure report of a case, relative to the submission's folder
    (check/3: a regrade's runs, harness.mark.cli.regrade)."""
    for run in ("1", "2", "3"):
        rel = os.path.join("check", run, "failures", case_id + ".txt")
        if os.path.isfile(os.path.join(base, rel)):
            return rel
    return None


def memcheck_findings(base):
    """(case, summary, log path relative to the submission) per finding,
    from check-engine's memcheck.tsv (the memory check runs in check/2)."""
    found = []
    path = os.path.join(base, "check", "2", "memcheck.tsv")
    if not os.path.isfile(path):
        return found
    for fields in read_tsv_rows(path):
        case, verdict, summary, log = (fields.get(k, "") for k in ("case", "verdict", "summary", "log"))
        if verdict != "findings":
            continue
        if not log or not os.path.isfile(os.path.join(base, log)):
            log = None
        found.append((case, summary, log))
    return found



def public(row):
    return {k: v for k, v in row.items() if not k.startswith("_") and k != "host"}


def class_rates(rows, categories):
    """Per category: the class's passed / total over the submissions that
    produced a program (one that does not compile fails every category
    alike, and would hide which part the class got wrong)."""
    rates = {}
    ran = [r for r in rows if r["compiled"] in ("yes", "binary", "interpreted") and r["state"] not in NOT_MARKED]
    for c, _ in categories:
        passed = sum(r["categories"][c]["passed"] for r in ran)
        total = sum(r["categories"][c]["total"] for r in ran)
        rates[c] = {"passed": passed, "total": total,
                    "percent": round(100.0 * passed / total, 1) if total else 0.0}
    return rates, len(ran)


