"""result_row.py -- mark-one's tables: check-engine's TSV files read by
their headers' names (never by column number), the two runs' verdicts
merged, and the submission's row worked out and written.

usage: python3 -m harness.mark.result_row merge CHECK_DIR
           CHECK_DIR/results.tsv: the verdicts of CHECK_DIR/1 and CHECK_DIR/2
       python3 -m harness.mark.result_row hangs RESULTS_TSV
           prints how many of its cases hung (code hang)
       python3 -m harness.mark.result_row row --totals C=N,... --facts FILE --started EPOCH --host H
           reads check/results.tsv and check/2/memcheck.tsv of the current
           folder and FILE (the facts mark-one found, `key<TAB>value`: state,
           reason, compiled, warnings, errors, memcheck, build_note, and
           deliverables.py's); writes result.tsv
           and prints NAME's progress line (NAME: the fact `name`)
"""

import os
import sys
import time
from collections import Counter

from harness.cases import UNSTABLE
from harness.mark.result_file import write_result

RESULTS_COLUMNS = ("case", "category", "verdict", "symptom", "code")
# What else the submission holds (deliverables.py's facts), into the row
# as they are; empty where the handout asks for none of it.
DELIVERABLE_FACTS = ("authorship", "authorship_detail", "handed_output", "handed_output_detail", "handed_input",
                     "readme", "readme_detail")
# The reason names at most this many groups of failures.
GROUPS_NAMED = 3


def read_tsv(path):
    """The rows of a TSV file with a header line, as dicts keyed by the
    header's names; none when the file is missing."""
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as f:
            lines = f.read().split("\n")
    except FileNotFoundError:
        return []
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]


def merge(check_dir):
    rows = read_tsv(os.path.join(check_dir, "1", "results.tsv")) + read_tsv(
        os.path.join(check_dir, "2", "results.tsv"))
    with open(os.path.join(check_dir, "results.tsv"), "w", encoding="utf-8") as f:
        f.write("\t".join(RESULTS_COLUMNS) + "\n")
        for row in rows:
            f.write("\t".join(row.get(column, "") for column in RESULTS_COLUMNS) + "\n")


def hangs(path):
    """How many cases of the results.tsv at PATH hung (code hang)."""
    return sum(1 for r in read_tsv(path) if r.get("code") == "hang")


def parse_totals(text):
    """[(category, cases)] from "C=N,C=N"."""
    pairs = [item.rpartition("=") for item in text.split(",") if item]
    return [(category, int(count)) for category, _, count in pairs]


def memcheck_counts(facts, base="."):
    """(verdict, cases, cases with findings): from BASE/check/2/memcheck.tsv
    when the memory check ran (fact memcheck `run`), else the fact as it is."""
    if facts.get("memcheck") != "run":
        return facts.get("memcheck", "off"), 0, 0
    rows = read_tsv(os.path.join(base, "check", "2", "memcheck.tsv"))
    findings = sum(1 for r in rows if r.get("verdict") == "findings")
    # (a case whose Valgrind report was cut short twice is not checked:
    # neither clean nor the program's finding; check.memcheck.verdict)
    incomplete = any(r.get("verdict") == "incomplete" for r in rows)
    return ("findings" if findings else "incomplete" if incomplete else "clean"), len(rows), findings


def count(results, totals):
    """Cases passed per category and in all, crashes, hangs, and the passes
    with white space ignored, over the run's categories."""
    passed_in = {category: 0 for category, _ in totals}
    codes = Counter()
    for r in results:
        if r.get("category") not in passed_in:
            continue
        codes[r.get("code", "")] += 1
        if r.get("verdict") == "pass":
            passed_in[r["category"]] += 1
            codes["pass-" + r.get("code", "")] += 1
    return passed_in, codes


def compose_reason(facts, results, passed, total, codes, memcheck):
    """The row's reason: the largest groups of failures (check-engine's
    symptoms), the cases passed only with white space ignored, the memory
    check's findings, the compiler's warnings; how an older standard built
    it (the fact build_note)."""
    parts = [facts[key] for key in ("reason", "build_note") if facts.get(key)]
    unstable = sum(1 for r in results if r.get("verdict") == UNSTABLE)
    if facts.get("state") == "marked" and passed + unstable < total:
        groups = Counter(r.get("symptom", "") for r in results if r.get("verdict") not in ("pass", UNSTABLE))
        named = sorted(groups.items(), key=lambda item: (-item[1], item[0]))[:GROUPS_NAMED]
        failed = "%d failed: %s" % (total - passed - unstable, "; ".join("%d %s" % (n, s) for s, n in named))
        parts = [failed + ("; some cases not run" if len(results) < total else "")] + parts
    if facts.get("state") == "marked" and unstable:
        # (counted apart: two runs of each of these cases differed, see check-engine's reports)
        parts.insert(0 if passed + unstable == total else 1, "%d not deterministic (two runs of the case differ)"
                     % unstable)
    if codes["pass-whitespace"]:
        parts.append("%d passed only with white space ignored (--compare whitespace)" % codes["pass-whitespace"])
    if memcheck[0] == "findings":
        parts.append("memcheck: %d of %d cases with findings" % (memcheck[2], memcheck[1]))
    elif memcheck[0] == "incomplete":
        parts.append("memcheck: not completed (Valgrind's report cut short twice: the checker's time, not a finding)")
    warnings = int(facts.get("warnings", 0))
    if facts.get("compiled") == "yes" and warnings:
        parts.append("%d compiler warning%s" % (warnings, "" if warnings == 1 else "s"))
    return "; ".join(parts).replace("\n", " ")


def write_row(args, base="."):
    """BASE/result.tsv (from BASE/check/results.tsv); returns the progress line."""
    facts = {r["key"]: r["value"] for r in read_tsv(args["--facts"])}
    totals = parse_totals(args["--totals"])
    results = read_tsv(os.path.join(base, "check", "results.tsv"))
    passed_in, codes = count(results, totals)
    passed, total = sum(passed_in.values()), sum(n for _, n in totals)
    memcheck = memcheck_counts(facts, base)
    seconds = "%.1f" % (time.time() - float(args["--started"]))
    fields = [("state", facts.get("state", "marked")), ("compiled", facts.get("compiled", "no")),
              ("warnings", facts.get("warnings", "0")), ("errors", facts.get("errors", "0")),
              ("passed", passed), ("total", total), ("crashes", codes["crash"]), ("hangs", codes["hang"]),
              ("memcheck", memcheck[0]), ("memcheck_cases", memcheck[1]), ("memcheck_findings", memcheck[2]),
              ("seconds", seconds), ("host", args["--host"]),
              ("reason", compose_reason(facts, results, passed, total, codes, memcheck))]
    fields += [(key, facts.get(key, "")) for key in DELIVERABLE_FACTS]
    write_result(os.path.join(base, "result.tsv"), fields, [(c, passed_in[c], n) for c, n in totals])
    return "%s\t%s\t%d/%d\t%s\t%s" % (facts.get("name", ""), fields[0][1], passed, total, fields[2][1], seconds)


def main(argv):
    if argv[:1] in (["--help"], ["-h"]):
        print(__doc__.strip())
    elif argv[:1] == ["merge"] and len(argv) == 2:
        merge(argv[1])
    elif argv[:1] == ["hangs"] and len(argv) == 2:
        print(hangs(argv[1]))
    elif argv[:1] == ["row"] and len(argv) == 9:
        print(write_row(dict(zip(argv[1::2], argv[2::2]))))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
