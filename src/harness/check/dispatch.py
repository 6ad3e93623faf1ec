"""check's cases handed to its workers, in-process (a thread each: a
worker waits on its box almost all the time), round-robin as before, and
their verdicts gathered with progress on stderr (on a terminal as it goes,
in a log every 500 cases)."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Sequence

from harness.cases import Verdict
from harness.check.worker import Worker, WorkerSettings


class Progress:
    """The verdicts as they come, counted, with progress on stderr."""

    def __init__(self, total: int) -> None:
        self.total, self.done, self.failed = total, 0, 0
        self.verdicts: dict[str, Verdict] = {}
        self.tty = sys.stderr.isatty()
        self.lock = threading.Lock()

    def __call__(self, case_id: str, verdict: Verdict) -> None:
        with self.lock:
            self.verdicts[case_id] = verdict
            self.done += 1
            self.failed += verdict.verdict != "pass"
            line = f"check-engine: {self.done}/{self.total} cases run, {self.failed} failed"
            if self.tty and (self.done % 10 == 0 or self.done == self.total):
                sys.stderr.write("\r" + line)
                sys.stderr.flush()
            elif not self.tty and self.done % 500 == 0:
                sys.stderr.write(line + "\n")
                sys.stderr.flush()

    def end(self) -> None:
        if self.tty:
            sys.stderr.write("\n")


def run_all(ids: Sequence[str], jobs: int, settings: WorkerSettings, work: Path) -> dict[str, Verdict]:
    """Every case of IDS checked by at most JOBS workers; the verdicts by id
    (a case without one: its worker stopped)."""
    count = min(jobs, len(ids))
    lists = [list(ids[index::count]) for index in range(count)]
    progress, stop = Progress(len(ids)), threading.Event()
    with ThreadPoolExecutor(max_workers=count) as pool:
        futures = [pool.submit(Worker(settings, work / f"worker{index}").run, cases, progress, stop)
                   for index, cases in enumerate(lists)]
        try:
            for future in futures:
                try:
                    future.result()
                except Exception as error:  # (a worker that stopped: its cases have no verdict)
                    sys.stderr.write(f"check-engine: a worker stopped: {error}\n")
        except KeyboardInterrupt:
            # (each worker ends its case, closes its box and stops)
            stop.set()
            raise
    progress.end()
    return progress.verdicts
