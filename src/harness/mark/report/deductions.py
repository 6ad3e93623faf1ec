"""deductions.py -- marks a scheme takes off for what a submission holds
beside its program (src/harness/mark/deliverables.py's facts): an unsigned or
missing authorship declaration, a missing readme.txt, a handed-in
output.txt the program does not write. A scheme lists them after its parts
(src/mark/schemes/README.md), under a second header:

    deduction<TAB>marks<TAB>when<TAB>description
    authorship<TAB>2<TAB>unsigned missing<TAB>the Authorship Declaration

A row whose fact is one of WHEN loses the marks (once per deduction). A
row without the fact (the program's handout asks for none of it) loses
nothing. A `--manual` column named like a fact sets it for a row by hand
(a person's reading over the detection).
"""

from decimal import Decimal, InvalidOperation

COLUMNS = ["deduction", "marks", "when", "description"]
# Each fact a deduction may name, and its values.
FACTS = {"authorship": ("signed", "unsigned", "missing"),
         "handed_output": ("matches", "differs", "missing", "not-run"),
         "readme": ("yes", "no")}


def positive_marks(text, where, error, words=""):
    """TEXT as a Decimal above 0; raises ERROR naming WHERE."""
    try:
        marks = Decimal(text)
    except InvalidOperation:
        raise error("%s: marks '%s' is not a number" % (where, text)) from None
    if marks <= 0:
        raise error("%s: marks must be above 0%s" % (where, words))
    return marks


def parse_deductions(rows, path, error):
    """The deductions from ROWS ([(line number, line)]) of the scheme in
    PATH; raises ERROR naming the file and line."""
    found = []
    for number, line in rows:
        where = "%s:%d" % (path, number)
        fields = line.split("\t")
        if len(fields) != len(COLUMNS):
            raise error("%s: %d columns, expected %d (%s)" % (where, len(fields), len(COLUMNS), " ".join(COLUMNS)))
        name, marks, when, description = fields
        if name not in FACTS:
            raise error("%s: no deduction for '%s' (deductions: %s)" % (where, name, ", ".join(sorted(FACTS))))
        if any(d["name"] == name for d in found):
            raise error("%s: a second deduction for '%s'" % (where, name))
        marks = positive_marks(marks, where, error, " (the marks taken off)")
        values = when.split()
        wrong = [v for v in values if v not in FACTS[name]]
        if not values or wrong:
            raise error("%s: when '%s': %s is one of %s" % (where, when, name, ", ".join(FACTS[name])))
        found.append({"name": name, "marks": marks, "when": values, "description": description})
    return found


def read_fact(text, fact, where, error):
    """A `--manual` cell for FACT; raises ERROR when it is none of its values."""
    if text not in FACTS[fact]:
        raise error("%s: '%s' for %s is not one of %s" % (where, text, fact, ", ".join(FACTS[fact])))
    return text


def apply_overrides(row, given):
    """The facts set by hand (GIVEN: {fact: value} of --manual) into ROW,
    the detail saying so."""
    for fact, value in given.items():
        if fact in FACTS and isinstance(value, str):
            detected = row.get(fact) or "nothing"
            row[fact] = value
            row[fact + "_detail"] = "set by hand (--manual); found: %s" % detected


def deduct(row, deductions):
    """(marks taken off, [words for the row's note]) for ROW's facts."""
    total, notes = Decimal(0), []
    for d in deductions:
        if row.get(d["name"]) in d["when"]:
            total += d["marks"]
            notes.append("%s %s: -%s" % (d["name"].replace("_", " "), row[d["name"]], d["marks"]))
    return total, notes
