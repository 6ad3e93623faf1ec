"""results.py -- Gradescope's results.json from what scripts/mark wrote for
one submission: a test per part of the marking scheme (marks.json's
"scheme" and the submission's "parts"), each part's failing cases grouped
by symptom with the first reports (check/results.tsv, check/{1,2}/failures/),
and the compiler's messages for a program that did not build (compile.txt).
Data only: nothing here parses mark's printed English.

Gradescope's format: https://gradescope-autograders.readthedocs.io/en/latest/specs/
Late penalties are not applied (Gradescope has its own late policy): the
score is marks.json's "mark", not its "final_mark".

usage: python3 -m harness.gradescope.results --marks DIR --output FILE [--seconds S] [--note TEXT]...
       [--visibility V] [--stdout-visibility V] [--part-visibility PART=V]...
       [--output-limit CHARS] [--run-mode stdin|graded]
"""

import argparse
import json
import os
import sys

from harness.gradescope.rerun import student_rerun, with_student_rerun
from harness.mark.report.rows import read_text as read_whole_text
# mark-one's reader of check-engine's TSV files (by their headers' names).
from harness.mark.result_row import read_tsv

VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")
# Gradescope shows a test's output in a <pre>; a part of a thousand failing
# cases must not make a page of megabytes.
OUTPUT_LIMIT = 6000
REPORTS_SHOWN = 2
REPORT_LIMIT = 2500
NAMES_SHOWN = 8


def read_text(path, limit=None):
    """The file as the report reads it (empty when missing), cut to LIMIT
    characters Gradescope's way (cut)."""
    text = read_whole_text(path)
    return cut(text, limit) if limit else text


def cut(text, limit):
    """TEXT, at most LIMIT characters, saying so when cut."""
    if len(text) <= limit:
        return text
    note = "\n... (cut: %d more characters)\n" % (len(text) - limit)
    return text[:max(0, limit - len(note))] + note


def load_marks(marks_dir):
    """marks.json's scheme, the run's one submission, and each case's part."""
    with open(os.path.join(marks_dir, "marks.json"), encoding="utf-8") as f:
        document = json.load(f)
    submissions = document.get("submissions") or []
    if len(submissions) != 1:
        raise ValueError("marks.json holds %d submissions; the autograder marks one" % len(submissions))
    part_of = {row["case"]: row["part"] for row in read_tsv(os.path.join(marks_dir, "case-parts.tsv"))}
    return document, submissions[0], part_of


def failures_by_part(base, part_of):
    """Per part, the failing cases of check/results.tsv as (case, symptom)."""
    failing = {}
    for row in read_tsv(os.path.join(base, "check", "results.tsv")):
        if row.get("verdict") == "pass":
            continue
        part = part_of.get(row.get("case", ""))
        if part is not None:
            failing.setdefault(part, []).append((row["case"], row.get("symptom") or row.get("verdict", "")))
    return failing


def failure_report(base, case_id):
    """check-engine's report of a failing case (its run's folder, 1 or 2)."""
    for run in ("1", "2"):
        path = os.path.join(base, "check", run, "failures", case_id + ".txt")
        if os.path.isfile(path):
            return read_text(path, REPORT_LIMIT)
    return ""


def group_by_symptom(failing):
    """[(symptom, [case...])], the largest group first, then by name."""
    groups = {}
    for case_id, symptom in failing:
        groups.setdefault(symptom, []).append(case_id)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


def part_output(part, failing, base, args):
    """A part's text: its counts, its failures grouped by symptom, the first
    report of the largest groups."""
    lines = ["%s" % part.get("description", part["name"]),
             "%d of %d cases passed: %s of %s marks (%s credit)." % (
                 part["passed"], part["total"], number(part["score"]), number(part["max_score"]),
                 part.get("credit", "proportional"))]
    groups = group_by_symptom(failing)
    if groups:
        lines.append("")
        lines.append("Failing cases, by symptom:")
    for symptom, cases in groups:
        names = ", ".join(cases[:NAMES_SHOWN]) + (", ..." if len(cases) > NAMES_SHOWN else "")
        lines.append("  %d: %s (%s)" % (len(cases), symptom, names))
    for symptom, cases in groups[:REPORTS_SHOWN]:
        report = failure_report(base, cases[0])
        if report:
            rerun = student_rerun(args.root, args.program, cases[0], args.run_mode)
            lines += ["", "--- the first case of \"%s\":" % symptom,
                      with_student_rerun(strip_root(report, args.root).rstrip("\n"), rerun)]
    not_run = part["total"] - part["passed"] - len(failing)
    if not_run > 0 and groups:
        lines += ["", "%d more cases of this part were not run (counted failed)." % not_run]
    return "\n".join(lines) + "\n"


def strip_root(text, root):
    """Reports name the corpus by the autograder's own path: shown relative."""
    return text.replace(root.rstrip("/") + "/", "") if root else text


