"""classlist.py -- the roster against the class's marks (DIR/marks.json):
an entry per submission and per roster name without one, each with its
status: whether it gets an e-mail, and why not. Nobody is dropped
silently: every status but `written` is listed for people.
"""

import json
import os

from harness.mark.result_file import NOT_MARKED

WRITTEN = "written"
# Every other status, in the order they are listed, with their words.
MISSING = (("not-on-roster", "submissions without a row on the roster (no e-mail)"),
           ("no-submission", "on the roster without a submission (no e-mail)"),
           ("no-email", "on the roster without an e-mail address (no e-mail)"),
           ("not-marked", "not marked, the marking failed or the marker's build was stopped, not by "
                          "the student's code (no e-mail; mark again with --resume)"))


class MarksError(Exception):
    """A mark output that cannot be read, said for people."""


def load_marks(marks_dir):
    """DIR/marks.json, as scripts/mark's report wrote it."""
    path = os.path.join(marks_dir, "marks.json")
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        if not isinstance(document.get("submissions"), list):
            raise ValueError("no submissions")
    except (OSError, ValueError) as problem:
        raise MarksError("--marks: cannot read %s: %s" % (path, getattr(problem, "strerror", None) or problem)) \
            from None
    return document


def match(document, roster):
    """An entry per submission (the marks' order), then per roster name
    without a submission (the roster's): name, folder, email, status and
    the row of marks.json (None without a submission)."""
    on_roster = {student["name"]: student for student in roster}
    entries = []
    for row in document["submissions"]:
        student = on_roster.get(row["name"])
        if student is None:
            status = "not-on-roster"
        elif row.get("state") in NOT_MARKED:
            status = "not-marked"
        elif not student["email"]:
            status = "no-email"
        else:
            status = WRITTEN
        entries.append({"name": row["name"], "folder": row["folder"], "status": status, "row": row,
                        "email": student["email"] if student else ""})
    submitted = {row["name"] for row in document["submissions"]}
    for student in roster:
        if student["name"] not in submitted:
            entries.append({"name": student["name"], "folder": "", "email": student["email"],
                            "status": "no-submission", "row": None})
    return entries


def missing_lines(entries, statuses):
    """A line per status of STATUSES that some entry has: its words and
    the names (at most 20 named; the count of the others)."""
    for status, words in MISSING:
        if status not in statuses:
            continue
        names = [e["name"] for e in entries if e["status"] == status]
        if names:
            shown = ", ".join(names[:20]) + (" and %d more" % (len(names) - 20) if len(names) > 20 else "")
            yield "feedback: %d %s: %s" % (len(names), words, shown)
