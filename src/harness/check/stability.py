"""A failing case is run a second time, in the same box with the same
limits (issue 41): when the two runs differ in verdict, exit status or
stdout (output.txt for a graded game), the case is "not deterministic"
(verdict `unstable`, code `unstable`), counted apart from passes and
failures, and its report shows both runs. A passing case is never run
again, so a correct program costs nothing more."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from harness.cases import UNSTABLE, Verdict, describe_status
from harness.cases.status import HANG
from harness.check.compare import Actual, show_diff

PHRASE = "not deterministic"


@dataclass
class Outcome:
    """One run of a case as the worker judged it: its verdict, the run
    (None when the case passed on its hash alone or was not run), the
    failure's report (bytes, not yet printable) and, when a judge rejected
    the run, its message as the judge wrote it (kept for the diagnosis)."""

    verdict: Verdict
    actual: Optional[Actual] = None
    report: bytes = b""
    status: int = 0
    judged: Optional[bytes] = None  # the judge's message on ACTUAL, when it rejected it

    @property
    def passed(self) -> bool:
        return self.verdict.verdict == "pass"


def difference(first: Outcome, second: Outcome) -> str:
    """What differs between two runs of one case, in words ("" when
    nothing does): the verdict, the exit status, or stdout. A run that hung
    is compared by its verdict alone: where a run stands when the timeout
    kills it (still running, or stopped by a limit it reached a moment
    before: a program that allocates without end) depends on the
    machine's load, not on the program."""
    if first.passed != second.passed:
        return "it failed once and passed once"
    if HANG in (first.status, second.status):
        return ""
    if first.status != second.status:
        return "the exit status differs between two runs"
    if first.actual is not None and second.actual is not None and first.actual.out != second.actual.out:
        return "the output differs between two runs"
    if first.verdict != second.verdict:
        return "the verdict differs between two runs"
    return ""


def unstable_verdict(what: str) -> Verdict:
    return Verdict(UNSTABLE, UNSTABLE, f"{PHRASE}: {what}")


def _run_words(outcome: Outcome, timeout: str) -> str:
    if outcome.passed:
        return "passed"
    return f"failed ({outcome.verdict.symptom}), {describe_status(outcome.status, timeout)}"


def unstable_report(first: Outcome, second: Outcome, what: str, timeout: str, work: Path) -> bytes:
    """The section a not deterministic case's report ends with: both runs'
    verdicts and statuses, and a diff of their outputs."""
    lines = [f"{PHRASE}: the case was run twice, with the same limits, and {what}",
             f"first run:  {_run_words(first, timeout)}", f"second run: {_run_words(second, timeout)}"]
    section = ("\n".join(lines) + "\n").encode()
    first_out = first.actual.out if first.actual is not None else b""
    second_out = second.actual.out if second.actual is not None else b""
    if first_out == second_out:
        return section + b"both runs wrote the same output\n"
    work.mkdir(parents=True, exist_ok=True)
    (work / "first.out").write_bytes(first_out)
    (work / "second.out").write_bytes(second_out)
    return section + show_diff(work / "first.out", work / "second.out", "the two runs' output",
                               labels=("first run", "second run"))
