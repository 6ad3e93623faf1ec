"""config.py -- scripts/serve's options, and the configuration every
process of the service reads (DATA/config.json, written at start)."""

import argparse
import json
import os
import socket
import urllib.parse

from harness import cases, games

from . import body, checking, tokens
from .db import Database, default_url

DESCRIPTION = """The pre-submission service: students upload their sources (or one .zip
or .tar.gz) with their token, N local workers build and check them with
scripts/check-engine in its sandbox against the visible tests, and the
page and the JSON API show the verdict and check-engine's report.
State (the queue included) lives in the database: a restart on the same
--data finishes every accepted submission."""

EPILOG = """examples:
  scripts/serve --roster class.csv                        one machine, SQLite in build/serve
  scripts/serve --roster class.csv --db postgresql://serve@db:5432/serve \
      --host 0.0.0.0 --workers 0 --worker-token worker.token --staff-token staff.token
                                                          a front of several on one PostgreSQL
  scripts/serve-worker --server http://front1:8080 --token worker.token
                                                          a remote worker pulling from it

The log (stderr) is one logfmt line per request (event=request: method,
path, status, ms, student) and per job (event=job-start, job-end: worker,
job, state, seconds, summary). src/serve/README.md: running it for a course."""


# How long a log-in of the page lasts, in hours (--session-hours).
SESSION_HOURS = 8


def parser():
    p = argparse.ArgumentParser(prog="scripts/serve", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--program", choices=games.names(), default=games.DEFAULT,
                   help="the assignment whose programs are checked (default: %s)" % games.DEFAULT)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8080, help="port (default: 8080)")
    p.add_argument("--data", default=os.path.join(checking.ROOT, "build", "serve"),
                   help="the service's folder (default: the repository's build/serve)")
    p.add_argument("--db", help="database URL: sqlite:///FILE or postgresql://... "
                                "(default: DATA/serve.sqlite, WAL mode)")
    p.add_argument("--roster", help="the class's roster, CSV with columns name, token (email optional); "
                                    "imported at start, tokens kept only as hashes")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="local workers (default: the cores; 0: a front only, "
                                                                      "for remote workers)")
    p.add_argument("--queue-limit", type=int, default=1000,
                   help="queued jobs before a new submission gets 503 (default: 1000)")
    p.add_argument("--student-limit", type=int, default=30,
                   help="submissions per student per hour before 429 (default: 30)")
    p.add_argument("--category", action="append", dest="categories",
                   help="a category of visible tests (repeatable; default: the game's own visible "
                        "categories, e.g. checkers: official and examples; draughts: examples)")
    p.add_argument("--timeout", type=float, default=10, help="check-engine's --timeout per case (default: 10)")
    p.add_argument("--check-jobs", type=int, default=2, help="check-engine's --jobs per worker (default: 2)")
    p.add_argument("--stop-after-hangs", type=int, default=checking.STOP_AFTER_HANGS,
                   help="check-engine's --stop-after-hangs: after this many cases in a row hang, the rest "
                        "are not run (default: 3; 0: every case runs)")
    p.add_argument("--no-old-standards", action="store_true",
                   help="check-engine's --no-old-standards: a program its language's own command does not build "
                        "is not built again with the older standard (C++: -std=gnu++98); use it when mark does")
    p.add_argument("--upload-limit", type=int, default=1048576, help="bytes per upload (default: 1 MiB)")
    p.add_argument("--body-timeout", type=float, default=body.BODY_SECONDS,
                   help="seconds a request's body (an upload) may take to arrive; a slower one is answered 408 "
                        "(default: %(default)g)")
    p.add_argument("--lease", type=float, default=30, help="seconds a claim holds without a heartbeat (default: 30)")
    p.add_argument("--max-tries", type=int, default=3, help="claims before a job whose worker keeps dying "
                                                            "becomes an error (default: 3)")
    p.add_argument("--worker-token", metavar="FILE", help="a file holding the secret that remote workers "
                   "(scripts/serve-worker --token FILE) present; without it the front takes none")
    p.add_argument("--staff-token", metavar="FILE", help="a file holding the staff's token: opens /staff, "
                   "GET /api/queue and /staff/results.csv")
    p.add_argument("--session-hours", type=float, default=SESSION_HOURS,
                   help="hours a log-in of the page lasts (default: %g: a lab session or an evening's work; "
                        "a cookie left on a shared machine is dead by the next day)" % SESSION_HOURS)
    p.add_argument("--base-url", help="the address students reach the service at, e.g. https://check.example.edu: "
                   "every link, `url`, `page` and `Location` is made from it, never from the request's Host; "
                   "https makes the session cookie Secure (default: http://HOST:PORT)")
    p.add_argument("--trust-proxy", action="store_true",
                   help="behind a proxy (nginx): take the client's address from X-Forwarded-For and HTTPS from "
                        "X-Forwarded-Proto (Secure cookies); without it both headers are ignored")
    p.add_argument("--min-free-mb", type=float, default=100,
                   help="MiB the data folder's disk keeps free: below it uploads get 507 and /healthz is not ok, "
                        "and workers claim nothing (default: 100)")
    p.add_argument("--weak-sandbox", action="store_true",
                   help="serve even where the sandbox does not contain a submission (the probe at start got out, "
                        "or bubblewrap cannot run): the staff page and every report then say so. Without it such a "
                        "start is refused")
    p.add_argument("--web-processes", type=int, default=2, help="gunicorn's worker processes (default: 2)")
    return p


