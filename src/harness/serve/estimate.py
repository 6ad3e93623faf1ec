"""estimate.py -- the queue's estimate as a pure function: the workers
simulated from now, each free once its running job's time is up, the jobs
that will run ahead of a submission given in order to the worker free
first, then the submission itself (store.estimated_wait gathers its
figures from the database)."""

import heapq
from typing import Sequence


def wait_seconds(median: float, ahead: int, workers: int, elapsed: Sequence[float]) -> float:
    """Seconds until a job is done when AHEAD jobs will run before it, on
    WORKERS workers (at least as many as there are running jobs), each job
    taking MEDIAN seconds: a worker running a job is free in
    max(0, MEDIAN - its ELAPSED seconds), an idle one now; each job ahead,
    in order, starts on the worker free first and holds it MEDIAN seconds;
    the job starts on the worker free first after them, and is done
    MEDIAN seconds later."""
    free = [max(0.0, median - seconds) for seconds in elapsed]
    free += [0.0] * max(0, workers - len(free))
    if not free:
        free = [0.0]
    heapq.heapify(free)
    for _ in range(max(0, ahead)):
        heapq.heapreplace(free, free[0] + median)
    return free[0] + median
