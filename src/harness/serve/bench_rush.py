"""bench_rush.py -- the due-date rush (issue 30's benchmark, not a test):
starts scripts/serve on 127.0.0.1 with a roster of STUDENTS, and plays
each student submitting SUBMISSIONS times at random moments of a
MINUTES-long rush (a mix of correct, wrong, non-compiling and hanging
programs, each copy's sources different so that the cache cannot answer
it), each student polling their latest submission meanwhile. Then waits
(up to 5 minutes) for every last submission's result, checks each verdict
against scripts/check-engine run directly on the same kind of program,
and prints the figures as JSON (with each checked submission's estimated
wait against its wait, and each accepted submission's record for
estimate_replay). --quick: 30 students, 1 minute.
--db postgresql plays the same rush against two fronts on one PostgreSQL
(a server of its own, by src/serve/tests/with-postgresql) with two remote workers,
each pulling from one front, and the students split between the fronts;
--db both plays it on SQLite and then on PostgreSQL and reports them side
by side.

usage: PYTHONPATH=src /usr/bin/python3 -m harness.serve.bench_rush [--quick] [--db sqlite|postgresql|both] [options]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from harness import paths
from harness.serve import checking, estimate_replay, logs, programs
from harness.serve.db import Database, default_url
from harness.serve.client import Cluster, Service, request, write_roster

MIX = {"correct": 0.4, "wrong": 0.3, "broken": 0.2, "hanging": 0.1}
AFTER_RUSH = 300.0
# The estimate's target: at least this share of the checked submissions
# told a wait within a factor of 2 of the one they had.
WITHIN_X2_TARGET = 0.9


def options():
    p = argparse.ArgumentParser(prog="python3 -m harness.serve.bench_rush", description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="30 students, a 1-minute rush")
    p.add_argument("--students", type=int, default=300)
    p.add_argument("--submissions", type=int, default=3)
    p.add_argument("--minutes", type=float, default=10)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    p.add_argument("--timeout", type=float, default=2, help="check-engine's --timeout per case (default: 2)")
    p.add_argument("--poll", type=float, default=10, help="seconds between a student's polls (default: 10)")
    p.add_argument("--seed", type=int, default=30)
    p.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="sqlite",
                   help="the embedded SQLite (default), two fronts and two remote workers on PostgreSQL, or both")
    args = p.parse_args()
    if args.quick:
        args.students, args.minutes = 30, 1
    return args


class Rush:
    """The students' plan, what they were answered, and the timings."""

    def __init__(self, args, fronts, tokens):
        self.args, self.tokens = args, tokens
        self.front = {name: fronts[n % len(fronts)] for n, name in enumerate(sorted(tokens))}
        self.lock = threading.Lock()
        self.times = {"POST": [], "GET": []}
        self.statuses, self.accepted, self.latest, self.estimates, self.positions = {}, {}, {}, {}, {}
        rng = random.Random(args.seed)
        kinds, weights = list(MIX), list(MIX.values())
        self.plan = sorted((rng.uniform(0, args.minutes * 60), name, n, rng.choices(kinds, weights)[0])
                           for name in tokens for n in range(args.submissions))

    def timed(self, method, url, token, files=None):
        started = time.monotonic()
        status, headers, body = request(url, token, files)
        with self.lock:
            self.times[method].append(time.monotonic() - started)
            self.statuses[status] = self.statuses.get(status, 0) + 1
        return status, headers, body

    def one_submission(self, name, n, kind):
        files = sorted(programs.sources(kind, "%s attempt %d" % (name, n)).items())
        while True:
            status, headers, body = self.timed("POST", self.front[name].base + "/api/submissions",
                                               self.tokens[name], files)
            if status == 202:
                with self.lock:
                    self.accepted[body["id"]] = (name, kind)
                    self.latest[name] = body["id"]
                    self.estimates[body["id"]] = body.get("estimated_wait")
                    self.positions[body["id"]] = body.get("position")
                return
            if status not in (429, 503):
                raise RuntimeError("POST answered %s: %s" % (status, body))
            time.sleep(float(headers.get("Retry-After", 5)))

    def poller(self, name, stop):
        while not stop.wait(self.args.poll):
            sid = self.latest.get(name)
            if sid:
                self.timed("GET", "%s/api/submissions/%s" % (self.front[name].base, sid), self.tokens[name])

    def play(self):
        stop, start = threading.Event(), time.monotonic()
        pollers = [threading.Thread(target=self.poller, args=(name, stop), daemon=True) for name in self.tokens]
        for thread in pollers:
            thread.start()
        with ThreadPoolExecutor(max_workers=64) as pool:
            futures = []
            for at, name, n, kind in self.plan:
                time.sleep(max(0.0, at - (time.monotonic() - start)))
                futures.append(pool.submit(self.one_submission, name, n, kind))
            for future in futures:
                future.result()
        stop.set()
        return time.monotonic()


