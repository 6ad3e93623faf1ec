"""scheme.py -- a marking scheme (src/mark/schemes/README.md has the
format): its parts, which part each case belongs to, and a submission's
mark per part. Marks are Decimals, so that 8 * 2 / 3 rounds the way a
person rounds it, not the way a binary float does.

Run as `python3 -m harness.mark.report.scheme SCHEME CASES` to check a scheme
against a run's cases before marking (scripts/mark does): exit 0 and a
line per part, or exit 2 and the first problem.
"""

import fnmatch
import sys
from decimal import Decimal, ROUND_HALF_UP

from . import deductions as deduction_rules

# Every part's score is rounded to this, half up; the mark is the sum of
# the rounded parts, so the parts shown always add up to the mark shown.
ROUNDING = Decimal("0.01")
ROUNDING_WORDS = "each part to the nearest 0.01 mark (half up); the mark is the sum of the parts"

COLUMNS = ["part", "marks", "credit", "visibility", "cases", "description"]
CREDITS = ("proportional", "all-or-nothing")
# Gradescope's names for when a test's result is shown to the student.
VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")


class SchemeError(Exception):
    """A scheme file that cannot be used, with its file and line."""


def rounded(value):
    return Decimal(value).quantize(ROUNDING, rounding=ROUND_HALF_UP)


def parse_part(fields, where):
    """One part from one row of the scheme file."""
    if len(fields) != len(COLUMNS):
        raise SchemeError("%s: %d columns, expected %d (%s)" % (where, len(fields), len(COLUMNS), " ".join(COLUMNS)))
    name, marks, credit, visibility, cases, description = fields
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        raise SchemeError("%s: part name '%s' is not letters, digits, - and _" % (where, name))
    marks = deduction_rules.positive_marks(marks, where, SchemeError)
    if credit not in CREDITS:
        raise SchemeError("%s: credit '%s' is not one of %s" % (where, credit, ", ".join(CREDITS)))
    if visibility not in VISIBILITIES:
        raise SchemeError("%s: visibility '%s' is not one of %s" % (where, visibility, ", ".join(VISIBILITIES)))
    globs = cases.split()
    if not globs:
        raise SchemeError("%s: no cases (globs over category/name, or manual)" % where)
    kind = "manual" if globs == ["manual"] else "cases"
    return {"name": name, "marks": marks, "credit": credit, "visibility": visibility,
            "kind": kind, "globs": globs if kind == "cases" else [], "description": description}


def load_scheme(path):
    """The scheme in PATH: {"file", "parts"}; raises SchemeError."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as error:
        raise SchemeError("cannot read the scheme %s: %s" % (path, error.strerror)) from None
    rows = [(number, line) for number, line in enumerate(lines, 1) if line and not line.startswith("#")]
    if not rows or rows[0][1].split("\t") != COLUMNS:
        raise SchemeError("%s: the first line that is not a comment must be the header: %s"
                          % (path, "<TAB>".join(COLUMNS)))
    # After the parts, a second header may start the deductions (deductions.py).
    split = next((i for i, (_, line) in enumerate(rows) if line.split("\t") == deduction_rules.COLUMNS), len(rows))
    parts = [parse_part(line.split("\t"), "%s:%d" % (path, number)) for number, line in rows[1:split]]
    deductions = deduction_rules.parse_deductions(rows[split + 1:], path, SchemeError)
    if not parts:
        raise SchemeError("%s: no parts" % path)
    names = [p["name"] for p in parts]
    for name in names:
        if names.count(name) > 1:
            raise SchemeError("%s: two parts are named '%s'" % (path, name))
    return {"file": path, "parts": parts, "deductions": deductions}


def case_parts(scheme, cases):
    """{case: part name}, each case in the first part with a glob matching
    it; raises SchemeError for a case no part takes."""
    owner = {}
    for case in cases:
        for part in scheme["parts"]:
            if any(fnmatch.fnmatchcase(case, glob) for glob in part["globs"]):
                owner[case] = part["name"]
                break
        else:
            raise SchemeError("%s: case %s belongs to no part (add a glob that matches it)" % (scheme["file"], case))
    return owner


def part_score(part, passed, total):
    """A part's score for PASSED of TOTAL cases, by its credit rule."""
    if part["credit"] == "all-or-nothing":
        return rounded(part["marks"] if passed == total else 0)
    return rounded(part["marks"] * passed / total)


def score_parts(scheme, owner, verdicts, manual):
    """A submission's parts: each with its score, from VERDICTS ({case:
    verdict}) and MANUAL ({part: Decimal} for the manual parts). A part
    with no case in this run is left out (it was not assessed)."""
    counts = {p["name"]: [0, 0] for p in scheme["parts"]}
    for case, name in owner.items():
        counts[name][1] += 1
        counts[name][0] += verdicts.get(case) == "pass"
    scored = []
    for part in scheme["parts"]:
        entry = {"name": part["name"], "description": part["description"], "max_score": rounded(part["marks"]),
                 "visibility": part["visibility"], "kind": part["kind"], "credit": part["credit"]}
        if part["kind"] == "manual":
            given = manual.get(part["name"])
            entry.update(passed=0, total=0, score=rounded(given if given is not None else 0),
                         given=given is not None)
        elif counts[part["name"]][1]:
            passed, total = counts[part["name"]]
            entry.update(passed=passed, total=total, score=part_score(part, passed, total), given=True)
        else:
            continue
        scored.append(entry)
    return scored


def describe(scheme, owner):
    """A line per part: its marks and how many of the run's cases it has."""
    for part in scheme["parts"]:
        if part["kind"] == "manual":
            yield "%s\t%s marks\tmanual" % (part["name"], part["marks"])
        else:
            count = sum(1 for name in owner.values() if name == part["name"])
            yield "%s\t%s marks\t%d cases" % (part["name"], part["marks"], count)
    for d in scheme.get("deductions", []):
        yield "%s\t-%s marks\twhen %s" % (d["name"], d["marks"], " or ".join(d["when"]))


def main(argv):
    if len(argv) != 2:
        print("usage: python3 -m harness.mark.report.scheme SCHEME CASES", file=sys.stderr)
        return 2
    try:
        scheme = load_scheme(argv[0])
        with open(argv[1], encoding="utf-8") as f:
            cases = [line for line in f.read().split("\n") if line]
        owner = case_parts(scheme, cases)
    except (SchemeError, OSError) as error:
        print(error, file=sys.stderr)
        return 2
    for line in describe(scheme, owner):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
