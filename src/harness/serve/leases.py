"""leases.py -- the workers' side of the queue: a claim with a lease (and
a weak sandbox's, recorded), the heartbeat that extends it, the check's count and the result written only
by the lease's holder, and expired leases requeued (a few tries, then
`error` with the reason).
"""

import time

from .store import QUEUED, RUNNING

# How many times a job may be claimed before its lease runs out for good.
MAX_TRIES = 3


def requeue_expired(db, now=None, max_tries=MAX_TRIES):
    """Jobs whose worker stopped renewing the lease go back to the queue,
    or to `error` after max_tries claims. Returns (requeued, failed)."""
    now = now or time.time()
    # a plain read first: the write lock only when there is work for it
    if not db.one("SELECT COUNT(*) FROM jobs WHERE state = ? AND lease_until < ?", (RUNNING, now))[0]:
        return 0, 0
    with db.transaction():
        expired = db.all("SELECT id, tries, lease_until FROM jobs WHERE state = ? AND lease_until < ?"
                         + db.lock_rows(), (RUNNING, now))
        failed = [sid for sid, tries, _ in expired if tries >= max_tries]
        for sid, tries, until in expired:
            db.execute("UPDATE claims SET ended = ?, outcome = 'lease expired' WHERE job = ? AND ended IS NULL",
                       (until, sid))
            if tries >= max_tries:
                reason = ("the checking stopped %d times without a result (its worker died or "
                          "was stopped); not tried again" % tries)
                db.execute("UPDATE jobs SET state = 'error', reason = ? WHERE id = ?", (reason, sid))
                db.execute("UPDATE submissions SET state = 'error', summary = ?, finished = ? WHERE id = ?",
                           (reason, now, sid))
            else:
                db.execute("UPDATE jobs SET state = ?, worker = '', lease_until = NULL, "
                           "reason = 'lease expired' WHERE id = ?", (QUEUED, sid))
                db.execute("UPDATE submissions SET state = ? WHERE id = ?", (QUEUED, sid))
    return len(expired) - len(failed), len(failed)


def claim(db, worker, lease):
    """The oldest queued job of a student with no job running, now
    running under worker's lease: (id, files blob), or None. The UPDATE's
    guard (state still queued) makes a job's claim happen once."""
    now = time.time()
    if not db.one("SELECT COUNT(*) FROM jobs WHERE state = ?", (QUEUED,))[0]:
        return None
    with db.transaction():
        row = db.one("SELECT id FROM jobs WHERE state = ? AND student NOT IN "
                     "(SELECT student FROM jobs WHERE state = ?) ORDER BY created, id LIMIT 1" + db.lock_rows(),
                     (QUEUED, RUNNING))
        if row is None:
            return None
        taken = db.execute("UPDATE jobs SET state = ?, worker = ?, lease_until = ?, heartbeat = ?, "
                           "tries = tries + 1 WHERE id = ? AND state = ?",
                           (RUNNING, worker, now + lease, now, row[0], QUEUED)).rowcount
        if taken != 1:
            return None
        db.execute("UPDATE submissions SET state = ? WHERE id = ?", (RUNNING, row[0]))
        db.execute("DELETE FROM progress WHERE job = ?", (row[0],))  # (an earlier try's count)
        db.execute("INSERT INTO claims (job, try, worker, claimed, heartbeat) SELECT id, tries, ?, ?, ? "
                   "FROM jobs WHERE id = ?", (worker, now, now, row[0]))
        files = db.one("SELECT files FROM submissions WHERE id = ?", (row[0],))[0]
    return row[0], bytes(files)


def weak(db, worker, why):
    """Records that WORKER's sandbox does not contain (WHY, its probe's
    words: a worker started with --weak-sandbox says so with every claim)."""
    with db.transaction():
        db.execute("INSERT INTO weak_workers (worker, why, seen) VALUES (?, ?, ?) ON CONFLICT (worker) "
                   "DO UPDATE SET why = excluded.why, seen = excluded.seen", (worker, why, time.time()))


def heartbeat(db, sid, worker, lease):
    """Extends the lease; False when the job is no longer this worker's
    (its lease ran out and it was requeued): the worker then drops it."""
    now = time.time()
    with db.transaction():
        held = db.execute("UPDATE jobs SET lease_until = ?, heartbeat = ? WHERE id = ? AND worker = ? "
                          "AND state = ?", (now + lease, now, sid, worker, RUNNING)).rowcount == 1
        if held:
            db.execute("UPDATE claims SET heartbeat = ? WHERE job = ? AND worker = ? AND ended IS NULL",
                       (now, sid, worker))
    return held


def progress(db, sid, worker, done, total):
    """Stores how far the job's check is (cases done of total) if the job
    is still this worker's; returns whether it was."""
    with db.transaction():
        return db.execute("INSERT INTO progress (job, done, total, at) SELECT id, ?, ?, ? FROM jobs "
                          "WHERE id = ? AND worker = ? AND state = ? ON CONFLICT (job) DO UPDATE SET "
                          "done = excluded.done, total = excluded.total, at = excluded.at",
                          (int(done), int(total), time.time(), sid, worker, RUNNING)).rowcount == 1


def finish(db, sid, worker, result):
    """Stores the result (state done, or error with result['summary'] as
    the reason) if the job is still this worker's; returns whether it was."""
    now = time.time()
    state = result.get("state", "done")
    with db.transaction():
        held = db.execute("UPDATE jobs SET state = ?, lease_until = NULL WHERE id = ? AND worker = ? AND state = ?",
                          (state, sid, worker, RUNNING)).rowcount == 1
        if held:
            db.execute("UPDATE submissions SET state = ?, compiled = ?, passed = ?, failed = ?, total = ?, "
                       "summary = ?, report = ?, seconds = ?, finished = ? WHERE id = ?",
                       (state, result.get("compiled"), result.get("passed"), result.get("failed"),
                        result.get("total"), result.get("summary", ""), result.get("report", ""),
                        result.get("seconds"), now, sid))
            db.execute("UPDATE claims SET ended = ?, heartbeat = ?, outcome = ? WHERE job = ? AND worker = ? "
                       "AND ended IS NULL", (now, now, state, sid, worker))
    return held
