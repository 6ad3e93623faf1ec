"""catches.py -- which cases of a corpus catch which faults. Each faulted
reference (our own program, built from our own sources: it runs as the
diagnosis runs it, outside the sandbox, `BIN < CASE.in`, through the
diagnosis's run cache) is run on each case, and its run is judged as
check-engine's profile judges a program's:

  strict      every case; stdout byte for byte and the exit status
  assignment  the strict-only cases left out; stdout byte for byte, or,
              for a game whose assignment profile has a judge (draughts),
              the judge's verdict on the output

A run killed at the diagnosis's timeout (a hang) is caught in both."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import os
from typing import Optional

from harness.cases import corpus
from harness.diagnose import runs
from harness.diagnose.compare import Judge
from harness.diagnose.runcache import RunCache

PROFILES = ("strict", "assignment")


@dataclasses.dataclass(frozen=True)
class Setup:
    """Where and how the faults meet the cases."""

    game: str
    cases: str                        # the corpus's folder
    profile: str = "strict"           # one of PROFILES
    jobs: int = 2                     # runs at once
    cache: Optional[RunCache] = None  # the diagnosis's run cache, or None: every run afresh
    judge: Optional[Judge] = None     # the assignment profile's judge, when the game has one


def case_ids(setup: Setup) -> list[str]:
    """The cases the profile checks, in corpus order."""
    return corpus.select_ids(setup.cases, setup.profile)


def fails(setup: Setup, case_id: str, binary: str) -> bool:
    """Whether the faulted reference BINARY fails the case CASE_ID."""
    input_path = os.path.join(setup.cases, case_id + ".in")
    if setup.cache is not None:
        run = setup.cache.run(setup.game, binary, input_path)
    else:
        run = runs.run_reference(setup.game, binary, input_path)
    if run.status is None:
        return True
    if setup.profile == "assignment" and setup.judge is not None:
        return setup.judge.verdict(input_path, run.out) is not None
    expected = runs.expected(setup.cases, case_id)
    if run.out != expected.out:
        return True
    return setup.profile == "strict" and run.status != expected.status


def catches(setup: Setup, binaries: dict[str, str]) -> tuple[list[str], dict[str, list[str]]]:
    """The cases checked, and {fault: the cases that catch it, in corpus
    order} for BINARIES, {fault: its faulted reference}."""
    ids = case_ids(setup)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, setup.jobs)) as pool:
        futures = {(fault, case_id): pool.submit(fails, setup, case_id, binary)
                   for fault, binary in binaries.items() for case_id in ids}
        return ids, {fault: [case_id for case_id in ids if futures[fault, case_id].result()]
                     for fault in binaries}
