"""staff.py -- the staff's view, open only with --staff-token FILE and only
to that token (as `Authorization: Bearer`, or once through the page's
login form): /staff (the queue, the workers, the rate), GET /api/queue
(the same as JSON) and /staff/results.csv (every student's latest result,
marks.csv's columns where they apply)."""

import csv
import hmac
import io

import flask

from . import app as api
from . import pages, staffdata


def is_staff():
    expected = flask.current_app.config["SERVE"].get("staff_token")
    if not expected:
        return False
    header = flask.request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return hmac.compare_digest(header[len("Bearer "):].encode(), expected.encode())
    return bool(flask.session.get("staff"))


def closed():
    if not flask.current_app.config["SERVE"].get("staff_token"):
        return api.refuse(404, "this service has no staff view (start it with --staff-token FILE)")
    return None if is_staff() else api.refuse(401, "the staff token is needed")


def queue():
    return closed() or flask.jsonify(staffdata.queue_status(api.db()))


def results_csv():
    refusal = closed()
    if refusal:
        return refusal
    settings = flask.current_app.config["SERVE"]
    categories = settings["options"]["categories"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(staffdata.csv_header(categories))
    writer.writerows(staffdata.latest_rows(api.db(), categories, settings["category_totals"]))
    return flask.Response(out.getvalue(), mimetype="text/csv",
                          headers={"Content-Disposition": "attachment; filename=presubmission.csv"})


def page():
    if not flask.current_app.config["SERVE"].get("staff_token"):
        return api.refuse(404, "this service has no staff view (start it with --staff-token FILE)")
    if not is_staff():
        return pages.render("staff.html", 401, queue=None, error=None)
    return pages.render("staff.html", queue=staffdata.queue_status(api.db()), error=None)


def login():
    expected = flask.current_app.config["SERVE"].get("staff_token")
    sent = flask.request.form.get("token", "")
    if not expected or not pages.csrf_ok() or not hmac.compare_digest(sent.encode(), expected.encode()):
        return pages.render("staff.html", 401, queue=None, error="not the staff token (or a stale form)")
    flask.session.clear()
    flask.session["staff"] = True
    return flask.redirect(flask.url_for("staff_page"), 303)


def register(app):
    app.add_url_rule("/api/queue", "api_queue", queue)
    app.add_url_rule("/staff", "staff_page", page)
    app.add_url_rule("/staff/login", "staff_login", login, methods=["POST"])
    app.add_url_rule("/staff/results.csv", "staff_results", results_csv)
