"""python3 -m markreport --output DIR --program P --profile PR
                         [--memcheck N] [--compile CMD]

Reads DIR's categories.tsv, cases.txt, run.tsv and each submission's
files; writes the report (see the package's docstring); prints a line per
submission and the class's summary line.
"""

import argparse
import os
import sys

from .junit import write_junit
from .pages import class_page, submission_page
from .rows import class_rates, load_submission, read_tsv_rows
from .tables import summary_lines, write_marks


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="python3 -m markreport")
    parser.add_argument("--output", required=True)
    parser.add_argument("--program", required=True)
    parser.add_argument("--profile", required=True)
    parser.add_argument("--memcheck", type=int, default=0)
    parser.add_argument("--compile", default="")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_arguments(argv)
    out = args.output
    categories = [(f[0], int(f[1])) for f in read_tsv_rows(os.path.join(out, "categories.tsv"))]
    with open(os.path.join(out, "cases.txt"), encoding="utf-8") as f:
        cases = [line for line in f.read().split("\n") if line]
    rows = [load_submission(out, f[0], f[1] if len(f) > 1 else f[0], categories, cases)
            for f in read_tsv_rows(os.path.join(out, "run.tsv"))]
    rates, counted = class_rates(rows, categories)
    write_marks(out, rows, categories, rates, args)
    for r in rows:
        os.makedirs(r["_base"], exist_ok=True)
        write_junit(r, cases, args)
        with open(os.path.join(r["_base"], "index.html"), "w", encoding="utf-8") as f:
            f.write(submission_page(r, categories, cases, args))
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(class_page(rows, categories, rates, counted, args))
    for line in summary_lines(rows):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
