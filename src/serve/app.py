"""app.py -- the web front (Flask, run by gunicorn): the JSON API and,
through pages.py, the students' page. The state is all in the database;
a process keeps only its threads' connections to it.
"""

import math
import os
import threading
import time

import flask

from . import config as configuration
from . import logs, pages, staff, store, unpack, workerapi
from .db import Database

API_FIELDS = ("id", "state", "position", "compiled", "passed", "failed", "total", "summary", "cached",
              "created", "finished")


# One connection per thread of a gunicorn process, kept between requests
# (a connection is used by its own thread only); nothing else is kept.
LOCAL = threading.local()


def db():
    if getattr(LOCAL, "db", None) is None:
        LOCAL.db = Database(flask.current_app.config["SERVE"]["db"])
    return LOCAL.db


def drop_connection(error=None):
    """After a failed request, a fresh connection for the next one (the
    database may have gone away and come back)."""
    if error is not None and getattr(LOCAL, "db", None) is not None:
        try:
            LOCAL.db.close()
        except Exception:  # already broken: it is dropped all the same
            pass
        LOCAL.db = None


def refuse(status, message, retry_after=None):
    response = flask.jsonify({"error": message})
    response.status_code = status
    if retry_after is not None:
        response.headers["Retry-After"] = str(max(1, int(math.ceil(retry_after))))
    return response


def estimated_wait(position):
    """Seconds until a job at this position is done, from recent checks."""
    if position is None:
        return None
    average = store.average_seconds(db()) or 5.0
    return round(math.ceil(position / max(1, flask.current_app.config["SERVE"]["workers"])) * average)


def described(item):
    """A submission as the API gives it."""
    found = {key: item.get(key) for key in API_FIELDS}
    if found["compiled"] is not None:
        found["compiled"] = bool(found["compiled"])
    found["cached"] = bool(found["cached"])
    found["files"] = item["file_names"].split("\n")
    found["estimated_wait"] = estimated_wait(item["position"])
    found["url"] = flask.url_for("api_submission", sid=item["id"], _external=True)
    found["page"] = flask.url_for("submission_page", sid=item["id"], _external=True)
    return found


def caller():
    """The student of the request: Bearer token, or the page's session."""
    header = flask.request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        flask.g.student = store.student_of(db(), header[len("Bearer "):])
        return flask.g.student
    name = flask.session.get("student")
    if name and db().one("SELECT 1 FROM students WHERE name = ? AND active = 1", (name,)):
        return name
    return None


def accept(student, uploads):
    """The checks of a new submission and its writing; (status, body, retry
    after). Shared by the API and the page's form."""
    settings = flask.current_app.config["SERVE"]
    if sum(len(data) for _, data in uploads) > settings["upload_limit"]:
        return 413, "the upload is over %d bytes" % settings["upload_limit"], None
    count, oldest = store.recent_count(db(), student)
    if count >= settings["student_limit"]:
        return 429, "%d submissions in the last hour: the limit" % count, oldest + 3600 - time.time()
    try:
        files = unpack.unpack(uploads, settings["source_globs"])
    except unpack.Unusable as error:
        return 400, str(error), None
    key = unpack.sources_hash(files) + ":" + settings["fingerprint"]
    sid, _ = store.submit(db(), student, unpack.files_blob(files), sorted(files), key, settings["queue_limit"])
    if sid is None:
        return 503, "the queue is full (%d jobs); try again later" % settings["queue_limit"], \
            estimated_wait(settings["queue_limit"]) or 30
    return 202, sid, None


def uploads_of(request):
    return [(part.filename or "", part.read()) for part in request.files.getlist("file")]


def api_submit():
    student = caller()
    if student is None:
        return refuse(401, "no known token: send 'Authorization: Bearer TOKEN'")
    status, value, retry = accept(student, uploads_of(flask.request))
    if status != 202:
        return refuse(status, value, retry)
    body = described(store.submission(db(), value))
    return flask.jsonify({key: body[key] for key in ("id", "state", "position", "url", "page",
                                                     "estimated_wait", "cached")}), 202, {"Location": body["url"]}


def api_submission(sid):
    student = caller()
    if student is None:
        return refuse(401, "no known token")
    item = store.submission(db(), sid, student)
    if item is None:
        return refuse(404, "no submission %s of yours" % sid)
    return flask.jsonify(described(item))


def api_history():
    student = caller()
    if student is None:
        return refuse(401, "no known token")
    return flask.jsonify({"student": student, "submissions": [described(i) for i in store.history(db(), student)]})


def healthz():
    settings = flask.current_app.config["SERVE"]
    try:
        queued = store.queue_length(db())
    except Exception as error:  # the database does not answer: say so, as data
        drop_connection(error)
        return refuse(503, "database: %s" % error, 10)
    if queued >= settings["queue_limit"]:
        return refuse(503, "the queue is full", 30)
    return flask.jsonify({"ok": True, "queued": queued})


def log_event(event, **fields):
    logs.log("front", event, **fields)


def log_request(response):
    """One line per request: method, path, status, milliseconds, the student."""
    started = getattr(flask.g, "started", None)
    log_event("request", method=flask.request.method, path=flask.request.path, status=response.status_code,
              ms=round((time.time() - started) * 1000, 1) if started else None,
              student=getattr(flask.g, "student", None), remote=flask.request.remote_addr)
    return response


def create_app(config_path=None):
    settings = configuration.load(config_path or os.environ["SERVE_CONFIG"])
    app = flask.Flask(__name__)
    app.config.update(SERVE=settings, SECRET_KEY=configuration.secret(settings),
                      MAX_CONTENT_LENGTH=max(settings["upload_limit"] + 65536, 8 << 20),
                      SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax")
    app.add_url_rule("/api/submissions", "api_submit", api_submit, methods=["POST"])
    app.add_url_rule("/api/submissions", "api_history", api_history, methods=["GET"])
    app.add_url_rule("/api/submissions/<sid>", "api_submission", api_submission)
    app.add_url_rule("/healthz", "healthz", healthz)
    app.register_error_handler(413, lambda e: refuse(413, "the upload is over %d bytes" % settings["upload_limit"]))
    app.teardown_request(drop_connection)
    app.before_request(lambda: setattr(flask.g, "started", time.time()))
    app.after_request(log_request)
    pages.register(app)
    workerapi.register(app)
    staff.register(app)
    return app
