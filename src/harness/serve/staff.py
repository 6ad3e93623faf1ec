"""staff.py -- the staff's view (a blueprint, registered by app.create_app),
open only with --staff-token FILE and only to that token (as
`Authorization: Bearer`, or once through the page's login form): /staff
(the queue, the workers, the rate), /staff/students/NAME (a student's
whole history), GET /api/queue (the same as JSON) and
/staff/results.csv (every student's latest result, marks.csv's columns
where they apply)."""

import csv
import hmac
import io

import flask

from harness import games

from . import sessions, staffdata, store, throttle
from .context import checked_token, db, redirect, refuse, settings
from .pages import report_view
from .rendering import csrf_ok, render
from .submissions import described

bp = flask.Blueprint("staff", __name__)
NO_STAFF_VIEW = "this service has no staff view (start it with --staff-token FILE)"


def is_staff():
    expected = settings().get("staff_token")
    if not expected:
        return False
    header = flask.request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return checked_token(lambda: hmac.compare_digest(header[len("Bearer "):].encode(), expected.encode()),
                             "staff")
    return sessions.staff(db(), flask.session.get("sid"), expected)


def closed():
    if not settings().get("staff_token"):
        return refuse(404, NO_STAFF_VIEW)
    return None if is_staff() else refuse(401, "the staff token is needed")


def closed_page():
    """closed() for a page a person opens (a student's history, a report):
    without the staff's session, the log-in form (401), not JSON."""
    refusal = closed()
    if refusal is not None and refusal.status_code == 401:
        return render("staff.html", 401, queue=None, error=None)
    return refusal


@bp.get("/api/queue")
def queue():
    return closed() or flask.jsonify(staffdata.queue_status(db()))


@bp.get("/staff/results.csv")
def results_csv():
    refusal = closed()
    if refusal:
        return refusal
    categories = settings()["options"]["categories"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(staffdata.csv_header(categories))
    writer.writerows(staffdata.latest_rows(db(), categories, settings()["category_totals"]))
    return flask.Response(out.getvalue(), mimetype="text/csv",
                          headers={"Content-Disposition": "attachment; filename=presubmission.csv"})


@bp.get("/staff")
def page():
    if not settings().get("staff_token"):
        return refuse(404, NO_STAFF_VIEW)
    if not is_staff():
        return render("staff.html", 401, queue=None, error=None)
    return render("staff.html", queue=staffdata.queue_status(db()), recent=staffdata.recent(db()), error=None)


@bp.get("/staff/students/<name>")
def student(name):
    """One student's whole history, newest first, each linked to its report."""
    refusal = closed_page()
    if refusal:
        return refusal
    if not staffdata.student(db(), name):
        return refuse(404, "no student %s" % name)
    return render("staff_student.html", student=name, history=[described(i) for i in store.history(db(), name)])


@bp.get("/staff/submissions/<sid>")
def submission(sid):
    """Any student's submission, as its report page shows it to them."""
    refusal = closed_page()
    if refusal:
        return refusal
    item = store.submission(db(), sid, with_report=True)
    if item is None:
        return refuse(404, "no submission %s" % sid)
    view = report_view(item, games.get(settings()["options"]["program"]))
    return render("report.html", item=described(item), view=view, student=item["student"], staff_view=True,
                  weak=item["weak_sandbox"])


@bp.post("/staff/login")
def login():
    expected = settings().get("staff_token")
    sent = flask.request.form.get("token", "")
    if not expected or not csrf_ok():
        return render("staff.html", 401, queue=None, error="not the staff token (or a stale form)")
    try:
        right = checked_token(lambda: hmac.compare_digest(sent.encode(), expected.encode()), "staff")
    except throttle.Throttled as error:
        return render("staff.html", 429, queue=None, error=str(error))
    if not right:
        return render("staff.html", 401, queue=None, error="not the staff token (or a stale form)")
    sid = sessions.open_session(db(), sessions.STAFF, "staff", sessions.digest(expected), settings()["session_hours"])
    sessions.log_in(sid)
    return redirect("staff.page")


@bp.post("/staff/logout")
def logout():
    if csrf_ok():
        sessions.log_out(db())
    return redirect("staff.page")