def visible_categories(game, wanted):
    """The categories of visible tests: WANTED, or the game's own; a
    category the game's corpus lacks is refused (ValueError naming the
    categories there are), before anything is made."""
    chosen = list(wanted or game.visible_categories)
    unknown = cases.unknown_categories(game.corpus, chosen)
    if unknown:
        raise ValueError("--program %s has no category '%s' (there are: %s)"
                         % (game.name, unknown[0], " ".join(cases.categories(game.corpus))))
    return chosen


def build(args):
    """The configuration as data, from the parsed options."""
    data = os.path.abspath(args.data)
    game = games.get(args.program)
    options = {"program": game.name, "categories": visible_categories(game, args.categories),
               "timeout": args.timeout, "check_jobs": args.check_jobs, "stop_after_hangs": args.stop_after_hangs,
               "old_standards": not args.no_old_standards}
    cases = checking.case_ids(options)
    totals = {c: sum(1 for case in cases if case.split("/")[0] == c) for c in options["categories"]}
    return {"data": data, "db": args.db or default_url(data), "options": options,
            "fingerprint": checking.fingerprint(options), "total": len(cases), "category_totals": totals,
            "source_globs": checking.source_globs(), "workers": args.workers, "queue_limit": args.queue_limit,
            "student_limit": args.student_limit, "upload_limit": args.upload_limit, "lease": args.lease,
            "max_tries": args.max_tries, "worker_token": read_token(args.worker_token),
            "staff_token": read_token(args.staff_token), "session_hours": args.session_hours,
            "base_url": base_url(args), "trust_proxy": args.trust_proxy,
            "min_free_mb": args.min_free_mb, "body_seconds": args.body_timeout}


def base_url(args):
    """--base-url without its last /, or http://HOST:PORT (the machine's name
    when HOST is every address); anything but http(s)://HOST[:PORT] is refused."""
    host = socket.getfqdn() if args.host in ("0.0.0.0", "::", "") else args.host
    url = args.base_url or "http://%s:%d" % ("[%s]" % host if ":" in host else host, args.port)
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/") or \
            parts.query or parts.fragment:
        raise ValueError("--base-url %s: give the scheme and host only, e.g. https://check.example.edu" % url)
    return url.rstrip("/")


def read_token(path):
    """A token from its file (None without one); a short one is refused
    (tokens.require: at least 16 random bytes)."""
    if not path:
        return None
    with open(path, encoding="utf-8") as handle:
        token = handle.read().strip()
    return tokens.require(token, path)


def write(config):
    path = os.path.join(config["data"], "config.json")
    fd = os.open(path + ".new", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # it holds the tokens
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(config, handle, indent=1)
    os.replace(path + ".new", path)
    return path


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def secret(config):
    """The key that signs the page's session cookies: made once, kept in the
    database, so that every front sharing it accepts every front's cookie."""
    db = Database(config["db"])
    try:
        return db.setting("session_key", lambda: os.urandom(32).hex())
    finally:
        db.close()
