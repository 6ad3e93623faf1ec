"""staffdata.py -- what the staff's view shows, as data from the database:
the queue (length, its jobs queued and running), each worker's last
heartbeat and throughput (from the claims table) and whether its sandbox
contains (weak_workers), the recent rate, and every student's latest
result in the columns of mark's marks.csv where they apply."""

import json
import time

from .store import QUEUED, RUNNING

RECENT = 600.0  # seconds: the window of throughput and rate


def queue_status(db, now=None):
    now = now or time.time()
    queued = db.one("SELECT COUNT(*), MIN(created) FROM jobs WHERE state = ?", (QUEUED,))
    running = db.all("SELECT id, student, worker, tries, heartbeat, lease_until FROM jobs WHERE state = ? "
                     "ORDER BY heartbeat", (RUNNING,))
    workers = db.all("SELECT worker, MAX(heartbeat), SUM(CASE WHEN outcome IN ('done', 'error') THEN 1 ELSE 0 END), "
                     "SUM(CASE WHEN outcome IN ('done', 'error') AND ended > ? THEN 1 ELSE 0 END), "
                     "SUM(CASE WHEN outcome = 'lease expired' THEN 1 ELSE 0 END) FROM claims GROUP BY worker "
                     "ORDER BY MAX(heartbeat) DESC", (now - RECENT,))
    weak = weak_workers(db)
    finished = db.one("SELECT COUNT(*) FROM submissions WHERE finished > ? AND state IN ('done', 'error') "
                      "AND cached = 0", (now - RECENT,))[0]
    submitted = db.one("SELECT COUNT(*) FROM submissions WHERE created > ?", (now - RECENT,))[0]
    return {
        "now": now, "queued": queued[0], "oldest_queued_seconds": round(now - queued[1], 1) if queued[1] else None,
        "running": [{"id": r[0], "student": r[1], "worker": r[2], "tries": r[3],
                     "heartbeat_seconds_ago": round(now - r[4], 1) if r[4] else None,
                     "lease_left_seconds": round(r[5] - now, 1) if r[5] else None,
                     "weak_sandbox": weak.get(r[2])} for r in running],
        "workers": [{"worker": w[0], "last_heartbeat_seconds_ago": round(now - w[1], 1), "jobs": int(w[2] or 0),
                     "jobs_per_minute": round((w[3] or 0) * 60 / RECENT, 2), "leases_lost": int(w[4] or 0),
                     "weak_sandbox": weak.get(w[0])} for w in workers],
        "weak_workers": [{"worker": name, "why": why} for name, why in sorted(weak.items())
                         if name in {w[0] for w in workers if now - w[1] < RECENT}],
        "jobs": [dict(job, weak_sandbox=weak.get(job["worker"])) for job in jobs(db, now)],
        "rate": {"window_seconds": RECENT, "checked_per_minute": round(finished * 60 / RECENT, 2),
                 "submitted_per_minute": round(submitted * 60 / RECENT, 2)},
    }


def jobs(db, now=None, limit=500):
    """The queued and running jobs: the running first, then the queue in
    the order workers take it; each with its student, state, since when
    it waits (seconds), worker and, when running, its cases checked."""
    now = now or time.time()
    rows = db.all("SELECT j.id, j.student, j.state, j.created, j.worker, p.done, p.total FROM jobs j "
                  "LEFT JOIN progress p ON p.job = j.id WHERE j.state IN (?, ?) "
                  "ORDER BY CASE WHEN j.state = ? THEN 0 ELSE 1 END, j.created, j.id LIMIT ?",
                  (RUNNING, QUEUED, RUNNING, limit))
    return [{"id": r[0], "student": r[1], "state": r[2], "created": r[3], "waited_seconds": round(now - r[3], 1),
             "worker": r[4] or None, "progress": {"done": r[5], "total": r[6]} if r[5] is not None else None}
            for r in rows]


def weak_workers(db):
    """{worker: why} of the workers whose sandbox does not contain (remote
    ones started with --weak-sandbox, as their claims said)."""
    return dict(db.all("SELECT worker, why FROM weak_workers"))


def student(db, name):
    """Whether NAME is a student of the roster (now or before)."""
    return db.one("SELECT COUNT(*) FROM students WHERE name = ?", (name,))[0] > 0


def recent(db, limit=50):
    """The latest submissions, newest first: id, student, state, passed,
    total, summary, created."""
    rows = db.all("SELECT id, student, state, passed, total, summary, created FROM submissions "
                  "ORDER BY created DESC, id DESC LIMIT ?", (limit,))
    return [dict(zip(("id", "student", "state", "passed", "total", "summary", "created"), r)) for r in rows]


def csv_header(categories):
    """mark's marks.csv columns that apply to a pre-submission check, then
    the submission's own."""
    header = ["name", "compiled"]
    for category in categories:
        header += [category + "_passed", category + "_total"]
    return header + ["passed", "total", "percent", "seconds", "state", "reason", "submitted", "submission"]


def latest_rows(db, categories, category_totals):
    """One row per student (roster order by name): their latest submission
    that was checked or failed to be, or an empty row."""
    rows = db.all("SELECT s.name, m.id, m.state, m.compiled, m.passed, m.total, m.seconds, m.summary, m.created, "
                  "m.report FROM students s LEFT JOIN submissions m ON m.id = (SELECT id FROM submissions "
                  "WHERE student = s.name AND state IN ('done', 'error') ORDER BY created DESC, id DESC LIMIT 1) "
                  "ORDER BY s.name")
    for name, sid, state, compiled, passed, total, seconds, summary, created, report in rows:
        if sid is None:
            yield [name, ""] + ["", ""] * len(categories) + ["", "", "", "", "no submission", "", "", ""]
            continue
        results = json.loads(report).get("results", []) if report else []
        values = [name, "" if compiled is None else int(compiled)]
        for category in categories:
            values += [sum(1 for r in results if r[1] == category and r[2] == "pass"),
                       category_totals.get(category, 0)]
        percent = "%.1f" % (100.0 * passed / total) if total else ""
        values += [passed if passed is not None else "", total if total is not None else "", percent,
                   "" if seconds is None else "%.1f" % seconds, state, summary if state == "error" else "",
                   time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(created)), sid]
        yield values
