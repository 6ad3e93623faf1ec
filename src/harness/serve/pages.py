"""pages.py -- the students' page (a blueprint, registered by
app.create_app): log in with the token, upload through a form that works
without JavaScript (CSRF-protected), the history, and a submission's
report in the look of mark's submission page (its style and macros,
check-engine's failures grouped by symptom with their reports).
"""

import json

import flask

from harness import games
from harness.mark.report.pages import symptom_groups  # (mark's grouping, reused)

from . import compiler, sessions, store, throttle
from .caseviews import rerun, stem
from .context import caller, checked_token, db, redirect, settings
from .rebuilt import rebuilt_view
from .rendering import csrf_ok, render
from .submissions import accept, described, uploads_of

bp = flask.Blueprint("pages", __name__)


@bp.get("/")
def home(error=None, status=200):
    student = caller()
    if student is None:
        return render("login.html", status, error=error)
    return render("home.html", status, student=student, error=error,
                  history=[described(i) for i in store.history(db(), student)])


@bp.post("/login")
def login():
    if not csrf_ok():
        return home("the form was stale: try again", 400)
    token = flask.request.form.get("token", "")
    try:
        student = checked_token(lambda: store.student_of(db(), token))
    except throttle.Throttled as error:
        page, status = home(str(error), 429)
        return page, status, {"Retry-After": str(int(error.retry_after))}
    if student is None:
        return home("no student has this token", 401)
    sid = sessions.open_session(db(), sessions.STUDENT, student, store.token_hash(token),
                                settings()["session_hours"])
    sessions.log_in(sid)
    return redirect("pages.home")


@bp.post("/logout")
def logout():
    if csrf_ok():
        sessions.log_out(db())
    return redirect("pages.home")


@bp.post("/submit")
def submit():
    student = caller()
    if student is None:
        return redirect("pages.home")
    if not csrf_ok():
        return home("the form was stale (CSRF check): upload again", 400)
    status, value, retry = accept(student, uploads_of(flask.request))
    if status != 202:
        page, code = home(value, status)
        headers = {"Retry-After": str(max(1, int(retry)))} if retry is not None else {}
        return page, code, headers
    return redirect("pages.submission_page", sid=value)


def report_view(item, game=None):
    """What the report shows: per category, the likely causes, the failures
    grouped by symptom (mark's grouping), each in the game's terms when
    GAME is given (the view the check made, or one rebuilt from its report:
    rebuilt.py; `unshown` when neither can be had), the build's messages
    and what they say (compiler.py)."""
    report = json.loads(item.pop("report") or "{}")
    rows = report.get("results", [])
    verdicts = {r[0]: (r[2], r[3]) for r in rows}
    groups = symptom_groups({"_verdicts": verdicts}, [r[0] for r in rows])
    run = report.get("run", {})
    for group in groups:
        group["failures"] = [failure_view(report, case_id, game) for case_id in group["ordered"]]
    categories = {}
    for row in rows:
        entry = categories.setdefault(row[1], {"passed": 0, "total": 0})
        entry["total"] += 1
        entry["passed"] += row[2] == "pass"
    log = report.get("build_log") or report.get("build", "")  # (a report of before the log was kept: its line)
    return {"groups": groups, "categories": categories, "build": compiler.tidy(log), "compile": compiler.told(log),
            "output": report.get("output", ""), "causes": report.get("causes", []),
            "evidence": report.get("evidence", []), "run": run}


def failure_view(report, case_id, game=None):
    """One failing case of REPORT as the page shows it: its report's text
    and sentences, its view (the check's, else rebuilt from the report
    when GAME is given), its files' stem and its rerun command."""
    text = report.get("reports", {}).get(case_id, "")
    found = report.get("views", {}).get(case_id)
    if found is None and game is not None:
        found = rebuilt_view(game, case_id, text)
    return {"id": case_id, "text": shown(text), "explain": explanation(text), "view": found, "stem": stem(case_id),
            "rerun": rerun(report.get("run", {}), case_id),
            "unshown": found is None and game is not None and game.case_view is not None}


def shown(text):
    """A failure's report as a student's page shows it: without its rerun
    and judge lines (they name the corpus's place on the server; the page
    gives the files and the command instead)."""
    return "".join(line for line in text.splitlines(True) if not line.startswith(("rerun:", "judge:")))


def explanation(text, limit=6):
    """The sentences of a failure's report that say what went wrong (its
    reason: and explain: lines, their labels taken off), shown as text
    above the report's box."""
    found = []
    for line in text.splitlines():
        label, _, rest = line.partition(":")
        if label in ("reason", "explain") and rest.strip():
            found.append(rest.strip())
    return found[:limit]


@bp.get("/submissions/<sid>")
def submission_page(sid):
    student = caller()
    if student is None:
        return redirect("pages.home")
    item = store.submission(db(), sid, student, with_report=True)
    if item is None:
        return render("missing.html", 404, sid=sid)
    view = report_view(item, games.get(settings()["options"]["program"]))
    return render("report.html", item=described(item), view=view, student=student, weak=item["weak_sandbox"])
