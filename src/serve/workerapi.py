"""workerapi.py -- the front's API for remote workers (scripts/serve-worker),
open only with --worker-token FILE and only to that token: the checking's
configuration, a claim (the job's files in the answer, base64), the
heartbeat and the result. The same leases.py as the local workers: a
claim first requeues expired leases, only the lease's holder stores a
result, and a worker whose fingerprint (corpus, checking code, options)
is not the front's gets 409 and no work."""

import base64
import hmac

import flask

from . import app as api
from . import leases


def refused():
    """None when the request carries the worker token, else the refusal."""
    expected = flask.current_app.config["SERVE"].get("worker_token")
    if not expected:
        return api.refuse(403, "this front takes no remote workers (start it with --worker-token FILE)")
    header = flask.request.headers.get("Authorization", "")
    if not hmac.compare_digest(header.encode(), ("Bearer " + expected).encode()):
        return api.refuse(401, "not the worker token")
    body = flask.request.get_json(silent=True)
    if flask.request.method == "POST":
        if not isinstance(body, dict) or not body.get("worker"):
            return api.refuse(400, "a JSON body with worker is needed")
        if body.get("fingerprint") != flask.current_app.config["SERVE"]["fingerprint"]:
            return api.refuse(409, "the worker's corpus or checking code differs from the front's: "
                                   "update its repository and build it")
    return None


def config():
    settings = flask.current_app.config["SERVE"]
    return refused() or flask.jsonify({key: settings[key] for key in ("options", "fingerprint", "total", "lease",
                                                                       "max_tries")})


def claim():
    settings, body = flask.current_app.config["SERVE"], flask.request.get_json(silent=True)
    refusal = refused()
    if refusal:
        return refusal
    leases.requeue_expired(api.db(), max_tries=settings["max_tries"])
    job = leases.claim(api.db(), body["worker"], settings["lease"])
    if job is None:
        return flask.jsonify(None)
    api.log_event("claim", job=job[0], worker=body["worker"])
    return flask.jsonify({"id": job[0], "files": base64.b64encode(job[1]).decode()})


def heartbeat():
    body = flask.request.get_json(silent=True)
    refusal = refused()
    if refusal:
        return refusal
    held = leases.heartbeat(api.db(), str(body.get("id")), body["worker"], flask.current_app.config["SERVE"]["lease"])
    return flask.jsonify({"held": held})


def result():
    body = flask.request.get_json(silent=True)
    refusal = refused()
    if refusal:
        return refusal
    found = body.get("result")
    if not isinstance(found, dict) or found.get("state", "done") not in ("done", "error"):
        return api.refuse(400, "a result (state done or error) is needed")
    stored = leases.finish(api.db(), str(body.get("id")), body["worker"], found)
    api.log_event("result", job=body.get("id"), worker=body["worker"], state=found.get("state"), stored=stored)
    return flask.jsonify({"stored": stored})


def register(app):
    app.add_url_rule("/api/worker/config", "worker_config", config)
    app.add_url_rule("/api/worker/claim", "worker_claim", claim, methods=["POST"])
    app.add_url_rule("/api/worker/heartbeat", "worker_heartbeat", heartbeat, methods=["POST"])
    app.add_url_rule("/api/worker/result", "worker_result", result, methods=["POST"])