def final_states(rush, ended):
    """Waits for every accepted submission's final state (up to AFTER_RUSH
    after the rush's end); returns {id: body} and when each last one ended."""
    found, last_done = {}, {}
    while time.monotonic() - ended < AFTER_RUSH and len(found) < len(rush.accepted):
        for sid, (name, _) in list(rush.accepted.items()):
            if sid in found:
                continue
            status, _, body = request("%s/api/submissions/%s" % (rush.front[name].base, sid), rush.tokens[name])
            if status == 200 and body["state"] in ("done", "error", "superseded"):
                found[sid] = body
                if rush.latest[name] == sid:
                    last_done[name] = time.monotonic() - ended
        time.sleep(1)
    return found, last_done


def reference_verdicts(args, folder):
    """check-engine run directly on one program of each kind, with the
    service's options: {kind: (compiled, passed, failed)}."""
    opts = {"program": "checkers", "categories": ["official", "examples"], "timeout": args.timeout,
            "check_jobs": 2, "stop_after_hangs": checking.STOP_AFTER_HANGS}
    total = len(checking.case_ids(opts))
    verdicts = {}
    for kind in MIX:
        source = os.path.join(folder, "ref-" + kind)
        os.makedirs(source)
        for name, data in programs.sources(kind, "reference").items():
            with open(os.path.join(source, name), "wb") as handle:
                handle.write(data)
        result = checking.check_folder(opts, source, os.path.join(folder, "out-" + kind), total)
        verdicts[kind] = (bool(result.get("compiled")), result.get("passed"), result.get("failed"))
    return verdicts


def log_sizes(fronts):
    """Where each front's log (serve.log, logfmt) ends now."""
    return {front.data: os.path.getsize(os.path.join(front.data, "serve.log")) for front in fronts}


def server_times(fronts, start, end):
    """The fronts' own times (ms=) of the requests they logged between the
    log sizes start and end, in seconds: the time the service spent,
    without the load client's."""
    times = []
    for front in fronts:
        with open(os.path.join(front.data, "serve.log"), "rb") as handle:
            handle.seek(start[front.data])
            text = handle.read(end[front.data] - start[front.data]).decode("utf-8", "replace")
        for line in text.splitlines():
            # (serve.log holds gunicorn's own lines too, which are not logfmt)
            if " event=request " in line:
                fields = logs.parse(line)
                if fields.get("ms"):
                    times.append(float(fields["ms"]) / 1000)
    return times


percentile = estimate_replay.percentile


def estimate_figures(estimates, found):
    """The queue's estimate given at each upload against its wait, for each
    submission checked (not superseded, not from the cache): the wait is
    the service's own finished - created; the error is estimate - wait
    (positive: it said longer than it took). Pairs in seconds, then
    estimate_replay.pair_figures: the error's median and 95th percentile
    of its size, the share of estimates within a factor of 2 of the wait,
    and the median of estimate / wait (below 1: it said shorter)."""
    pairs = [[sid, estimates[sid], round(body["finished"] - body["created"], 1)]
             for sid, body in sorted(found.items()) if body["state"] == "done" and not body["cached"]
             and estimates.get(sid) is not None and body.get("finished")]
    return dict(estimate_replay.pair_figures(pairs), pairs=pairs)


def job_records(rush, url):
    """Every accepted submission's record from the service's database
    (estimate_replay.job_records: accepted, claimed, ended, finished,
    seconds, state), with its kind, and its position and estimate as the
    upload's answer gave them: what estimate_replay replays."""
    db = Database(url)
    try:
        records = [r for r in estimate_replay.job_records(db) if r["id"] in rush.accepted]
    finally:
        db.close()
    for record in records:
        record.update(kind=rush.accepted[record["id"]][1], position=rush.positions.get(record["id"]),
                      estimate=rush.estimates.get(record["id"]))
    return records


