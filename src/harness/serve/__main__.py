"""python3 -m harness.serve (scripts/serve): prepares the data folder and the
database (schema, roster), then runs the web front (gunicorn) and the
local workers (children.py: in a process group that dies with this
process, even by kill -9), restarting a worker that dies, until stopped."""

import signal
import sys
import time

from harness import containment

from . import children, private, store, tokens
from . import config as configuration
from .db import Database, check_intact


def prepare(args):
    """The data folder, the schema, the roster; returns the config's path."""
    children.check_front()  # (a front that cannot run: refused before anything is made)
    if args.roster:
        tokens.check_roster(args.roster)  # (before anything is made)
    config = configuration.build(args)  # (a wrong option stops it here, before anything is made)
    config["sandbox"] = contained(args)  # (so does a sandbox that does not contain, unless told)
    private.restrict(args.data)  # before anything is made in it: 0700, files 0600
    check_intact(config["db"])  # (a damaged file refused before anything is written on it)
    db = Database(config["db"])
    db.create_schema()
    configuration.secret(config)
    if args.roster:
        print("serve: %d students from %s" % (store.import_roster(db, args.roster), args.roster), file=sys.stderr)
    students = db.one("SELECT COUNT(*) FROM students WHERE active = 1")[0]
    db.close()
    if not students:
        print("serve: warning: no student can log in yet: give --roster CSV (columns name, token)", file=sys.stderr)
    return configuration.write(config), config


def contained(args):
    """The probe's proof that the sandbox contains a submission here, as
    data for the pages; ValueError (the start refused) when it does not,
    unless --weak-sandbox."""
    proof = containment.required(args.weak_sandbox, "start with --weak-sandbox to serve anyway, said on the "
                                                    "staff page and in every report")
    if not proof.contained:
        print("serve: warning: --weak-sandbox: %s" % proof.words(), file=sys.stderr)
    return {"contained": proof.contained, "weakness": proof.words(), "describe": proof.describe}


class Restarts:
    """When a worker that died is started again: at once after a life of a
    minute or more, else after a wait that doubles with each quick death
    (2 s, 4 s ... 5 minutes), so that a worker that cannot work (a full
    disk, a database away) waits instead of crash-looping."""

    STEADY, FIRST, LONGEST = 60.0, 2.0, 300.0

    def __init__(self):
        self.born, self.wait, self.at = {}, {}, {}

    def started(self, n):
        self.born[n] = time.time()
        self.at.pop(n, None)

    def due(self, n, status):
        """True once worker N (dead with STATUS) may start again; says so once."""
        now = time.time()
        if n not in self.at:
            quick = now - self.born.get(n, 0) < self.STEADY
            self.wait[n] = min(self.LONGEST, max(self.FIRST, self.wait.get(n, 0.0) * 2)) if quick else 0.0
            self.at[n] = now + self.wait[n]
            print("serve: worker w%d stopped (status %s); started again in %d s" % (n, status, self.wait[n]),
                  file=sys.stderr, flush=True)
        return now >= self.at[n]


def main():
    args = configuration.parser().parse_args()
    try:
        config_path, config = prepare(args)
    except (OSError, ValueError) as error:
        print("serve: %s" % error, file=sys.stderr)
        return 2
    family = children.family(config_path)
    web = family.front(args.host, args.port, args.web_processes)
    workers = {n: family.worker(n) for n in range(config["workers"])}
    print("serve: http://%s:%d/ (%d workers, data in %s)" % (args.host, args.port, len(workers), config["data"]),
          file=sys.stderr, flush=True)
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(1))
    restarts = Restarts()
    for n in workers:
        restarts.started(n)
    while not stopping and web.poll() is None and family.alive():
        for n, process in list(workers.items()):
            if process.poll() is not None and restarts.due(n, process.returncode):
                workers[n] = family.worker(n)
                restarts.started(n)
        time.sleep(1)
    if not family.alive():
        print("serve: the watchdog of the service's processes died: stopping", file=sys.stderr, flush=True)
    family.stop([web] + list(workers.values()))
    return 0 if stopping else 1


if __name__ == "__main__":
    sys.exit(main())
