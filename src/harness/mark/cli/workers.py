"""workers.py -- the submissions marked on this machine: a worker process
per submission (harness.mark.worker's command, in DIR), N at a time, each
one's line turned into a progress line as it finishes, GNU parallel's job
log kept (DIR/mark.joblog); an interruption (SIGINT, SIGTERM) starts no
more of them and lets the running ones end."""

from __future__ import annotations

import os
import shlex
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass

from .progress import Progress

JOBLOG_HEADER = "Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand\n"


@dataclass(frozen=True)
class Job:
    """One worker's run: its number, folder, start (epoch seconds) and
    length, status and stdout."""

    seq: int
    folder: str
    started: float
    seconds: float
    status: int
    stdout: bytes


def local_jobs(jobs: str, check_jobs: str) -> int:
    """--jobs, else twice the cores over --check-jobs (at least 1)."""
    if jobs:
        return int(jobs)
    return max(1, 2 * len(os.sched_getaffinity(0)) // int(check_jobs))


def run_here(output: str, folders: list[str], worker: list[str], jobs: int, progress: Progress,
             stop: threading.Event) -> int:
    """FOLDERS marked by WORKER, JOBS at a time, in OUTPUT; 1 when a worker
    failed (its status not 0), else 0."""
    status = 0
    with open(os.path.join(output, "mark.joblog"), "w", encoding="utf-8") as log, \
            ThreadPoolExecutor(max_workers=jobs) as pool:
        log.write(JOBLOG_HEADER)
        futures = [pool.submit(run_one, output, seq, folder, worker, progress, stop)
                   for seq, folder in enumerate(folders, 1)]
        for future in as_completed(futures):
            job = future.result()
            if job is None:
                continue
            log.write(joblog_row(job, worker))
            log.flush()
            for line in os.fsdecode(job.stdout).split("\n")[:-1]:
                progress.line(line)
            status = status or int(job.status != 0)
    return status


def run_one(output: str, seq: int, folder: str, worker: list[str], progress: Progress,
            stop: threading.Event) -> Job | None:
    """One worker's run, unless the run was interrupted before it began."""
    if stop.is_set():
        return None
    progress.begun(seq, folder)
    started = time.time()
    done = subprocess.run([*worker, folder], cwd=output, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          check=False)
    return Job(seq, folder, started, time.time() - started, done.returncode, done.stdout)


def joblog_row(job: Job, worker: list[str]) -> str:
    """JOB's line of the log, as GNU parallel's --joblog writes it."""
    exit_status, signal = (0, -job.status) if job.status < 0 else (job.status, 0)
    return "%d\t:\t%.3f\t%.3f\t0\t%d\t%d\t%d\t%s\n" % (job.seq, job.started, job.seconds, len(job.stdout),
                                                      exit_status, signal, shlex.join([*worker, job.folder]))
