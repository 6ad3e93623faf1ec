"""api.py -- the students' JSON API (a blueprint, registered by
app.create_app): submit, one submission, the history; and /healthz.
"""

import flask

from . import space, store
from .context import caller, db, drop_connection, refuse, same_origin, settings
from .submissions import accept, described, uploads_of

bp = flask.Blueprint("api", __name__)


@bp.post("/api/submissions")
def submit():
    student = caller()
    if student is None:
        return refuse(401, "no known token: send 'Authorization: Bearer TOKEN'")
    if flask.g.get("by_cookie") and not same_origin():
        return refuse(403, "a session cookie alone does not submit: send the page's X-CSRF-Token "
                           "(or 'Authorization: Bearer TOKEN')")
    status, value, retry = accept(student, uploads_of(flask.request))
    if status != 202:
        return refuse(status, value, retry)
    body = described(store.submission(db(), value))
    return flask.jsonify({key: body[key] for key in ("id", "state", "position", "url", "page",
                                                     "estimated_wait", "cached")}), 202, {"Location": body["url"]}


@bp.get("/api/submissions/<sid>")
def submission(sid):
    student = caller()
    if student is None:
        return refuse(401, "no known token")
    item = store.submission(db(), sid, student)
    if item is None:
        return refuse(404, "no submission %s of yours" % sid)
    return flask.jsonify(described(item))


@bp.get("/api/submissions")
def history():
    student = caller()
    if student is None:
        return refuse(401, "no known token")
    return flask.jsonify({"student": student, "submissions": [described(i) for i in store.history(db(), student)]})


@bp.get("/healthz")
def healthz():
    try:
        queued = store.queue_length(db())
    except Exception as error:  # the database does not answer: say so, as data
        drop_connection(error)
        return refuse(503, "database: %s" % error, 10)
    if space.low(settings()):
        response = flask.jsonify({"ok": False, "error": "the data folder's disk is full", "queued": queued})
        return response, 503, {"Retry-After": str(space.RETRY_SECONDS)}
    if queued >= settings()["queue_limit"]:
        return refuse(503, "the queue is full", 30)
    return flask.jsonify({"ok": True, "queued": queued})
