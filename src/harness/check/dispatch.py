"""check's cases handed to its workers, in-process (a thread each: a
worker waits on its box almost all the time), round-robin as before, and
their verdicts gathered with progress on stderr (on a terminal as it goes,
in a log every 500 cases), and in OUTPUT/progress.tsv at most every
0.25 s and at the last case (columns done, total, failed; replaced whole,
so a reader never sees half a line: the pre-submission service's worker reads it to show "12 of 20
cases" while a check runs)."""

from __future__ import annotations

import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional, Sequence

from harness.cases import Verdict
from harness.check.worker import Worker, WorkerSettings


class Progress:
    """The verdicts as they come, counted, with progress on stderr."""

    def __init__(self, total: int, file: Optional[Path] = None, every: float = 0.25) -> None:
        self.total, self.done, self.failed = total, 0, 0
        self.verdicts: dict[str, Verdict] = {}
        self.tty = sys.stderr.isatty()
        self.lock = threading.Lock()
        # (FILE at most every EVERY seconds, and at the last case: its readers
        # look every 2 s, and a write per case is a tenth of a check's own time)
        self.file, self.every, self.written = file, every, time.monotonic()
        self.write()

    def write(self) -> None:
        """FILE's one row, replaced whole (written aside, then renamed)."""
        if self.file is None:
            return
        aside = self.file.with_name(self.file.name + ".new")
        aside.write_text(f"done\ttotal\tfailed\n{self.done}\t{self.total}\t{self.failed}\n", encoding="utf-8")
        os.replace(aside, self.file)

    def __call__(self, case_id: str, verdict: Verdict) -> None:
        with self.lock:
            self.verdicts[case_id] = verdict
            self.done += 1
            self.failed += verdict.verdict != "pass"
            if self.done == self.total or time.monotonic() - self.written >= self.every:
                self.written = time.monotonic()
                self.write()
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


def run_all(ids: Sequence[str], jobs: int, settings: WorkerSettings, work: Path,
            progress_file: Optional[Path] = None) -> dict[str, Verdict]:
    """Every case of IDS checked by at most JOBS workers; the verdicts by id
    (a case without one: its worker stopped); the count so far in
    PROGRESS_FILE when given."""
    count = min(jobs, len(ids))
    lists = [list(ids[index::count]) for index in range(count)]
    progress, stop = Progress(len(ids), progress_file), threading.Event()
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
