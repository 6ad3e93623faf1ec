"""context.py -- what every part of the web front shares, and nothing of a
view: the request's database connection (one per thread of a gunicorn
process, kept between requests), a refusal as JSON, the student calling
(Bearer token or the page's session) and the front's log line. The views
(api, pages, staff, workerapi) import it; it imports none of them.
"""

import math
import secrets
import threading

import flask

from . import logs, sessions, store, throttle
from .db import Database

# One connection per thread of a gunicorn process, kept between requests
# (a connection is used by its own thread only); nothing else is kept.
LOCAL = threading.local()


def settings():
    """The service's configuration (config.py's), as the factory stored it."""
    return flask.current_app.config["SERVE"]


def db():
    if getattr(LOCAL, "db", None) is None:
        LOCAL.db = Database(settings()["db"])
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


def absolute(endpoint, **values):
    """The URL of ENDPOINT from the configured base URL (--base-url), never
    from the request's Host header."""
    return settings()["base_url"] + flask.url_for(endpoint, **values)


def redirect(endpoint, **values):
    """A 303 to ENDPOINT, its Location made by absolute()."""
    return flask.redirect(absolute(endpoint, **values), 303)


def refuse(status, message, retry_after=None):
    response = flask.jsonify({"error": message})
    response.status_code = status
    if retry_after is not None:
        response.headers["Retry-After"] = str(max(1, int(math.ceil(retry_after))))
    return response


def caller():
    """The student of the request: Bearer token, or the page's session
    (then flask.g.by_cookie is set: a write needs same_origin())."""
    header = flask.request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        flask.g.student = checked_token(lambda: store.student_of(db(), header[len("Bearer "):]))
        return flask.g.student
    flask.g.student = sessions.student(db(), flask.session.get("sid"))
    flask.g.by_cookie = flask.g.student is not None
    return flask.g.student


def checked_token(check, name=None):
    """check() (who a token is, or a false value for none) behind the
    throttle of the client's address (and NAME's): raises
    throttle.Throttled while over the limit, records a failure."""
    keys = throttle.keys(flask.request.remote_addr, name)
    throttle.check(db(), keys)
    found = check()
    if not found:
        throttle.failed(db(), keys)
    return found


def same_origin():
    """A request the page itself made: the form's CSRF token in the
    X-CSRF-Token header, or an Origin (else a Referer) of the base URL."""
    sent, kept = flask.request.headers.get("X-CSRF-Token", ""), flask.session.get("csrf", "")
    if sent and kept and secrets.compare_digest(sent, kept):
        return True
    base = settings()["base_url"]
    origin = flask.request.headers.get("Origin")
    if origin is not None:
        return origin == base
    return flask.request.headers.get("Referer", "").startswith(base + "/")


def log_event(event, **fields):
    logs.log("front", event, **fields)
