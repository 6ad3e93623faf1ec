"""sessions.py -- the page's log-in sessions, kept in the database so that
they can be ended: the cookie (signed by Flask) holds only the form's
CSRF token and a random session id; the row holds the id's hash, who it
is (a student, or the staff), the hash of the credential it was opened
with and when it ends. A session counts only while its row is there, not
expired, and its credential is still the current one: log-out deletes
the row, a new token in the roster (or a new --staff-token) ends every
session opened with the old one, and none outlives --session-hours.
Also the cookie's Secure flag: set when the base URL is https, or when
the request came over HTTPS (behind a trusted proxy, its
X-Forwarded-Proto)."""

import hashlib
import secrets
import time

import flask
from flask.sessions import SecureCookieSessionInterface

STUDENT, STAFF = "student", "staff"


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()


def open_session(db, kind, name, credential, hours):
    """A new session of NAME (kind STUDENT or STAFF) opened with the
    credential whose hash is CREDENTIAL; its id, for the cookie. Expired
    rows are removed on the way."""
    sid, now = secrets.token_urlsafe(32), time.time()
    with db.transaction():
        db.execute("DELETE FROM sessions WHERE expires < ?", (now,))
        db.execute("INSERT INTO sessions (id_hash, kind, name, credential, created, expires) "
                   "VALUES (?, ?, ?, ?, ?, ?)", (digest(sid), kind, name, credential, now, now + hours * 3600))
    return sid


def end_session(db, sid):
    if sid:
        db.execute("DELETE FROM sessions WHERE id_hash = ?", (digest(sid),))


def log_in(sid):
    """A log-in's cookie: emptied (a new CSRF token too), then holding the
    new session SID (open_session's)."""
    flask.session.clear()
    flask.session["sid"] = sid


def log_out(db):
    """A log-out (the form checked by the view): the visitor's session
    ended in the database, its cookie emptied (a new CSRF token too)."""
    end_session(db, flask.session.get("sid"))
    flask.session.clear()


def live(db, sid, kind):
    """(name, credential hash) of the session SID of this kind while it
    lasts, else None."""
    if not sid or not isinstance(sid, str):
        return None
    row = db.one("SELECT name, credential FROM sessions WHERE id_hash = ? AND kind = ? AND expires > ?",
                 (digest(sid), kind, time.time()))
    return (row[0], row[1]) if row else None


def student(db, sid):
    """The student of the session SID, if it lasts and their token is still
    the one it was opened with (and they are still on the roster)."""
    found = live(db, sid, STUDENT)
    if found and db.one("SELECT 1 FROM students WHERE name = ? AND token_hash = ? AND active = 1", found):
        return found[0]
    return None


def staff(db, sid, token):
    """True if SID is a lasting staff session opened with today's staff TOKEN."""
    found = live(db, sid, STAFF)
    return bool(token and found and secrets.compare_digest(found[1], digest(token)))


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed cookie, with Secure decided per request: always when
    SESSION_COOKIE_SECURE (an https base URL), else when the request is
    HTTPS (X-Forwarded-Proto, when the front trusts its proxy)."""

    def get_cookie_secure(self, app):
        return bool(app.config["SESSION_COOKIE_SECURE"]) or flask.request.is_secure
