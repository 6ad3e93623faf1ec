"""estimate_replay.py -- the queue's estimators replayed offline on a
rush's per-job records (bench_rush's JSON, `jobs`): for each submission
checked, the state of the queue when it was accepted (the jobs running
and for how long, the checks finished before, the jobs ahead as the
service counted them) is rebuilt from the records and given to each
estimator of estimate.py; each estimator's estimates are then set against
the waits the rush measured (accepted to finished, the service's own
times), as bench_rush reports the live one.

usage: PYTHONPATH=src /usr/bin/python3 -m harness.serve.estimate_replay RUSH.json [--workers N]
"""

import argparse
import json
import statistics
import sys
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence

from . import estimate

RECORD_SQL = ("SELECT s.id, s.student, s.created, s.state, s.cached, s.finished, s.seconds, c.claimed, c.ended, "
              "j.tries FROM submissions s LEFT JOIN jobs j ON j.id = s.id "
              "LEFT JOIN claims c ON c.job = s.id AND c.try = j.tries ORDER BY s.created, s.id")
RECORD_FIELDS = ("id", "student", "accepted", "state", "cached", "finished", "seconds", "claimed", "ended", "tries")


def job_records(db) -> List[dict]:
    """Every submission of the service's database (db.Database) as a
    record: accepted (its creation), state, cached, finished, seconds (the
    check-engine run), claimed and ended (its last claim), tries."""
    records = [dict(zip(RECORD_FIELDS, row)) for row in db.all(RECORD_SQL)]
    for record in records:
        record["cached"] = bool(record["cached"])
    return records


def percentile(values, p):
    """The nearest-rank P-th percentile (the lower of two), None when empty."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100.0 * (len(ordered) - 1))))] if ordered else None


def pair_figures(pairs: Sequence[Sequence]) -> dict:
    """[id, estimated, actual] pairs (seconds) -> the error's (estimate -
    wait: positive, it said longer than it took) median and 95th percentile
    of its size, the share within a factor of 2 of the wait and the median
    of estimate / wait (below 1: it said shorter)."""
    errors = [estimated - actual for _, estimated, actual in pairs]
    ratios = [estimated / actual for _, estimated, actual in pairs if actual > 0]
    within = [actual / 2 <= estimated <= actual * 2 for _, estimated, actual in pairs]
    return {"checked": len(pairs),
            "median_error_s": round(percentile(errors, 50), 1) if errors else None,
            "p95_abs_error_s": round(percentile([abs(e) for e in errors], 95), 1) if errors else None,
            "within_x2_share": round(sum(within) / len(within), 3) if within else None,
            "median_ratio": round(statistics.median(ratios), 2) if ratios else None}


@dataclass
class Moment:
    """The queue as the service saw it at one upload."""
    now: float
    ahead: int
    workers: int
    elapsed: List[float]        # the running jobs' seconds since their claim
    checks: List[float]         # the finished checks' check-engine seconds, oldest first
    held: List[float]           # the same checks' claim-to-finish seconds, oldest first
    superseded: List[bool]      # the exits from the queue before, oldest first: True superseded, False claimed


def checked(record: dict) -> bool:
    """A submission checked by a worker to the end (not superseded, not from the cache)."""
    return record["state"] == "done" and not record["cached"] and record["finished"] is not None


def moment(records: Sequence[dict], record: dict, workers: int) -> Moment:
    """The queue when RECORD was accepted, from every job's record."""
    now = record["accepted"]
    elapsed = [now - r["claimed"] for r in records
               if r["claimed"] is not None and r["claimed"] < now and (r["ended"] is None or r["ended"] > now)]
    done = sorted((r for r in records if checked(r) and r["finished"] < now and r["claimed"] is not None),
                  key=lambda r: r["finished"])
    exits = sorted([(r["claimed"], False) for r in records if r["claimed"] is not None and r["claimed"] < now]
                   + [(r["finished"], True) for r in records if r["state"] == "superseded" and r["finished"] < now])
    return Moment(now, max(0, (record.get("position") or 1) - 1), workers, elapsed,
                  [r["seconds"] for r in done if r["seconds"] is not None],
                  [r["ended"] - r["claimed"] for r in done], [superseded for _, superseded in exits])


OLD_RECENT = 20


def old_estimate(m: Moment) -> float:
    """Before the mean: the median check-engine time of the last 20."""
    recent = m.checks[-OLD_RECENT:]
    unit = statistics.median(recent) if recent else estimate.FIRST_GUESS
    return estimate.wait_seconds(unit, m.ahead, m.workers, m.elapsed)


ESTIMATORS = {
    "old: median check time": old_estimate,
    "mean check time": lambda m: estimate.wait_seconds(
        estimate.unit_seconds(m.checks[-estimate.RECENT:]), m.ahead, m.workers, m.elapsed),
    "mean held time": lambda m: estimate.wait_seconds(
        estimate.unit_seconds(m.held[-estimate.RECENT:]), m.ahead, m.workers, m.elapsed),
    "new: mean held time, ahead less half the share superseded": lambda m: estimate.queue_wait(
        m.held, m.superseded, m.ahead, m.workers, m.elapsed),
}


def replay(records: Sequence[dict], workers: int) -> Dict[str, dict]:
    """Each estimator's figures over the checked submissions of RECORDS
    that have a position at acceptance."""
    pairs: Dict[str, list] = {name: [] for name in ESTIMATORS}
    for record in records:
        if not checked(record) or record.get("position") is None:
            continue
        at = moment(records, record, workers)
        actual = round(record["finished"] - record["accepted"], 1)
        for name, estimator in ESTIMATORS.items():
            pairs[name].append([record["id"], round(estimator(at)), actual])
    return {name: pair_figures(found) for name, found in pairs.items()}


def rush_records(rush: dict) -> Optional[List[dict]]:
    """The per-job records of a bench_rush JSON (one rush, or the SQLite one of --db both)."""
    rush = rush.get("sqlite", rush)
    return rush.get("jobs")


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m harness.serve.estimate_replay", description=__doc__.split("\n\n")[0])
    p.add_argument("rush", help="bench_rush's JSON output")
    p.add_argument("--workers", type=int, help="the workers (default: the rush's own)")
    args = p.parse_args(argv)
    with open(args.rush, encoding="utf-8") as handle:
        rush = json.load(handle)
    records = rush_records(rush)
    if not records:
        print("%s holds no per-job records (`jobs`): a rush from before they were kept" % args.rush, file=sys.stderr)
        return 2
    found = replay(records, args.workers or rush.get("sqlite", rush).get("workers", 2))
    print(json.dumps(found, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
