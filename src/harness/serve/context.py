"""context.py -- what every part of the web front shares, and nothing of a
view: the request's database connection (taken from the process's idle
ones, given back at the request's end), a refusal as JSON, the student
calling (Bearer token or the page's session) and the front's log line.
The views (api, pages, staff, workerapi) import it; it imports none of
them.
"""

import math
import secrets

import flask

from . import logs, sessions, store, throttle
from .db import Database

# Where the factory keeps the process's Connections (app.extensions).
CONNECTIONS = "serve.connections"


class Connections:
    """The database connections of one process of the front. A request
    takes one (an idle one, else a new one) at its first query and gives
    it back at its end; up to KEPT wait idle for the next requests, and a
    failed request's is closed (the database may have gone away). Each
    request in flight holds its own: under gevent's greenlets as under
    threads, no connection is ever used by two requests at once."""

    KEPT = 16

    def __init__(self, url):
        self.url, self.idle = url, []

    def take(self):
        try:
            return self.idle.pop()
        except IndexError:
            return Database(self.url)

    def give_back(self, connection):
        if len(self.idle) < self.KEPT:
            self.idle.append(connection)
        else:
            connection.close()


def settings():
    """The service's configuration (config.py's), as the factory stored it."""
    return flask.current_app.config["SERVE"]


def db():
    """The request's connection (flask.g's for the request's length)."""
    if flask.g.get("db") is None:
        flask.g.db = flask.current_app.extensions[CONNECTIONS].take()
    return flask.g.db


def drop_connection(error=None):
    """The request's connection closed after an error (the next request
    gets a fresh one: the database may have gone away and come back), else
    given back for the next request. Every request's teardown calls it."""
    connection = flask.g.pop("db", None)
    if connection is None:
        return
    if error is None:
        flask.current_app.extensions[CONNECTIONS].give_back(connection)
        return
    try:
        connection.close()
    except Exception:  # already broken: it is dropped all the same
        pass


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
