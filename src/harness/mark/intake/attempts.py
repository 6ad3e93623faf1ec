"""attempts.py -- which of a student's attempts is marked, by the checkers
handout's rule: "Multiple submissions may be made; only the last
submission that you make before the deadline will be marked. If you make
any late submission at all, your on-time submissions will be ignored, and
if you have not been granted an extension, the late penalty will be
applied." So: when any attempt is late, the last one (by time) is marked,
late; otherwise the last on-time one. A student's deadline is the class's,
or their extension's (--extensions); an attempt at the deadline itself is
on time. Attempts are numbered by time, 1 the first (equal times: the
CSV's later line is the later attempt).

The CSVs, read and checked whole before any work (errors name file:line):
  --submitted: name, submitted (as lateness.py reads them) and, optionally,
    folder: one row per attempt, the folder or archive it handed in
    (relative to the CSV's own folder). Without a folder column, one row
    per name: a name listed twice is an error naming both lines.
  --extensions: name, deadline (ISO 8601; without a zone, the class
    deadline's); an extension before the class deadline is refused.
"""

import os
import re
from collections import namedtuple

from .archives import archive_suffix
from harness.mark.report.lateness import NAME_HEADERS, TIME_HEADERS, LatenessError, parse_time
from harness.mark.report.rows import read_csv_rows

FOLDER_HEADERS = ("folder", "path", "file", "archive")
DEADLINE_HEADERS = ("deadline", "new_deadline", "extended_deadline", "extension")

# One attempt: the student's name, its time, the path of its folder or
# archive, the CSV cell as written (the attempt's identity in the key),
# and the CSV's line (0: not from a CSV).
Attempt = namedtuple("Attempt", "name time path cell line")
# The attempt marked, its number and the number of attempts, the rule
# that chose it (for the student), the deadline it was judged by.
Choice = namedtuple("Choice", "attempt number attempts rule deadline extended")


class IntakeError(Exception):
    """A CSV or a submission that cannot be used, said for people."""


def find_column(header, wanted, path, required=True):
    lowered = [h.strip().lower() for h in header]
    for name in wanted:
        if name in lowered:
            return lowered.index(name)
    if required:
        raise IntakeError("%s:1: no column named %s" % (path, " or ".join(wanted)))
    return None


def data_rows(path):
    """(header, [(line, cells)]) of the CSV PATH, blank lines left out."""
    rows = read_csv_rows(path, IntakeError)
    return rows[0], [(n, [c.strip() for c in row]) for n, row in enumerate(rows[1:], 2) if any(c.strip() for c in row)]


def cell(cells, at):
    return cells[at] if at is not None and at < len(cells) else ""


def read_time(text, zone, where):
    try:
        return parse_time(text, zone)
    except LatenessError as error:
        raise IntakeError("%s: %s" % (where, error)) from None


def read_submitted(path, zone):
    """(has_folders, {name: [Attempt]}) from the --submitted CSV PATH."""
    header, rows = data_rows(path)
    name_at, time_at = find_column(header, NAME_HEADERS, path), find_column(header, TIME_HEADERS, path)
    folder_at = find_column(header, FOLDER_HEADERS, path, required=False)
    base = os.path.dirname(os.path.abspath(path))
    attempts, first_line = {}, {}
    for line, cells in rows:
        where = "%s:%d" % (path, line)
        name = re.sub(r"[\t\n\r]", " ", cell(cells, name_at))
        if not name:
            if folder_at is None:
                continue
            raise IntakeError("%s: no name" % where)
        time = read_time(cell(cells, time_at), zone, where)
        folder = cell(cells, folder_at)
        if folder_at is None:
            if name in first_line:
                raise IntakeError("%s: '%s' is listed again (first at line %d); one time per name, or a folder "
                                  "column with a row per attempt" % (where, name, first_line[name]))
            first_line[name] = line
            attempts[name] = [Attempt(name, time, "", "", line)]
            continue
        if not folder:
            raise IntakeError("%s: no folder for '%s'" % (where, name))
        full = os.path.join(base, folder)
        if not (os.path.isdir(full) or os.path.isfile(full)):
            raise IntakeError("%s: no folder or archive '%s' (relative to %s)" % (where, folder, base))
        if not os.path.isdir(full) and not archive_suffix(full):
            raise IntakeError("%s: '%s' is not a folder or an archive (.zip, .tar.gz, .tgz)" % (where, folder))
        attempts.setdefault(name, []).append(Attempt(name, time, full, folder, line))
    return folder_at is not None, attempts


def read_extensions(path, class_deadline):
    """{name: (deadline, line)} from the --extensions CSV PATH."""
    header, rows = data_rows(path)
    name_at, deadline_at = find_column(header, NAME_HEADERS, path), find_column(header, DEADLINE_HEADERS, path)
    extensions = {}
    for line, cells in rows:
        where = "%s:%d" % (path, line)
        name = cell(cells, name_at)
        if not name:
            raise IntakeError("%s: no name" % where)
        if name in extensions:
            raise IntakeError("%s: '%s' is listed again (first at line %d)" % (where, name, extensions[name][1]))
        deadline = read_time(cell(cells, deadline_at), class_deadline.tzinfo, where)
        if deadline < class_deadline:
            raise IntakeError("%s: %s's extension %s is before the class deadline %s"
                              % (where, name, deadline.isoformat(), class_deadline.isoformat()))
        extensions[name] = (deadline, line)
    return extensions


def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def choose(attempts, deadline, extended=False):
    """The Choice among ATTEMPTS (at least one) by the handout's rule,
    against DEADLINE (None: none, every attempt counts as on time)."""
    ordered = sorted(attempts, key=lambda a: (a.time, a.line))
    late = [a for a in ordered if deadline is not None and a.time > deadline]
    on_time = [a for a in ordered if a not in late]
    chosen = late[-1] if late else on_time[-1]
    n = len(ordered)
    if deadline is None:
        rule = "your only attempt (no deadline)" if n == 1 else "the last of your %d attempts (no deadline)" % n
    elif n == 1:
        rule = "your only attempt, late: the late penalty applies" if late else "your only attempt, on time"
    elif not late:
        rule = "the last of your %d attempts, all on time" % n
    elif not on_time:
        rule = "the last of your %d attempts, all late: the late penalty applies" % n
    else:
        rule = ("the last of your %d attempts: it is late, so your %s ignored and the late penalty applies"
                % (n, plural(len(on_time), "on-time attempt") + (" is" if len(on_time) == 1 else " are")))
    if extended:
        rule += " (judged against your extended deadline)"
    return Choice(chosen, ordered.index(chosen) + 1, n, rule, deadline, extended)
