"""downloads.py -- a submission's failing visible cases as files (a
blueprint, registered by app.create_app), to rerun on the student's own
machine as the report page says: each case's input and expected output
(CATEGORY-NAME.in, .expected: caseviews.stem), and all of them as one zip with
the commands that rerun them. Only the submission's own student (its
session or Bearer token) and the staff get them; only failing cases of
that submission, by their names on the page, never a path."""

import io
import json
import zipfile

import flask

from harness import games

from . import store
from .caseviews import rerun, stem
from .context import caller, db, refuse, settings
from .staff import is_staff

bp = flask.Blueprint("downloads", __name__)
# A download's suffix, and the corpus's file it is: the expected output
# as STEM.expected, never STEM.out, which Chromium holds as it would a.out.
SUFFIXES = {".in": ".in", ".expected": ".out"}


def owned_report(sid):
    """The report (a dict) of submission SID, when the caller is its
    student or the staff; None otherwise (told as if there were none)."""
    student = caller()
    item = store.submission(db(), sid, student, with_report=True) if student else None
    if item is None and settings().get("staff_token") and is_staff():
        item = store.submission(db(), sid, with_report=True)
    return None if item is None else json.loads(item.get("report") or "{}")


def failing(report):
    """{stem: case} of the report's failing cases."""
    return {stem(row[0]): row[0] for row in report.get("results", []) if row[2] != "pass"}


def case_bytes(case_id, suffix):
    return (games.get(settings()["options"]["program"]).corpus / (case_id + suffix)).read_bytes()


@bp.get("/submissions/<sid>/cases/<name>")
def case_file(sid, name):
    """One failing case's input (STEM.in) or expected output (STEM.expected)."""
    report = owned_report(sid)
    cases = failing(report or {})
    base, dot, suffix = name.rpartition(".")
    if report is None or not dot or "." + suffix not in SUFFIXES or base not in cases:
        return refuse(404, "no failing case %s in submission %s" % (name, sid))
    return flask.Response(case_bytes(cases[base], SUFFIXES["." + suffix]), mimetype="text/plain",
                          headers={"Content-Disposition": "attachment; filename=\"%s\"" % name})


@bp.get("/submissions/<sid>/cases.zip")
def cases_zip(sid):
    """Every failing case's two files, and README.txt: the commands."""
    report = owned_report(sid)
    if report is None:
        return refuse(404, "no submission %s" % sid)
    run = report.get("run", {})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        lines = ["Each failing case of submission %s: put these files beside your program, then run" % sid,
                 "the case's command in that folder (no output from diff: the case passes).", ""]
        for name, case_id in sorted(failing(report).items()):
            for suffix, corpus_suffix in SUFFIXES.items():
                archive.writestr(name + suffix, case_bytes(case_id, corpus_suffix))
            lines.append(rerun(run, case_id) or "(the command: on the report's page, after a new check)")
        archive.writestr("README.txt", "\n".join(lines) + "\n")
    return flask.Response(buffer.getvalue(), mimetype="application/zip",
                          headers={"Content-Disposition": "attachment; filename=failing-cases-%s.zip" % sid})
