"""rendering.py -- the HTML pages' shared parts (the students' pages and the
staff's): the templates (the service's own, then mark's report's: its
style and macros), the form's CSRF token and its check, and a page
rendered with them.
"""

import secrets
import time

import flask
import jinja2

LOADER = jinja2.ChoiceLoader([jinja2.PackageLoader("harness.serve", "templates"),
                              jinja2.PackageLoader("harness.mark.report", "templates")])


def set_up(app):
    """The app's templates: the loader, the white space, the time filter."""
    app.jinja_loader = LOADER
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True
    app.jinja_env.filters["timestamp"] = lambda t: time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(t))


def csrf_token():
    if "csrf" not in flask.session:
        flask.session["csrf"] = secrets.token_hex(16)
    return flask.session["csrf"]


def csrf_ok():
    sent = flask.request.form.get("csrf", "")
    return bool(sent) and secrets.compare_digest(sent, flask.session.get("csrf", ""))


def render(name, status=200, **values):
    settings = flask.current_app.config["SERVE"]
    values.setdefault("title", "Pre-submission check: %s" % settings["options"]["program"])
    return flask.render_template(name, csrf=csrf_token(), settings=settings, **values), status
