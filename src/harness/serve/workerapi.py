"""workerapi.py -- the front's API for remote workers (scripts/serve-worker;
a blueprint, registered by app.create_app), open only with --worker-token
FILE and only to that token: the checking's configuration, a claim (the job's files in the answer, base64), the
heartbeat (with the check's progress when the worker sends it) and the result. The same leases.py as the local workers: a
claim first requeues expired leases, only the lease's holder stores a
result, and a worker whose fingerprint (corpus, checking code, options)
is not the front's gets 409 and no work."""

import base64
import hmac

import flask

from . import leases
from .context import db, log_event, refuse, settings

bp = flask.Blueprint("worker", __name__)


@bp.before_request
def refused():
    """None when the request carries the worker token, else the refusal
    (run before every view of this blueprint: a refusal answers alone)."""
    expected = settings().get("worker_token")
    if not expected:
        return refuse(403, "this front takes no remote workers (start it with --worker-token FILE)")
    header = flask.request.headers.get("Authorization", "")
    if not hmac.compare_digest(header.encode(), ("Bearer " + expected).encode()):
        return refuse(401, "not the worker token")
    body = flask.request.get_json(silent=True)
    if flask.request.method == "POST":
        if not isinstance(body, dict) or not body.get("worker"):
            return refuse(400, "a JSON body with worker is needed")
        if body.get("fingerprint") != settings()["fingerprint"]:
            return refuse(409, "the worker's corpus or checking code differs from the front's: "
                               "update its repository and build it")
    return None


@bp.get("/api/worker/config")
def config():
    given = settings()
    return flask.jsonify({key: given[key] for key in ("options", "fingerprint", "total", "lease",
                                                                    "max_tries")})


@bp.post("/api/worker/claim")
def claim():
    given, body = settings(), flask.request.get_json(silent=True)
    leases.requeue_expired(db(), max_tries=given["max_tries"])
    job = leases.claim(db(), body["worker"], given["lease"])
    if job is None:
        return flask.jsonify(None)
    # (a worker whose sandbox does not contain, started with --weak-sandbox, says why: logged, and
    # recorded for the staff's view and the report of each job it runs)
    weak = {"weak_sandbox": str(body["weak_sandbox"])[:500]} if body.get("weak_sandbox") else {}
    if weak:
        leases.weak(db(), body["worker"], weak["weak_sandbox"])
    log_event("claim", job=job[0], worker=body["worker"], **weak)
    return flask.jsonify({"id": job[0], "files": base64.b64encode(job[1]).decode()})


@bp.post("/api/worker/heartbeat")
def heartbeat():
    body = flask.request.get_json(silent=True)
    held = leases.heartbeat(db(), str(body.get("id")), body["worker"], settings()["lease"])
    count = body.get("progress")  # (optional: [done, total] cases of the running check)
    if held and isinstance(count, list) and len(count) == 2 and all(type(n) is int and n >= 0 for n in count):
        leases.progress(db(), str(body.get("id")), body["worker"], count[0], count[1])
    return flask.jsonify({"held": held})


@bp.post("/api/worker/result")
def result():
    body = flask.request.get_json(silent=True)
    found = body.get("result")
    if not isinstance(found, dict) or found.get("state", "done") not in ("done", "error"):
        return refuse(400, "a result (state done or error) is needed")
    stored = leases.finish(db(), str(body.get("id")), body["worker"], found)
    log_event("result", job=body.get("id"), worker=body["worker"], state=found.get("state"), stored=stored)
    return flask.jsonify({"stored": stored})

