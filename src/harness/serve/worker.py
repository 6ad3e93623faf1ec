"""worker.py -- one local worker process: it requeues expired leases,
claims a job, writes its sources to a folder of its own, runs
check-engine there while a thread renews the lease, and stores the
result if the job is still its own. Run by scripts/serve (one process per
--workers); `python3 -m harness.serve.worker CONFIG.json NAME` by hand.
"""

import errno
import json
import os
import shutil
import signal
import socket
import sys
import threading
import time

from . import checking, leases, logs, space, unpack
from .db import Database

IDLE_SECONDS = 0.5
# The longest wait between tries while the disk or the database fails.
MAX_WAIT = 60.0


class LocalQueue:
    """The queue in the database (scripts/serve's own workers): a claim
    requeues expired leases first. The remote worker's RemoteQueue
    (remote.py) has the same four methods over HTTP."""

    def __init__(self, config):
        self.config, self.local = config, threading.local()

    def db(self):
        """A connection of the calling thread (the lease's thread has its own)."""
        if getattr(self.local, "db", None) is None:
            self.local.db = Database(self.config["db"])
        return self.local.db

    def claim(self, worker):
        requeued, failed = leases.requeue_expired(self.db(), max_tries=self.config["max_tries"])
        if requeued or failed:
            log("requeue", worker=worker, requeued=requeued, failed=failed)
        return leases.claim(self.db(), worker, self.config["lease"])

    def heartbeat(self, sid, worker):
        return leases.heartbeat(self.db(), sid, worker, self.config["lease"])

    def progress(self, sid, worker, done, total):
        return leases.progress(self.db(), sid, worker, done, total)

    def finish(self, sid, worker, result):
        return leases.finish(self.db(), sid, worker, result)


class Lease(threading.Thread):
    """Renews a job's lease every third of it; `lost` once it was taken."""

    def __init__(self, queue, config, sid, worker):
        super().__init__(daemon=True)
        self.queue, self.config, self.sid, self.worker = queue, config, sid, worker
        self.lost, self.done = False, threading.Event()

    def run(self):
        while not self.done.wait(self.config["lease"] / 3):
            try:
                held = self.queue.heartbeat(self.sid, self.worker)
            except OSError as error:  # the front or the database is away: try again
                log("heartbeat-failed", worker=self.worker, job=self.sid, error=str(error))
                continue
            if not held:
                self.lost = True
                return


class Told:
    """progress(done, total) for checking.check_folder: the count stored
    with the job (best effort: a count not stored is only a count late)."""

    def __init__(self, queue, sid, worker):
        self.queue, self.sid, self.worker = queue, sid, worker

    def __call__(self, done, total):
        try:
            self.queue.progress(self.sid, self.worker, done, total)
        except Exception as error:  # (the database or the front away a moment: the next count tells)
            log("progress-failed", worker=self.worker, job=self.sid, error=str(error))


def run_job(queue, config, worker, sid, blob):
    """Checks one claimed job and reports its result."""
    work = os.path.join(config["data"], "work", "%s.%d" % (sid, os.getpid()))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "sources"))
    log("job-start", worker=worker, job=sid)
    lease = Lease(queue, config, sid, worker)
    lease.start()
    try:
        unpack.write_folder(blob, os.path.join(work, "sources"), checking.products())
        result = checking.scrub(checking.check_folder(config["options"], os.path.join(work, "sources"),
                                                      os.path.join(work, "output"), config["total"],
                                                      lambda: lease.lost, Told(queue, sid, worker)),
                                 work, config["data"])
    except (OSError, unpack.Unusable) as error:
        result = {"state": "error", "summary": "the worker could not check it: %s" % error}
        if space.is_full(error):  # not the program's fault: the lease lapses, the job goes back to the queue
            result = None
    finally:
        lease.done.set()
        lease.join()
        shutil.rmtree(work, ignore_errors=True)
    if result is not None and result.get("state") == "error" and space.is_full(result.get("summary", "")):
        result = None  # (check-engine stopped for the disk: the job is checked again once there is room)
    stored = result is not None and not lease.lost and queue.finish(sid, worker, result)
    log("job-end", worker=worker, job=sid, state=result.get("state") if result else "dropped", stored=stored,
        seconds=result.get("seconds") if result else None,
        summary=result.get("summary", "") if result else "lease lost")


def log(event, **fields):
    logs.log("worker", event, **fields)


def serve(queue, config, worker):
    """Claims and checks jobs until stopped."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    os.nice(config.get("worker_nice", 10))  # the front answers first; checking can wait
    wait = IDLE_SECONDS
    while True:
        try:
            if space.low(config):
                raise OSError(errno.ENOSPC, "the data folder's disk has less than --min-free-mb free")
            job = queue.claim(worker)
        except Exception as error:  # the disk or the database: wait longer each time, never crash-loop
            if getattr(error, "fatal", False):
                raise
            log("backoff", worker=worker, seconds=wait, error=str(error))
            time.sleep(wait)
            wait = min(MAX_WAIT, wait * 2)
            continue
        wait = IDLE_SECONDS
        if job is None:
            time.sleep(IDLE_SECONDS)
            continue
        run_job(queue, config, worker, *job)


def main(config_path, name):
    with open(config_path, encoding="utf-8") as handle:
        config = json.load(handle)
    serve(LocalQueue(config), config, "%s:%s:%d" % (socket.gethostname(), name, os.getpid()))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
