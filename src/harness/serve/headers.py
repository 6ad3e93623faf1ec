"""headers.py -- the headers every answer of the front carries: a Content
Security Policy (scripts only the page's own, each inline one with the
request's nonce; no plug-ins, no frames, forms and fetches to this
origin only, no <base>), framing refused twice (frame-ancestors and
X-Frame-Options, for older browsers), no MIME sniffing, and no Referer
to other sites."""

import secrets

import flask

POLICY = ("default-src 'none'; script-src 'nonce-{nonce}'; style-src 'unsafe-inline'; img-src 'self' data:; "
          "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")


def nonce():
    """The request's script nonce (made on first use; templates: csp_nonce)."""
    if "csp_nonce" not in flask.g:
        flask.g.csp_nonce = secrets.token_urlsafe(16)
    return flask.g.csp_nonce


def set_up(app):
    app.context_processor(lambda: {"csp_nonce": nonce()})
    app.after_request(add)


def pairs(script_nonce):
    """The headers as (name, value), for an answer whose nonce is SCRIPT_NONCE
    (also body.py's, which answers before the app)."""
    return [("Content-Security-Policy", POLICY.format(nonce=script_nonce)), ("X-Frame-Options", "DENY"),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin")]


def add(response):
    for name, value in pairs(nonce()):
        response.headers[name] = value
    return response
