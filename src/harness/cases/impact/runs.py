"""Each submission's program, as the class built it, run on the new or
changed cases alone, by check-engine's own worker (harness.check.worker):
in the sandbox, with the case's limits (the timeout the class was marked
with), judged as check-engine judges (the class's profile and
comparison; draughts' assignment profile by its judge). Untrusted
programs run nowhere else."""

from __future__ import annotations

import os
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from harness import games, paths
from harness.cases.status import HANG
from harness.cases.impact.record import ClassRecord, Submission
from harness.check.options import shorten
from harness.check.worker import Worker, WorkerSettings
from harness.languages.build import NotBuilt, write_launcher
from harness.sandbox import SandboxError, ensure_built

# Above this exit status a run died of a signal: a crash.
SIGNALLED = 128


@dataclass(frozen=True)
class Outcome:
    """One case of one submission: passed or not, and how the run ended
    ("crash", "hang", or "" for an exit of its own)."""

    passed: bool
    ended: str = ""


@dataclass(frozen=True)
class Candidates:
    """The cases to run: a corpus folder holding them, and their ids."""

    cases: Path
    ids: tuple[str, ...]


def judge_of(record: ClassRecord, game: games.Game) -> Optional[str]:
    """The judge the class's profile judges by (the game's assignment
    profile, when it has one), built by make; None otherwise."""
    if record.profile != "assignment" or not game.judge:
        return None
    judge = paths.ROOT / game.judge
    if not os.access(judge, os.X_OK):
        raise SandboxError(f"{game.judge} is not built (run make {game.judge})", 1)
    return shorten(str(judge))


def settings_for(record: ClassRecord, submission: Submission, candidates: Candidates, output: Path,
                 judge: Optional[str]) -> WorkerSettings:
    """The worker's settings; a built folder's launcher written beside OUTPUT."""
    game = games.get(record.program)
    program, folder = str(submission.program), None
    if submission.built is not None and submission.language is not None:
        output.parent.mkdir(parents=True, exist_ok=True)
        folder, program = str(submission.built), str(output.parent / "launcher")
        write_launcher(folder, submission.language, Path(program))
    return WorkerSettings(cases=candidates.cases, game=game, program=program, folder=folder,
                          run_command="./program", output=output, timeout=submission.timeout,
                          stdout_only=record.profile != "strict", judge=judge,
                          compare_whitespace=submission.compare == "whitespace")


def ended(status: int) -> str:
    if status == HANG:
        return "hang"
    return "crash" if status > SIGNALLED else ""


def run_submission(settings: WorkerSettings, ids: Sequence[str], work: Path) -> dict[str, Outcome]:
    """Every case of IDS run by one worker (one box); {case: Outcome}. A
    box that cannot start fails every case."""
    worker = Worker(settings, work)
    outcomes: dict[str, Outcome] = {}
    try:
        worker.box.start()
    except SandboxError:
        return {case_id: Outcome(False, "box") for case_id in ids}
    try:
        for case_id in ids:
            verdict = worker.check(case_id)
            outcomes[case_id] = Outcome(verdict.verdict == "pass", ended(worker.last_status))
    finally:
        worker.box.close()
    return outcomes


def run_class(record: ClassRecord, candidates: Candidates, jobs: int) -> dict[str, dict[str, Outcome]]:
    """{submission name: {case: Outcome}} for every submission with a program."""
    ensure_built()
    judge = judge_of(record, games.get(record.program))
    runnable = [s for s in record.submissions if s.program is not None]
    with tempfile.TemporaryDirectory(prefix="impact.") as scratch, \
            ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {}
        for index, submission in enumerate(runnable):
            work = Path(scratch) / str(index)
            try:
                settings = settings_for(record, submission, candidates, work / "output", judge)
            except NotBuilt:
                continue
            futures[submission.name] = pool.submit(run_submission, settings, candidates.ids, work / "worker")
        return {name: future.result() for name, future in futures.items()}
