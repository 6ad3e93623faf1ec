"""roster.py -- the class's one roster, read the same way by mark (its
--roster: columns name and email, for the feedback) and by the
pre-submission service (scripts/serve --roster: columns name and token,
email optional; harness.serve.store imports this module).

A CSV file, a header line first (a spreadsheet's byte-order mark dropped;
the columns found by their names, in any case and order, surrounded by
spaces or not; other columns ignored). A row without a name is skipped (a
blank line, a spreadsheet's trailing row); the same name twice, or an
e-mail address that is no address, is an error naming the file and line.
An empty email cell is allowed: that student has no address.
"""

import csv
import re

# An address as a roster holds it: one local part, one @, one domain with
# a dot or none (a course's own mail host), nothing else (no display name,
# no spaces, no second address).
ADDRESS = re.compile(r"[^@\s,;<>\"()]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")


class RosterError(ValueError):
    """A roster that cannot be used, said for people (the file and line)."""


def header_of(reader, path, needed):
    """The header's names, stripped and lower-cased; raises RosterError
    when a NEEDED column is missing."""
    try:
        header = next(reader)
    except StopIteration:
        raise RosterError("%s is empty (a roster's first line names its columns: %s)"
                          % (path, ", ".join(needed))) from None
    names = [h.strip().lower() for h in header]
    missing = [n for n in needed if n not in names]
    if missing:
        raise RosterError("%s:1: the roster needs the column%s %s (it has: %s)"
                          % (path, "s" if len(missing) > 1 else "", " and ".join(missing),
                             ", ".join(h for h in names if h) or "none"))
    return names


def read_roster(path, needed=("name",)):
    """The roster's students, in its order: a dict per row with every
    column (lower-cased names, stripped values; `email` always there,
    maybe empty) and `line`, its line number. Raises RosterError."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            reader = csv.reader(handle)
            header = header_of(reader, path, needed)
            students, seen = [], {}
            for row in reader:
                cells = dict(zip(header, (cell.strip() for cell in row)))
                cells.pop("", None)
                if not cells.get("name"):
                    continue
                line = reader.line_num
                if cells["name"] in seen:
                    raise RosterError("%s:%d: '%s' is on the roster twice (line %d too)"
                                      % (path, line, cells["name"], seen[cells["name"]]))
                seen[cells["name"]] = line
                cells["email"] = cells.get("email", "")
                if cells["email"] and not ADDRESS.fullmatch(cells["email"]):
                    raise RosterError("%s:%d: '%s' is no e-mail address (for %s)"
                                      % (path, line, cells["email"], cells["name"]))
                cells["line"] = line
                students.append(cells)
    except OSError as problem:
        raise RosterError("cannot read the roster %s: %s" % (path, problem.strerror)) from None
    except (UnicodeDecodeError, csv.Error) as problem:
        raise RosterError("%s: not a CSV file in UTF-8 (%s)" % (path, problem)) from None
    return students