def number(value):
    return ("%.2f" % value).rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def part_test(part, failing, base, args, scheme_part, not_compiled):
    """One Gradescope test: a part of the scheme."""
    if not_compiled:
        output = ("%s\n0 of %s marks: the program did not compile (the compiler's messages are "
                  "in the autograder's output above).\n" % (part.get("description", part["name"]),
                                                            number(part["max_score"])))
    else:
        output = part_output(dict(scheme_part, **part), failing, base, args)
    visibility = (args.part_visibility.get(part["name"]) or part.get("visibility")
                  or scheme_part.get("visibility") or "visible")
    if visibility not in VISIBILITIES:
        visibility = "visible"
    return {
        "name": "%s: %s" % (part["name"], part.get("description", "")) if part.get("description") else part["name"],
        "score": part["score"],
        "max_score": part["max_score"],
        "status": "passed" if part["score"] >= part["max_score"] else "failed",
        "output": cut(output, args.output_limit),
        "visibility": visibility,
    }


def summary_output(submission, base, args, manual):
    """The top-level output: the run's notes (the sandbox), the verdict, the
    compiler's messages when it did not build, the parts marked by hand."""
    lines = list(args.note)
    lines.append("%s of %s cases passed; state: %s%s" % (
        submission.get("passed", 0), submission.get("total", 0), submission.get("state", "?"),
        "; " + submission["reason"] if submission.get("reason") else ""))
    if submission.get("memcheck") not in (None, "off"):
        lines.append("memory check (Valgrind): %s" % submission["memcheck"])
    if manual:
        lines.append("Marked by hand, not in this score: " + ", ".join(
            "%s (%s marks)" % (p["name"], number(p["max_score"])) for p in manual))
    if submission.get("compiled") == "no":
        compiler = read_text(os.path.join(base, "compile.txt"), args.output_limit)
        if compiler:
            lines += ["", "The compiler's messages:", compiler.rstrip("\n")]
    return "\n".join(lines) + "\n"


def build_results(args):
    """The results.json document."""
    document, submission, part_of = load_marks(args.marks)
    args.program = document.get("program", "")
    base = os.path.join(args.marks, "submissions", submission.get("folder", submission["name"]))
    scheme_parts = {p["name"]: p for p in document.get("scheme", {}).get("parts", [])}
    failing = failures_by_part(base, part_of)
    not_compiled = submission.get("compiled") == "no"
    parts = submission.get("parts", [])
    marked = [p for p in parts if p.get("kind", "cases") == "cases"]
    manual = [p for p in parts if p.get("kind") == "manual"]
    tests = [part_test(p, failing.get(p["name"], []), base, args, scheme_parts.get(p["name"], {}), not_compiled)
             for p in marked]
    return {
        "score": round(sum(t["score"] for t in tests), 2),
        "execution_time": int(round(args.seconds)),
        "output": cut(summary_output(submission, base, args, manual), args.output_limit),
        "visibility": args.visibility,
        "stdout_visibility": args.stdout_visibility,
        "tests": tests,
    }


def failed_results(args, why):
    """results.json when the marking itself failed: no score is given."""
    return {
        "score": 0,
        "execution_time": int(round(args.seconds)),
        "output": cut("\n".join(list(args.note) + [
            "The autograder could not mark this submission: %s" % why,
            "This is not a mark: ask the course staff to rerun the autograder."]) + "\n", args.output_limit),
        "visibility": args.visibility,
        "stdout_visibility": args.stdout_visibility,
        "tests": [],
    }


def visibility(text):
    if text not in VISIBILITIES:
        raise argparse.ArgumentTypeError("a visibility is one of " + ", ".join(VISIBILITIES))
    return text


def part_visibility(text):
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError("PART=VISIBILITY, e.g. stage2=after_due_date")
    return name, visibility(value)


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="python3 -m harness.gradescope.results", description=__doc__.split("\n\n")[0])
    parser.add_argument("--marks", required=True, help="scripts/mark's --output folder")
    parser.add_argument("--output", required=True, help="where results.json goes")
    parser.add_argument("--seconds", type=float, default=0.0, help="the run's execution time")
    parser.add_argument("--note", action="append", default=[], help="a line for the top of the output")
    parser.add_argument("--root", default="", help="the repository's path, left out of the reports")
    parser.add_argument("--visibility", type=visibility, default="visible")
    parser.add_argument("--stdout-visibility", type=visibility, default="hidden")
    parser.add_argument("--part-visibility", type=part_visibility, action="append", default=[])
    parser.add_argument("--output-limit", type=int, default=OUTPUT_LIMIT)
    parser.add_argument("--run-mode", default="stdin", choices=("stdin", "graded"),
                        help="how the game runs a program (its adapter's GAME_RUN_MODE)")
    parser.add_argument("--failed", default="", help="the marking failed, for this reason")
    args = parser.parse_args(argv)
    args.part_visibility = dict(args.part_visibility)
    return args


def main(argv=None):
    args = parse_arguments(sys.argv[1:] if argv is None else argv)
    if args.failed:
        results = failed_results(args, args.failed)
    else:
        try:
            results = build_results(args)
        except (OSError, ValueError, KeyError) as error:
            results = failed_results(args, "its results could not be read (%s: %s)" % (type(error).__name__, error))
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1, ensure_ascii=False)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
