"""estimate.py -- the queue's estimate as pure functions: the workers
simulated from now, each free once its running job's time is up, the jobs
that will run ahead of a submission given in order to the worker free
first, then the submission itself; each job's time the mean of how long
recent checks held their worker, and of the jobs queued ahead those that
will run (half the recent share superseded off). store.estimated_wait
gathers the figures from the database; estimate_replay.py replays them
on a rush's records."""

import heapq
from typing import Sequence


def wait_seconds(unit: float, ahead: int, workers: int, elapsed: Sequence[float]) -> float:
    """Seconds until a job is done when AHEAD jobs will run before it, on
    WORKERS workers (at least as many as there are running jobs), each job
    taking UNIT seconds: a worker running a job is free in
    max(0, UNIT - its ELAPSED seconds), an idle one now; each job ahead,
    in order, starts on the worker free first and holds it UNIT seconds;
    the job starts on the worker free first after them, and is done
    UNIT seconds later."""
    free = [max(0.0, unit - seconds) for seconds in elapsed]
    free += [0.0] * max(0, workers - len(free))
    if not free:
        free = [0.0]
    heapq.heapify(free)
    for _ in range(max(0, ahead)):
        heapq.heapreplace(free, free[0] + unit)
    return free[0] + unit


# The unit: the mean of this many recent checks' times; before any, this.
# The share superseded: of this many recent exits from the queue. A mean
# of 20 was too unsteady for a mix with one long check in ten (a hanging
# program's 13 s among 1 to 2 s checks): replayed on the full rush of
# 2026-11-29 (estimate_replay), 20 gave 84.8% of the waits within a factor
# of 2, 50 gave 93.5%, 100 and 200 97.9%; the short rushes' 94% stayed.
RECENT, FIRST_GUESS, RECENT_EXITS = 100, 30.0, 40


def unit_seconds(durations: Sequence[float]) -> float:
    """The time one job holds a worker: the mean of DURATIONS (the jobs
    ahead add up, and a sum's expected value is the mean's multiple, not
    the median's: a hanging program's 15 s in ten weighs as much as nine
    1.5 s checks); FIRST_GUESS when there are none."""
    return sum(durations) / len(durations) if durations else FIRST_GUESS


def jobs_to_run(ahead: int, superseded: Sequence[bool]) -> int:
    """How many of the AHEAD jobs queued before a submission will run: a
    queued job leaves the queue by a claim or, when its student uploads
    again first, superseded; SUPERSEDED holds the recent exits (True:
    superseded). A job ahead has on average half of its wait behind it,
    so half the share superseded is taken off."""
    share = sum(superseded) / len(superseded) if superseded else 0.0
    return round(max(0, ahead) * (1 - share / 2))


def queue_wait(held: Sequence[float], superseded: Sequence[bool], ahead: int, workers: int,
               elapsed: Sequence[float]) -> float:
    """The estimate: wait_seconds with the mean of the last RECENT checks'
    HELD times (claim to result stored, as the worker held the job) as
    each job's time, and the jobs ahead that will run (jobs_to_run over
    the last RECENT_EXITS exits)."""
    return wait_seconds(unit_seconds(held[-RECENT:]), jobs_to_run(ahead, superseded[-RECENT_EXITS:]),
                        workers, elapsed)
