"""bless's main: each case run again; an unchanged one left untouched, a
changed one shown as diffs and re-recorded when the answer is yes (every
one with --yes); a crash or a hang never recorded. The summary, and exit
status 1 when a case was not re-recorded or the answers ran out."""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Mapping, Optional, Sequence

from harness.cases.atomic import Placer
from harness.cases.bless.ask import ask
from harness.cases.bless.impact_pass import impact_pass
from harness.cases.bless.options import USAGE, Plan, check, parse
from harness.cases.bless.rerecord import changed_parts, rerun, show_part, write_part
from harness.cases.corpus import Case
from harness.cases.run import RunError, RunSettings
from harness.cases.status import describe_status
from harness.cases.tool import ToolExit, run_tool, say

NAME = "bless"
# With stderr a terminal, a line of progress every so many cases.
PROGRESS_EVERY = 50


@dataclass
class Tally:
    """What became of the cases so far."""

    blessed: int = 0
    kept: int = 0
    unchanged: int = 0
    broken: int = 0
    stopped: bool = False

    def summary(self) -> str:
        words = f"bless: {self.blessed} blessed, {self.kept} kept, {self.unchanged} unchanged"
        if self.broken:
            words += f", {self.broken} not re-recorded (crash or hang)"
        if self.stopped:
            words += ", stopped before the end"
        return words


@dataclass
class Session:
    """One run of bless: the plan, how the engine runs, where the new runs
    go, what writes the files, where the answers come from."""

    plan: Plan
    settings: RunSettings
    work: Path
    placer: Placer
    stdin: BinaryIO


def reason(case_path: str) -> str:
    """The case's reason as a shell's `read -r` gives it (spaces trimmed)."""
    return Case(Path(os.path.dirname(case_path)), os.path.basename(case_path)).reason().strip(" \t")


def bless_case(session: Session, case_path: str) -> str:
    """Runs one case and deals with it: "broken", "unchanged", or the
    answer ("y", "n", "q", "eof")."""
    label = session.plan.label(case_path)
    status = rerun(session.plan.engine, case_path, session.work, session.settings)
    if status >= 124:
        say(f"bless: not re-recording {label}: the engine gave {describe_status(status, session.settings.timeout)}\n",
            sys.stderr)
        return "broken"
    changed = changed_parts(case_path, session.work)
    if not changed:
        return "unchanged"
    if sys.stderr.isatty():
        say(f"{'':>40}\r", sys.stderr)  # clears the progress line
    say(f"=== {label}: {reason(case_path)}\n")
    for part in changed:
        show_part(case_path, part, label, session.work)
    answer = "y" if session.plan.yes else ask(label, session.stdin)
    if answer == "y":
        for part in changed:
            write_part(case_path, part, session.work, session.placer)
    return answer


def bless_cases(session: Session) -> Tally:
    """Every case of the plan in turn, until the last, a q or no answer."""
    tally = Tally()
    total = len(session.plan.case_paths)
    for done, case_path in enumerate(session.plan.case_paths, 1):
        label = session.plan.label(case_path)
        if sys.stderr.isatty() and done % PROGRESS_EVERY == 0:
            say(f"bless: {done}/{total} cases run\r", sys.stderr)
        outcome = bless_case(session, case_path)
        if outcome == "broken":
            tally.broken += 1
        elif outcome == "unchanged":
            tally.unchanged += 1
        elif outcome == "y":
            say(f"blessed {label}\n")
            tally.blessed += 1
        elif outcome in ("n", "q"):
            say(f"kept {label}\n" if outcome == "n" else f"kept {label}; stopping\n")
            tally.kept += 1
        else:
            say(f"bless: no answer for {label} (end of input); stopping (use --yes to accept every change)\n",
                sys.stderr)
            tally.stopped = True
        if outcome in ("q", "eof"):
            break
    return tally


def run(argv: Sequence[str], environ: Mapping[str, str], placer: Placer, stdin: BinaryIO) -> int:
    """The checks, every case, the summary; the exit status."""
    plan = check(parse(argv, environ), environ)
    try:
        settings = RunSettings.from_environment(environ)
    except RunError as error:
        raise ToolExit(str(error), 1) from None
    if plan.impact:
        impact_pass(plan, settings)
        if plan.ci:
            say(f"bless: nothing re-recorded: CI is set ('{plan.ci}'); goldens are re-recorded by a person\n")
            return 0
    with tempfile.TemporaryDirectory() as work:
        tally = bless_cases(Session(plan, settings, Path(work), placer, stdin))
    say(tally.summary() + "\n")
    if tally.blessed:
        say(f"review what changed with: git diff --stat -- {plan.cases}\n")
    return 1 if tally.broken or tally.stopped else 0


def main(argv: Optional[Sequence[str]] = None, environ: Mapping[str, str] = os.environ,
         stdin: Optional[BinaryIO] = None) -> int:
    return run_tool(NAME, USAGE, lambda placer: run(sys.argv[1:] if argv is None else argv, environ, placer,
                                                    stdin or sys.stdin.buffer))
