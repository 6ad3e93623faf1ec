"""store.py -- every query of the service, over db.Database: the roster,
a submission and its job written in one transaction, the queue's
position, the claim with its lease and heartbeat, the requeue of expired
leases, supersede, the cache and the history, a running check's count and
the queue's estimate.
"""

import hashlib
import json
import secrets
import time

from harness.mark.roster import read_roster  # (the class's one roster, mark's too)

from . import estimate

# Job states. A submission's own state is one of these or `superseded`,
# `done` or `error`.
QUEUED, RUNNING = "queued", "running"
FINAL = ("done", "error", "superseded")
# The queue's estimate: the mean of this many recent checks' times
# (estimate.py's); the workers that held a job in this many seconds; the
# unit before any check has finished.
RECENT_CHECKS, WORKERS_WINDOW, FIRST_GUESS = estimate.RECENT, 600.0, estimate.FIRST_GUESS
RESULT_FIELDS = ("compiled", "passed", "failed", "total", "summary", "report", "seconds")


def token_hash(token):
    """A token as stored: its SHA-256 (tokens are long random strings, so
    a plain hash is enough; the token itself is never stored)."""
    return hashlib.sha256(token.strip().encode()).hexdigest()


def import_roster(db, path):
    """The class's roster (CSV: name, token, email optional; read by
    src/harness/mark/roster.py, as mark reads it) replaces the students' tokens; a
    student without a token, or no longer listed, keeps their history but
    can no longer log in. Returns how many students are active; raises
    roster.RosterError (a ValueError) naming the file and line."""
    rows = [(r["name"], token_hash(r["token"]), r["email"])
            for r in read_roster(path, ("name", "token")) if r["token"]]
    with db.transaction():
        db.execute("UPDATE students SET active = 0")
        for name, digest, email in rows:
            db.execute("DELETE FROM students WHERE token_hash = ? AND name <> ?", (digest, name))
            db.execute("INSERT INTO students (name, token_hash, email, active) VALUES (?, ?, ?, 1) "
                       "ON CONFLICT (name) DO UPDATE SET token_hash = excluded.token_hash, "
                       "email = excluded.email, active = 1", (name, digest, email))
    return len(rows)


def student_of(db, token):
    """The active student whose token this is, or None."""
    if not token:
        return None
    row = db.one("SELECT name FROM students WHERE token_hash = ? AND active = 1", (token_hash(token),))
    return row[0] if row else None


def recent_count(db, student, window=3600.0, now=None):
    """(submissions of the student in the last window seconds, the oldest's time)."""
    since = (now or time.time()) - window
    row = db.one("SELECT COUNT(*), MIN(created) FROM submissions WHERE student = ? AND created > ?",
                 (student, since))
    return row[0], row[1]


def queue_length(db):
    return db.one("SELECT COUNT(*) FROM jobs WHERE state = ?", (QUEUED,))[0]


def cached_result(db, cache_key):
    """The result of an earlier checking of the same sources with the same
    corpus and checking code, or None."""
    row = db.one("SELECT compiled, passed, failed, total, summary, report, seconds, id FROM submissions "
                 "WHERE cache_key = ? AND state = 'done' ORDER BY finished DESC LIMIT 1", (cache_key,))
    return dict(zip(RESULT_FIELDS + ("id",), row)) if row else None


def as_own(db, hit, sid):
    """A cached result as the new submission SID's own: the earlier
    submission's ID, wherever its report still names it, is SID; and when
    a weak worker ran the earlier one (ran_weakly), its report carries
    that (`ran_weakly`), since the answer reuses that run's verdict; the
    earlier ID itself is kept nowhere."""
    own = {f: hit[f].replace(hit["id"], sid) if isinstance(hit[f], str) else hit[f] for f in RESULT_FIELDS}
    weak = ran_weakly(db, hit["id"])
    if weak and own["report"]:
        own["report"] = json.dumps(dict(json.loads(own["report"]), ran_weakly=weak))
    return tuple(own[f] for f in RESULT_FIELDS)


