"""run.py -- scripts/mark's steps, `python3 -m harness.mark`: the options
read and checked, the cases chosen, the submissions taken in, named,
copied and listed; their workers run (here, or on the machines of
--sshloginfile); the similarity check, the report, the last lines and the
feedback. A step that cannot go on says why ("mark: ...") and the run
stops with its status (2: bad usage or input; see --help)."""

from __future__ import annotations

import signal
import sys
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass

from harness import containment, hashes, paths
from harness.check import checking_code
from harness.mark import worker

from . import checks, finish, memory, options as command_line, submissions
from .finish import Outcome
from .options import Options
from .progress import Progress
from .regrade import Regrade, regrade_all
from .remote import run_remote
from .workers import local_jobs, run_here


def main(argv: list[str]) -> int:
    try:
        return mark_class(argv)
    except command_line.Stop as stop:
        if str(stop):
            print("mark: %s" % stop, file=sys.stderr)
        return stop.status
    except KeyboardInterrupt:
        return 130


def mark_class(argv: list[str]) -> int:
    options = checks.check(command_line.parse(argv))
    options, selection = checks.choose(options)
    taken = submissions.take_in(options)
    options, named = submissions.name(options, taken)
    corpus_hash = hashes.tree_hash(selection.cases)
    tools = checking_code.code_hash(paths.ROOT)
    case_hashes = memory.case_hashes(selection.cases, selection.ids)
    copied = submissions.copy(options, named, submissions.Texts(submissions.options_text(options, corpus_hash, tools),
                                                                submissions.options_text(options, "", tools),
                                                                case_hashes))
    submissions.write_lists(options.output, selection, named)
    totals = ",".join("%s=%d" % counted for counted in submissions.categories(selection.ids))
    batch = Batch(named, copied.todo, copied.refused, len(selection.ids),
                  Regrade(copied.plans, selection.cases, selection.ids, case_hashes, totals, copied.keys))
    # (the run's builds kept by their inputs, for the workers of this machine)
    with tempfile.TemporaryDirectory(prefix="mark-builds.") as builds:
        outcome = run_workers(options, batch, totals, corpus_hash, builds)
    finish.compare(options, named)
    return finish.report(options, named, outcome)


@dataclass(frozen=True)
class Batch:
    """The run's submissions, the folders of those to mark, the archives
    refused, the number of cases each is marked on, and those to regrade
    on their new and changed cases alone (--resume)."""

    named: list[submissions.Submission]
    todo: list[str]
    refused: int
    cases: int
    regrade: Regrade


def run_workers(options: Options, batch: Batch, totals: str, corpus_hash: str, builds: str) -> Outcome:
    """The header line, then the batch's todo marked, here (BUILDS: the
    folder of the run's builds kept by their inputs) or remotely, a line each."""
    named, todo, refused = batch.named, batch.todo, batch.refused
    if options.remote.sshloginfile:
        command = worker.command(options.remote.repo, options, totals, corpus_hash)
        where, jobs = "on the machines of %s" % options.remote.sshloginfile, 0
    else:
        command = worker.command(paths.ROOT, options, totals, build_cache=builds)
        jobs = local_jobs(options.jobs, options.check_jobs)
        where = "%d at a time" % jobs
    regrading = len(batch.regrade.plans)
    skipped = len(named) - len(todo) - refused - regrading
    kept = "; %d unchanged since the last run, kept" % skipped if skipped else ""
    if regrading:
        kept += "; %d to regrade on their new or changed cases alone" % regrading
    if refused:
        kept += "; %d refused archive%s, not marked" % (refused, "" if refused == 1 else "s")
    progress = Progress(len(todo), {s.folder: s.name for s in named}, sys.stderr.isatty(),
                        drawing=not options.remote.sshloginfile)
    print("mark: %d of %d submissions to mark (%s, profile %s, %d cases each, memcheck %s per category; %s)%s"
          % (len(todo), len(named), options.program, options.profile, batch.cases, options.memcheck, where,
             kept),
          flush=True)
    if options.sandbox and not options.remote.sshloginfile:
        # (under the header line; the machines of --sshloginfile say it in
        # each report, as check-engine does)
        print("mark: " + containment.proven_line(), flush=True)
    stop = threading.Event()
    status = 0
    with interruptible(stop):
        if todo and options.remote.sshloginfile:
            status = run_remote(options, todo, command, progress)
        elif todo:
            status = run_here(options.output, todo, command, jobs, progress, stop)
        if regrading and not stop.is_set():
            status = max(status, regrade_all(options.output, options, batch.regrade,
                                             local_jobs(options.jobs, options.check_jobs), stop))
    progress.finish()
    return Outcome(stop.is_set(), status, progress.started)


@contextmanager
def interruptible(stop: threading.Event):
    """SIGINT and SIGTERM set STOP instead of stopping the run (the workers,
    in the same process group, get them themselves); as they were after."""
    before = {number: signal.signal(number, lambda *_: stop.set()) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
