"""python3 -m harness.mark.report --output DIR --program P --profile PR --scheme FILE
                         [--memcheck N] [--compile CMD] [--deadline TIME]
                         [--late-penalty MARKS]
                         [--manual CSV] [--base FILE]... [--resume]

Reads DIR's categories.tsv, cases.txt, run.tsv and each submission's
files; writes the report (see the package's docstring); prints a line per
submission and the class's summary line.
"""

import argparse
import os
import sys

from . import changes
from .junit import write_junit
from .inputs import InputError, load_inputs
from .marks import mark_rows, plain, scheme_document
from .pages import class_page, submission_page
from .rows import class_rates, load_submission, read_intake, read_tsv_rows
from .similar import similar_by_name, similar_pairs
from .tables import summary_lines, write_marks


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="python3 -m harness.mark.report")
    parser.add_argument("--output", required=True)
    parser.add_argument("--program", required=True)
    parser.add_argument("--profile", required=True)
    parser.add_argument("--memcheck", type=int, default=0)
    parser.add_argument("--compile", default="")
    parser.add_argument("--scheme", required=True)
    parser.add_argument("--deadline", default="")
    parser.add_argument("--late-penalty", default="2")
    parser.add_argument("--manual", default="")
    parser.add_argument("--resume", action="store_true",
                        help="keep the marking's memory: previous_final and mark_change against DIR/marks.csv")
    parser.add_argument("--base", action="append", default=[],
                        help="a file of the course's skeleton, left out of the similarity check")
    return parser.parse_args(argv)


def load_marking(args, cases, names):
    """The scheme, each case's part, the lateness rules and the manual
    marks; exits 2 with the problem when one cannot be used."""
    try:
        scheme, owner, lateness, manual = load_inputs(args.scheme, cases, args.deadline, args.late_penalty,
                                                      args.manual)
    except InputError as error:
        print("mark: %s" % error, file=sys.stderr)
        sys.exit(2)
    for name in sorted(set(manual) - set(names)):
        print("mark: --manual names '%s', which is no submission of this run" % name, file=sys.stderr)
    return scheme, owner, lateness, manual


def write_case_parts(out, owner):
    """OUT/case-parts.tsv: the part each case of the run belongs to."""
    with open(os.path.join(out, "case-parts.tsv"), "w", encoding="utf-8") as f:
        f.write("case\tpart\n")
        f.writelines("%s\t%s\n" % item for item in owner.items())


def main(argv=None):
    args = parse_arguments(argv)
    out = args.output
    categories = [(f["category"], int(f["total"])) for f in read_tsv_rows(os.path.join(out, "categories.tsv"))]
    with open(os.path.join(out, "cases.txt"), encoding="utf-8") as f:
        cases = [line for line in f.read().split("\n") if line]
    run = read_tsv_rows(os.path.join(out, "run.tsv"))
    rows = [load_submission(out, f["folder"], f.get("name") or f["folder"], categories, cases) for f in run]
    taken = read_intake(out)
    for row, fields in zip(rows, run):
        row["_files_time"] = fields.get("files_time", "")
        row["_taken"] = taken.get(row["name"])
    scheme, owner, lateness, manual = load_marking(args, cases, [r["name"] for r in rows])
    write_case_parts(out, owner)
    mark_rows(rows, scheme, owner, lateness, manual)
    if args.resume:
        changes.remember(rows, out, args.program, plain(scheme_document(scheme, lateness)))
    else:
        changes.fresh(rows)
    rates, counted = class_rates(rows, categories)
    write_marks(out, rows, categories, rates, args, scheme, lateness)
    similar_of = similar_by_name(similar_pairs(out), {r["name"]: r["folder"] for r in rows})
    for r in rows:
        os.makedirs(r["_base"], exist_ok=True)
        write_junit(r, cases, args)
        with open(os.path.join(r["_base"], "index.html"), "w", encoding="utf-8") as f:
            f.write(submission_page(r, categories, cases, args, similar_of.get(r["name"], [])))
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(class_page(rows, categories, rates, counted, args, scheme))
    for line in summary_lines(rows):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