def submit(db, student, files_blob, file_names, cache_key, queue_limit=None):
    """Writes the submission and its job in one transaction: a queued job
    of the same student is superseded; identical sources already checked
    are answered at once (state done, cached). Returns (id, state), or
    (None, 'full') when the queue holds queue_limit jobs and this one
    would add to it."""
    sid, now = secrets.token_hex(8), time.time()
    with db.transaction():
        hit = cached_result(db, cache_key)
        superseded = db.all("SELECT id FROM jobs WHERE student = ? AND state = ?", (student, QUEUED))
        if hit is None and queue_limit is not None and not superseded and queue_length(db) >= queue_limit:
            return None, "full"
        for (old,) in superseded:
            if db.execute("UPDATE jobs SET state = 'superseded', reason = ? WHERE id = ? AND state = ?",
                          (sid, old, QUEUED)).rowcount != 1:
                continue
            db.execute("UPDATE submissions SET state = 'superseded', finished = ?, "
                       "summary = ? WHERE id = ?", (now, "superseded by " + sid, old))
        state = "done" if hit else QUEUED
        db.execute("INSERT INTO submissions (id, student, created, files, file_names, cache_key, state, cached) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (sid, student, now, db.blob(files_blob), "\n".join(file_names), cache_key, state, int(bool(hit))))
        if hit:
            db.execute("UPDATE submissions SET compiled = ?, passed = ?, failed = ?, total = ?, summary = ?, "
                       "report = ?, seconds = ?, finished = ? WHERE id = ?",
                       as_own(db, hit, sid) + (now, sid))
        else:
            db.execute("INSERT INTO jobs (id, student, state, created) VALUES (?, ?, ?, ?)",
                       (sid, student, QUEUED, now))
    return sid, state


def position(db, sid):
    """1 + the queued jobs ahead of this one, or None when not queued."""
    row = db.one("SELECT state, created FROM jobs WHERE id = ?", (sid,))
    if not row or row[0] != QUEUED:
        return None
    ahead = db.one("SELECT COUNT(*) FROM jobs WHERE state = ? AND (created < ? OR (created = ? AND id < ?))",
                   (QUEUED, row[1], row[1], sid))[0]
    return ahead + 1


COLUMNS = ("id", "student", "created", "file_names", "state", "cached", "compiled", "passed",
           "failed", "total", "summary", "finished", "seconds")


def submission(db, sid, student=None, with_report=False):
    """One submission as a dict (the report too when asked), or None; with
    student, None unless it is that student's."""
    columns = COLUMNS + (("report",) if with_report else ())
    row = db.one("SELECT %s FROM submissions WHERE id = ?" % ", ".join(columns), (sid,))
    if row is None or (student is not None and row[1] != student):
        return None
    found = dict(zip(columns, row))
    found["position"] = position(db, sid) if found["state"] == QUEUED else None
    found["progress"] = progress_of(db, sid) if found["state"] == RUNNING else None
    if with_report:
        found["weak_sandbox"] = ran_weakly(db, sid, found["report"])
    return found


def ran_weakly(db, sid, report=""):
    """{worker, why} of a worker whose sandbox does not contain (a remote
    one started with --weak-sandbox) that claimed the job, the latest
    such, or that ran the job whose result a cached answer reuses (its
    REPORT's `ran_weakly`, as_own's); None when every claim's worker
    contained it (or none claimed it)."""
    row = db.one("SELECT c.worker, w.why FROM claims c JOIN weak_workers w ON w.worker = c.worker "
                 "WHERE c.job = ? ORDER BY c.try DESC LIMIT 1", (sid,))
    if row:
        return {"worker": row[0], "why": row[1]}
    try:
        carried = json.loads(report or "{}").get("ran_weakly")
    except (ValueError, AttributeError):
        return None
    return carried if isinstance(carried, dict) else None


def progress_of(db, sid):
    """How far a running job's check is, {done, total} cases, or None
    before its first count (while its program is built)."""
    row = db.one("SELECT done, total FROM progress WHERE job = ?", (sid,))
    return {"done": row[0], "total": row[1]} if row else None


def history(db, student, limit=200):
    """The student's submissions, newest first."""
    rows = db.all("SELECT %s FROM submissions WHERE student = ? ORDER BY created DESC, id DESC LIMIT ?"
                  % ", ".join(COLUMNS), (student, limit))
    found = [dict(zip(COLUMNS, row)) for row in rows]
    for item in found:
        item["position"] = position(db, item["id"]) if item["state"] == QUEUED else None
        item["progress"] = progress_of(db, item["id"]) if item["state"] == RUNNING else None
    return found


def held_seconds(db, recent=RECENT_CHECKS):
    """How long each of the last RECENT checks held its worker, oldest
    first: its claim to its result stored (the sources written, the build,
    check-engine, the report, as the worker saw it), which check-engine's
    own `seconds` leaves part of out. The queue estimate's unit is their mean."""
    rows = db.all("SELECT ended - claimed FROM claims WHERE outcome IN ('done', 'error') AND ended IS NOT NULL "
                  "ORDER BY ended DESC LIMIT ?", (recent,))
    return [r[0] for r in reversed(rows)]


def workers_seen(db, window=WORKERS_WINDOW, now=None):
    """The workers (local or remote) that held a job in the last WINDOW
    seconds (their claims' heartbeats)."""
    since = (now or time.time()) - window
    return db.one("SELECT COUNT(DISTINCT worker) FROM claims WHERE heartbeat > ?", (since,))[0]


def running_elapsed(db, now=None):
    """How long each running job has run (seconds since its claim)."""
    now = now or time.time()
    rows = db.all("SELECT c.claimed FROM jobs j JOIN claims c ON c.job = j.id AND c.try = j.tries "
                  "WHERE j.state = ?", (RUNNING,))
    return [max(0.0, now - claimed) for (claimed,) in rows]


def queue_exits(db, recent=estimate.RECENT_EXITS):
    """The last RECENT exits from the queue, oldest first: True for a job
    superseded (its student uploaded again first), False for a claim."""
    rows = db.all("SELECT superseded FROM (SELECT claimed AS at, 0 AS superseded FROM claims UNION ALL "
                  "SELECT finished, 1 FROM submissions WHERE state = 'superseded') AS exits "
                  "ORDER BY at DESC LIMIT ?", (recent,))
    return [bool(r[0]) for r in reversed(rows)]


def estimated_wait(db, position, local_workers, now=None):
    """Seconds until a job at POSITION in the queue is done
    (estimate.queue_wait, a simulation): of the POSITION - 1 jobs queued
    ahead, those that will run (less half the share of recent exits
    superseded), each taking the mean time the recent checks held their
    worker, on the workers (the most of LOCAL_WORKERS, of the workers seen
    holding a job lately, remote ones too, and of the jobs running, at
    least 1), each running job with that mean less its elapsed time left.
    None when not queued."""
    if position is None:
        return None
    elapsed = running_elapsed(db, now)
    workers = max(1, local_workers, workers_seen(db, now=now), len(elapsed))
    return round(estimate.queue_wait(held_seconds(db), queue_exits(db), position - 1, workers, elapsed))
