"""manual.py -- the marks people give by hand (style, the authorship
declaration), from a CSV with a `name` column and one column per manual
part of the scheme (a part whose cases are `manual`), merged into the
rows by name. An empty cell is "not marked yet": the part counts 0 and
the row says so. A column named like a fact of deductions.py that is no
manual part (`authorship`, `readme`, `handed_output`) sets that fact by
hand, over what mark found (`signed`, `unsigned`, `missing`...); an empty
cell leaves what was found.
"""

from decimal import Decimal, InvalidOperation

from .deductions import FACTS, read_fact
from .rows import read_csv_rows


class ManualError(Exception):
    """A manual-marks CSV that does not fit the scheme, said for people."""


def check_header(header, manual_parts, path):
    """The CSV's part columns, each a manual part of the scheme."""
    lowered = [h.strip() for h in header]
    if "name" not in lowered:
        raise ManualError("%s:1: no column named name" % path)
    columns = [h for h in lowered if h != "name"]
    for h in columns:
        if h not in manual_parts and h not in FACTS:
            raise ManualError("%s:1: column '%s' is no manual part of the scheme (manual parts: %s) and no "
                              "fact set by hand (%s)" % (path, h, ", ".join(sorted(manual_parts)) or "none",
                                                         ", ".join(sorted(FACTS))))
    return lowered


def read_value(text, part, maximum, where):
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ManualError("%s: '%s' for %s is not a number" % (where, text, part)) from None
    if not 0 <= value <= maximum:
        raise ManualError("%s: %s for %s is outside 0..%s" % (where, text, part, maximum))
    return value


def read_manual(path, scheme):
    """{name: {part: Decimal, fact: str}} from PATH; raises ManualError."""
    maxima = {p["name"]: p["marks"] for p in scheme["parts"] if p["kind"] == "manual"}
    rows = read_csv_rows(path, ManualError)
    header = check_header(rows[0], maxima, path)
    marks = {}
    for number, row in enumerate(rows[1:], 2):
        cells = dict(zip(header, (cell.strip() for cell in row)))
        name = cells.pop("name", "")
        if not name:
            continue
        where = "%s:%d" % (path, number)
        marks[name] = {part: read_value(text, part, maxima[part], where) if part in maxima
                       else read_fact(text, part, where, ManualError) for part, text in cells.items() if text}
    return marks
