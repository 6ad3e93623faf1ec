"""One of check's workers: runs its cases inside ONE sandbox box kept for
its life (harness.sandbox.Box), compares each with the corpus in-process,
keeps a failure's report (OUTPUT/failures/ID.txt, printable) and its run
(OUTPUT/outputs/ID.out and .status, for the diagnosis), and gives a
verdict per case; a failing case is run twice, and one whose runs differ
is not deterministic (stability.py)."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Sequence

from harness.cases import Case, Verdict
from harness.cases.status import HANG
from harness.check.compare import Actual, Settings, compare, printable
from harness.check.explain import explain_failure
from harness.check.judge import judge_one
from harness.check.stability import Outcome, difference, unstable_report, unstable_verdict
from harness.check.symptom import FLOOD, KILLED, symptom_of_run, whitespace_symptom
from harness.check.whitespace_report import check_whitespace
from harness.diagnose import corpusruns, runs as kept_runs
from harness.games import Game
from harness.sandbox import Box, Limits, Run, SandboxError

FLOOD_NOTE = b"(it wrote more than 64 MiB and was stopped; its output is cut for the report)"
CRASH_NOTE = (b"(the output was cut by the crash: the first difference is from a rerun with unbuffered stdout, "
              b"stdbuf -o0)")
SHAPE_NOTE = b"(without --exact-stderr only the shape of stderr counts: one line where the case has one)\n"


@dataclass(frozen=True)
class WorkerSettings:
    """Everything a worker needs, as data: where the cases are, the game,
    the program (an executable, or a FOLDER's launcher with the folder),
    the rerun line's command, where results go, how runs are compared."""

    cases: Path
    game: Game
    program: str
    run_command: str
    output: Path
    timeout: str
    folder: Optional[str] = None
    sandbox: bool = True
    exact_stderr: bool = False
    stdout_only: bool = False
    judge: Optional[str] = None
    compare_whitespace: bool = False
    reference: Optional[Path] = None
    stop_after_hangs: int = 0

    @property
    def comparing(self) -> Settings:
        return Settings(self.game, self.timeout, self.run_command, self.stdout_only)

    def limits(self) -> Limits:
        return Limits(timeout=self.timeout, no_sandbox=not self.sandbox, quiet=True, folder=self.folder)


def accept_stderr_shape(case: Case, actual: Actual) -> bool:
    """Without --exact-stderr: a stderr of exactly one non-empty line
    where the case expects one is taken as the expected one. False when
    the shape is wrong."""
    err_path = case.path(".err")
    if not err_path.is_file():
        return True
    # (read as the bash check-engine read it, up to a first NUL byte: a
    # stderr holding one is never the shape, as the record has it)
    err = actual.err.split(b"\0", 1)[0]
    line = err[:-1] if err.endswith(b"\n") else err
    if line and err.endswith(b"\n") and b"\n" not in line:
        actual.err = err_path.read_bytes()
        return True
    return False


def keep_run(output: Path, case_id: str, actual: Actual, status: int, judged: Optional[bytes] = None) -> None:
    """A failing case's run as data for the diagnosis: OUTPUT/outputs/ID.out
    and ID.status (`hang` for a run killed at the timeout); ID.verdict, the
    judge's message on that output when JUDGED (the diagnosis then need not
    judge it again: keep_judge)."""
    kept = output / "outputs" / case_id
    kept.parent.mkdir(parents=True, exist_ok=True)
    Path(f"{kept}.out").write_bytes(actual.out)
    Path(f"{kept}.status").write_text("hang\n" if status == HANG else f"{status}\n")
    if judged is not None:
        Path(f"{kept}.verdict").write_bytes(judged)


def keep_judge(output: Path, judge: str) -> None:
    """OUTPUT/outputs/judge.tsv: the judge whose messages the workers keep
    (ID.verdict), by its SHA-256, so that the diagnosis takes them only
    from the judge it would run itself (harness.diagnose.results)."""
    kept = output / "outputs"
    # (the digest the diagnosis compares: corpusruns' own, one definition)
    (kept / kept_runs.KEPT_JUDGE).write_text(f"judge\tsha256\n{judge}\t{corpusruns.file_digest(judge)}\n")


def add_note(report: bytes, note: bytes) -> bytes:
    """NOTE right under the first line saying where stdout (or the status) differs."""
    lines = report.split(b"\n")
    for index, line in enumerate(lines):
        if re.match(rb"^(stdout|status): ", line):
            lines.insert(index + 1, note)
            break
    return b"\n".join(lines)


class Worker:
    """A worker: one box, its own files under WORK."""

    def __init__(self, settings: WorkerSettings, work: Path) -> None:
        self.settings = settings
        self.work = work
        work.mkdir(parents=True, exist_ok=True)
        self.box = Box(settings.program, settings.limits())
        self.faults = [(row.rule, row.fault) for row in settings.game.judge_fault_table()] if settings.judge else []
        self.last_status = 0

    def run(self, ids: Sequence[str], verdict: Callable[[str, Verdict], None],
            stop: Optional[threading.Event] = None) -> None:
        """Checks IDS in order, telling VERDICT of each; after
        stop_after_hangs hangs in a row the rest are not run; once STOP is
        set, none is (check-engine was interrupted)."""
        try:
            self.box.start()
        except SandboxError:
            return  # (its cases get no verdict: the worker stopped)
        hangs, limit = 0, self.settings.stop_after_hangs
        try:
            for case_id in ids:
                if stop is not None and stop.is_set():
                    return
                if limit > 0 and hangs >= limit:
                    verdict(case_id, Verdict("fail", "not-run", f"not run: the {hangs} cases before it hung"))
                    continue
                verdict(case_id, self.check(case_id))
                hangs = hangs + 1 if self.last_status == HANG else 0
        finally:
            self.box.close()

    def _actual(self, run: Run, expected_out: bytes) -> Actual:
        # (the expected bytes themselves when equal: compare() then knows stdout is the same)
        out = _read(run.out)
        return Actual(run.status, expected_out if out == expected_out else out, _read(run.err), self.work / "actual")

    def check(self, case_id: str) -> Verdict:
        """Case CASE_ID run and compared; a failing one run again (the same
        box, the same limits): when the two runs differ the case is not
        deterministic (stability.py). Its failure is kept."""
        case = Case(self.settings.cases, case_id)
        expected_out = _read(case.path(".out"))
        first = self._once(case, expected_out, explain=True)
        self.last_status = first.status
        if first.passed:
            return first.verdict
        second = self._once(case, expected_out, explain=False)
        what = difference(first, second)
        report = first.report
        verdict = first.verdict
        if what:
            report += unstable_report(first, second, what, self.settings.timeout, self.work / "runs")
            verdict = unstable_verdict(what)
        if first.actual is not None:
            self._keep(case_id, report, first.actual, first.status, first.judged)
        return verdict

    def _once(self, case: Case, expected_out: bytes, explain: bool) -> Outcome:
        """One run of CASE, compared (judged); EXPLAIN: add the explanation
        in the game's terms to a failure's report."""
        settings = self.settings
        graded = settings.game.run_mode == "graded"
        actual = self._actual(self.box.run(case.path(".in"), graded), expected_out)
        first_status, note = actual.status, b""
        if actual.status == FLOOD:
            actual.out, actual.err = actual.out[:len(expected_out) + 4096], actual.err[:4096]
            note = FLOOD_NOTE
        elif actual.status > 128 and actual.status != KILLED and actual.out != expected_out:
            # A crash loses what stdio still held: rerun with unbuffered stdout.
            actual = self._actual(self.box.run(case.path(".in"), graded, "unbuffered"), expected_out)
            note = CRASH_NOTE
        if settings.judge:
            return self._judged(case, expected_out, actual, first_status)
        shape_ok = settings.exact_stderr or accept_stderr_shape(case, actual)
        comparing = settings.comparing
        compared = compare(case, expected_out, actual, comparing, stdout_same=actual.out is expected_out)
        if compared.passed:
            return Outcome(Verdict("pass"), actual, status=actual.status)
        found = check_whitespace(case, expected_out, actual, comparing, compared, settings.compare_whitespace)
        if found.passed:
            symptom = whitespace_symptom(found.phrase)
            return Outcome(Verdict("pass", symptom.code, symptom.phrase), actual, status=actual.status)
        report = found.report
        if note:
            report = add_note(report, note)
        if not shape_ok:
            report += SHAPE_NOTE
        if explain and not found.kind and found.line is not None and settings.reference is not None:
            report += explain_failure(settings.game.explain, settings.reference, case.path(".in"), expected_out,
                                      actual.out, found.line)
        symptom = symptom_of_run(case, expected_out, actual, comparing, found.line, found.phrase,
                                 bool(found.kind) and settings.compare_whitespace)
        return Outcome(Verdict("fail", symptom.code, symptom.phrase), actual, report, actual.status)

    def _judged(self, case: Case, expected_out: bytes, actual: Actual, status: int) -> Outcome:
        settings = self.settings
        judged = judge_one(settings.judge or "", self.faults, case, actual, settings.comparing,
                           self.work / "feedback")
        if judged.passed:
            return Outcome(Verdict("pass"), actual, status=status)
        if not judged.code:
            symptom = symptom_of_run(case, expected_out, actual, settings.comparing, None)
            return Outcome(Verdict("fail", symptom.code, symptom.phrase), actual, judged.report, status)
        return Outcome(Verdict("fail", judged.code, judged.phrase), actual, judged.report, status, judged.message)

    def _keep(self, case_id: str, report: bytes, actual: Actual, status: int, judged: Optional[bytes]) -> None:
        kept = self.settings.output / "failures" / f"{case_id}.txt"
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_bytes(printable(report))
        keep_run(self.settings.output, case_id, actual, status, judged)


def _read(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except (FileNotFoundError, IsADirectoryError, PermissionError):
        return b""
