"""app.py -- the web front's app factory (Flask, run by gunicorn as
`harness.serve.app:create_app()`): the configuration, the request hooks
(a fresh database connection after a failed request, a log line per
request) and the blueprints, each a module of views that never imports
this one: api (the students' JSON API), pages (their page), staff (the
staff's view), workerapi (the remote workers' API). What the views share
is context.py (the connection, the caller, refusals) and, for the pages,
rendering.py. The state is all in the database; a process keeps only its
idle connections to it (context.Connections).
"""

import datetime
import os
import time

import flask
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from . import api, body, downloads, headers, logs, pages, rendering, sessions, space, staff, throttle, workerapi
from . import config as configuration
from .context import CONNECTIONS, Connections, drop_connection, log_event, refuse


def log_request(response):
    """One line per request: method, path, status, milliseconds, the student."""
    started = getattr(flask.g, "started", None)
    log_event("request", method=flask.request.method, path=flask.request.path, status=response.status_code,
              ms=round((time.time() - started) * 1000, 1) if started else None,
              student=getattr(flask.g, "student", None), remote=flask.request.remote_addr)
    return response


def failed(error):
    """An error no view answered: a full disk is 507 with Retry-After, as
    JSON; any other a 500, as JSON too (its traceback in the log)."""
    if isinstance(error, HTTPException):
        return error
    drop_connection(error)
    if space.is_full(error):
        return refuse(507, space.MESSAGE, space.RETRY_SECONDS)
    flask.current_app.logger.exception("unanswered error")
    return refuse(500, "the service failed on this request: %s" % type(error).__name__)


def create_app(config_path=None):
    settings = configuration.load(config_path or os.environ["SERVE_CONFIG"])
    app = flask.Flask(__name__)
    app.config.update(SERVE=settings, SECRET_KEY=configuration.secret(settings),
                      MAX_CONTENT_LENGTH=max(settings["upload_limit"] + 65536, 8 << 20),
                      SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax",
                      SESSION_COOKIE_SECURE=settings["base_url"].startswith("https://"),
                      PERMANENT_SESSION_LIFETIME=datetime.timedelta(hours=settings["session_hours"]))
    app.session_interface = sessions.CookieSessions()
    app.extensions[CONNECTIONS] = Connections(settings["db"])
    bounds = body.Bounds(settings.get("body_seconds", body.BODY_SECONDS), app.config["MAX_CONTENT_LENGTH"],
                         settings["upload_limit"])
    app.wsgi_app = body.BodyDeadline(app.wsgi_app, bounds, lambda **fields: logs.log("front", "slow-body", **fields))
    if settings["trust_proxy"]:  # one proxy in front: its X-Forwarded-For and -Proto, never -Host
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=0, x_port=0, x_prefix=0)
    app.register_error_handler(413, lambda e: refuse(413, "the upload is over %d bytes" % settings["upload_limit"]))
    app.register_error_handler(throttle.Throttled, lambda e: refuse(429, str(e), e.retry_after))
    app.register_error_handler(Exception, failed)
    app.teardown_request(drop_connection)
    app.before_request(lambda: setattr(flask.g, "started", time.time()))
    app.after_request(log_request)
    rendering.set_up(app)
    headers.set_up(app)
    for blueprint in (api.bp, pages.bp, workerapi.bp, staff.bp, downloads.bp):
        app.register_blueprint(blueprint)
    return app
