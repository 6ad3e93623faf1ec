"""finish.py -- what follows the marking: the similarity check across the
class (harness.similarity, into DIR/similarity), the report
(harness.mark.report: marks.csv, marks.json, the pages), the last lines
and the exit status, and the feedback (harness.mark.feedback), each in
this process."""

from __future__ import annotations

import io
import sys
import time
import traceback
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from harness.mark.feedback.__main__ import main as feedback_main
from harness.mark.result_file import NOT_MARKED, state_of
from harness.similarity.__main__ import missing as similarity_missing

from .options import Options, Stop
from .submissions import Submission, remove, write_text


@dataclass(frozen=True)
class Outcome:
    """What the workers' run left: interrupted or not, its status (1: a
    worker, or GNU parallel, failed) and when it began (time.monotonic)."""

    interrupted: bool
    status: int
    started: float


def compare(options: Options, named: list[Submission]) -> None:
    """With --similarity, every pair of the copies compared into
    DIR/similarity (gone otherwise: the page never shows an earlier run's
    pairs), DIR/similarity-names.tsv naming each copy's folder."""
    out = Path(options.output)
    remove(out / "similarity")
    if not options.similarity.wanted:
        return
    folders = [str(out / "submissions" / s.folder / "sources") for s in named]
    write_text(out / "similarity-names.tsv", "".join("%s\t%s\n" % (f, s.name) for f, s in zip(folders, named)))
    words = ["--output", str(out / "similarity"), "--names", str(out / "similarity-names.tsv")]
    if options.similarity.threshold:
        words += ["--threshold", options.similarity.threshold]
    for base in options.similarity.bases:
        words += ["--base", base]
    if similarity_missing():
        print(similarity_missing(), file=sys.stderr)
        raise Stop("the similarity check failed")
    from harness.similarity.cli import main as similarity_main  # (after the check: it needs Jinja2)
    if in_process(similarity_main, words + folders) != 0:
        raise Stop("the similarity check failed")


def in_process(main, argv: list[str]) -> int:
    """MAIN(ARGV)'s status; its SystemExit's, or 1 for what it raised (shown)."""
    try:
        return main(argv) or 0
    except SystemExit as stopped:
        return stopped.code if isinstance(stopped.code, int) else 1
    except Exception:  # (a tool's bug ends its step, as its process's end did)
        traceback.print_exc()
        return 1


def report(options: Options, named: list[Submission], outcome: Outcome) -> int:
    """The report; then the summary and last line (or, interrupted, what
    was marked: 130), the feedback; the exit status."""
    from harness.mark.report.__main__ import main as report_main  # (it needs Jinja2, checked)
    words = ["--output", options.output, "--program", options.program, "--profile", options.profile,
             "--memcheck", options.memcheck, "--compile", options.compile, "--scheme", options.scheme,
             "--manual", options.manual, "--deadline", options.lateness.deadline, "--late-penalty", options.lateness.penalty]
    for base in options.similarity.bases:
        words += ["--base", base]
    if options.resume:
        words.append("--resume")
    summary = io.StringIO()
    with redirect_stdout(summary):
        status = in_process(report_main, words)
    if status != 0:
        raise Stop("the report failed")
    left = sum(1 for s in named if not_marked(Path(options.output) / "submissions" / s.folder))
    if outcome.interrupted:
        print("mark: interrupted: %d of %d submissions marked; the same command with --resume marks the rest"
              % (len(named) - left, len(named)))
        return 130
    print(summary.getvalue().rstrip("\n"))
    print("mark: %d submissions, %d marked in %ds; report: %s/index.html"
          % (len(named), len(named) - left, int(time.monotonic() - outcome.started), options.output), flush=True)
    status = outcome.status
    if options.feedback_args and in_process(feedback_main, ["--marks", options.output,
                                                           *options.feedback_args]) != 0:
        status = 1
    return 1 if left or status else 0


def not_marked(folder: Path) -> bool:
    """Not marked: interrupted (no `done`), its marking failed (state
    error), or its build was stopped twice by a signal (state stopped)."""
    if not (folder / "done").is_file():
        return True
    return state_of(folder / "result.tsv") in NOT_MARKED