def figures(args, rush, found, last_done, references):
    lost = [sid for sid in rush.accepted if sid not in found]
    mismatches = [sid for sid, body in found.items() if body["state"] == "done"
                  and (body["compiled"], body["passed"], body["failed"]) != references[rush.accepted[sid][1]]]
    states = {}
    for body in found.values():
        states[body["state"]] = states.get(body["state"], 0) + 1
    every = rush.times["POST"] + rush.times["GET"]
    p95 = percentile(every, 95)
    slowest_last = max(last_done.values()) if len(last_done) == len(rush.latest) else None
    told = estimate_figures(rush.estimates, found)
    return {
        "students": args.students, "submissions_planned": len(rush.plan), "rush_minutes": args.minutes,
        "workers": args.workers, "case_timeout": args.timeout, "mix": MIX,
        "accepted": len(rush.accepted), "statuses": {str(k): v for k, v in sorted(rush.statuses.items())},
        "final_states": states, "lost": len(lost),
        "requests": len(every), "p50_ms": round(1000 * percentile(every, 50), 1), "p95_ms": round(1000 * p95, 1),
        "p95_post_ms": round(1000 * percentile(rush.times["POST"], 95), 1),
        "max_ms": round(1000 * max(every), 1),
        "server_requests": len(rush.server_times),
        "server_p95_ms": round(1000 * percentile(rush.server_times, 95), 1) if rush.server_times else None,
        "last_results_within_s": round(slowest_last, 1) if slowest_last is not None else None,
        "estimate": told,
        "verdict_mismatches": len(mismatches), "reference": {k: list(v) for k, v in references.items()},
        "targets": {"nothing_lost": not lost, "last_results_within_5_min": slowest_last is not None,
                    "p95_under_200_ms": p95 < 0.2, "verdicts_equal_check_engine": not mismatches,
                    "estimate_within_x2": (told["within_x2_share"] or 0) >= WITHIN_X2_TARGET},
    }


def rush_on(args, folder, references, db):
    """One rush on SQLite (one service, its local workers) or PostgreSQL
    (two fronts without workers, two remote workers); its figures."""
    data = os.path.join(folder, db)
    os.makedirs(data)
    names = ["student%03d" % n for n in range(args.students)]
    options = ["--timeout", str(args.timeout), "--student-limit", str(args.submissions * 10), "--queue-limit", "5000"]
    if db == "sqlite":
        tokens = write_roster(data, names)
        fronts = [Service(data, options + ["--workers", str(args.workers)])]
        stop = fronts[0].stop
    else:
        cluster = Cluster(data, names, options + ["--workers", "0"])
        tokens, fronts, stop = cluster.tokens, cluster.fronts, cluster.stop
    try:
        for front in fronts:
            front.start()
        if db == "postgresql":
            for n, front in enumerate(fronts):
                cluster.start_worker("r%d" % n, front)
        rush = Rush(args, fronts, tokens)
        before = log_sizes(fronts)
        ended = rush.play()
        rush.server_times = server_times(fronts, before, log_sizes(fronts))
        found, last_done = final_states(rush, ended)
        records = job_records(rush, default_url(data) if db == "sqlite" else cluster.db)
    finally:
        stop()
    result = figures(args, rush, found, last_done, references)
    result["db"] = db if db == "sqlite" else "postgresql, 2 fronts, 2 remote workers"
    result["jobs"] = records
    return result


def main():
    args = options()
    if args.db != "sqlite" and not os.environ.get("SERVE_TEST_POSTGRESQL"):
        with_postgresql = paths.SRC / "serve" / "tests" / "with-postgresql"
        return subprocess.call([str(with_postgresql), sys.executable, "-m", "harness.serve.bench_rush"] + sys.argv[1:],
                               env=dict(os.environ, PYTHONPATH=str(paths.SRC)))
    modes = ("sqlite", "postgresql") if args.db == "both" else (args.db,)
    with tempfile.TemporaryDirectory(prefix="bench-rush.") as folder:
        references = reference_verdicts(args, folder)
        results = {db: rush_on(args, folder, references, db) for db in modes}
    print(json.dumps(results[modes[0]] if len(modes) == 1 else results, indent=1))
    return 0 if all(all(r["targets"].values()) for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
