"""worker.py -- one local worker process: it requeues expired leases,
claims a job, writes its sources to a folder of its own, runs
check-engine there while a thread renews the lease, and stores the
result if the job is still its own. Run by scripts/serve (one process per
--workers); `python3 -m serve.worker CONFIG.json NAME` by hand.
"""

import json
import os
import shutil
import signal
import socket
import sys
import threading
import time

from . import checking, leases, unpack
from .db import Database

IDLE_SECONDS = 0.5


class Lease(threading.Thread):
    """Renews a job's lease every third of it; `lost` once it was taken."""

    def __init__(self, config, sid, worker):
        super().__init__(daemon=True)
        self.config, self.sid, self.worker = config, sid, worker
        self.lost, self.done = False, threading.Event()

    def run(self):
        db = Database(self.config["db"])
        try:
            while not self.done.wait(self.config["lease"] / 3):
                if not leases.heartbeat(db, self.sid, self.worker, self.config["lease"]):
                    self.lost = True
                    return
        finally:
            db.close()


def run_job(db, config, worker, sid, blob):
    """Checks one claimed job and stores its result."""
    work = os.path.join(config["data"], "work", "%s.%d" % (sid, os.getpid()))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "sources"))
    lease = Lease(config, sid, worker)
    lease.start()
    try:
        unpack.write_folder(blob, os.path.join(work, "sources"))
        result = checking.check_folder(config["options"], os.path.join(work, "sources"),
                                       os.path.join(work, "output"), config["total"], lambda: lease.lost)
    except (OSError, unpack.Unusable) as error:
        result = {"state": "error", "summary": "the worker could not check it: %s" % error}
    finally:
        lease.done.set()
        lease.join()
        shutil.rmtree(work, ignore_errors=True)
    if result is not None and not lease.lost:
        leases.finish(db, sid, worker, result)
    log(config, "%s %s %s %s" % (worker, sid, result.get("state") if result else "dropped",
                                 result.get("summary", "") if result else "lease lost"))


def log(config, line):
    print("%s serve-worker %s" % (time.strftime("%Y-%m-%dT%H:%M:%S"), line), file=sys.stderr, flush=True)


def main(config_path, name):
    with open(config_path, encoding="utf-8") as handle:
        config = json.load(handle)
    worker = "%s:%s:%d" % (socket.gethostname(), name, os.getpid())
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    os.nice(config.get("worker_nice", 10))  # the front answers first; checking can wait
    db = Database(config["db"])
    while True:
        requeued, failed = leases.requeue_expired(db, max_tries=config["max_tries"])
        if requeued or failed:
            log(config, "%s requeued %d expired, %d to error" % (worker, requeued, failed))
        job = leases.claim(db, worker, config["lease"])
        if job is None:
            time.sleep(IDLE_SECONDS)
            continue
        run_job(db, config, worker, *job)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
