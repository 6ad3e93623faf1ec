"""pages.py -- the students' page: log in with the token, upload through a
form that works without JavaScript (CSRF-protected), the history, and a
submission's report in the look of mark's submission page (its style and
macros, check-engine's failures grouped by symptom with their reports).
"""

import json
import os
import secrets
import sys
import time

import flask
import jinja2

from . import app as api
from . import store

MARK = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "mark")
sys.path.insert(0, MARK)
from markreport.pages import symptom_groups  # noqa: E402  (mark's grouping, reused)

LOADER = jinja2.ChoiceLoader([jinja2.FileSystemLoader(os.path.join(os.path.dirname(__file__), "templates")),
                              jinja2.FileSystemLoader(os.path.join(MARK, "markreport", "templates"))])


def csrf_token():
    if "csrf" not in flask.session:
        flask.session["csrf"] = secrets.token_hex(16)
    return flask.session["csrf"]


def csrf_ok():
    sent = flask.request.form.get("csrf", "")
    return bool(sent) and secrets.compare_digest(sent, flask.session.get("csrf", ""))


def render(name, status=200, **values):
    values.setdefault("title", "Pre-submission check: %s" % flask.current_app.config["SERVE"]["options"]["program"])
    return flask.render_template(name, csrf=csrf_token(), settings=flask.current_app.config["SERVE"],
                                 **values), status


def home(error=None, status=200):
    student = api.caller()
    if student is None:
        return render("login.html", status, error=error)
    return render("home.html", status, student=student, error=error,
                  history=[api.described(i) for i in store.history(api.db(), student)])


def login():
    if not csrf_ok():
        return home("the form was stale: try again", 400)
    student = store.student_of(api.db(), flask.request.form.get("token", ""))
    if student is None:
        return home("no student has this token", 401)
    flask.session.clear()
    flask.session["student"] = student
    return flask.redirect(flask.url_for("home"), 303)


def logout():
    if csrf_ok():
        flask.session.clear()
    return flask.redirect(flask.url_for("home"), 303)


def submit():
    student = api.caller()
    if student is None:
        return flask.redirect(flask.url_for("home"), 303)
    if not csrf_ok():
        return home("the form was stale (CSRF check): upload again", 400)
    status, value, retry = api.accept(student, api.uploads_of(flask.request))
    if status != 202:
        page, code = home(value, status)
        headers = {"Retry-After": str(max(1, int(retry)))} if retry is not None else {}
        return page, code, headers
    return flask.redirect(flask.url_for("submission_page", sid=value), 303)


def report_view(item):
    """What the report shows: per category, the likely causes, the failures
    grouped by symptom (mark's grouping), the compiler's messages."""
    report = json.loads(item.pop("report") or "{}")
    rows = report.get("results", [])
    verdicts = {r[0]: (r[2], r[3]) for r in rows}
    groups = symptom_groups({"_verdicts": verdicts}, [r[0] for r in rows])
    for group in groups:
        group["failures"] = [{"id": c, "text": report.get("reports", {}).get(c, "")} for c in group["ordered"]]
    categories = {}
    for row in rows:
        entry = categories.setdefault(row[1], {"passed": 0, "total": 0})
        entry["total"] += 1
        entry["passed"] += row[2] == "pass"
    return {"groups": groups, "categories": categories, "build": report.get("build", ""),
            "output": report.get("output", ""), "causes": report.get("causes", [])}


def submission_page(sid):
    student = api.caller()
    if student is None:
        return flask.redirect(flask.url_for("home"), 303)
    item = store.submission(api.db(), sid, student, with_report=True)
    if item is None:
        return render("missing.html", 404, sid=sid)
    view = report_view(item)
    return render("report.html", item=api.described(item), view=view, student=student)


def register(app):
    app.jinja_loader = LOADER
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True
    app.jinja_env.filters["timestamp"] = lambda t: time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(t))
    app.add_url_rule("/", "home", home)
    app.add_url_rule("/login", "login", login, methods=["POST"])
    app.add_url_rule("/logout", "logout", logout, methods=["POST"])
    app.add_url_rule("/submit", "submit", submit, methods=["POST"])
    app.add_url_rule("/submissions/<sid>", "submission_page", submission_page)
