"""regrade.py -- `scripts/mark --resume` after the corpus changed: each
submission memory.py finds regradable has its program, as it was built in
its folder, run on its new and changed cases alone, by check-engine's own
worker (harness.check.worker: in the sandbox, the run's timeout, judged as
check-engine judges); the verdicts of its other cases are kept. Then its
check/results.tsv (the corpus's order, removed cases left out), its
result.tsv (harness.mark.result_row, from the facts its worker kept),
regrade.tsv (what changed: `case, change, verdict_before, verdict_after`)
and its memory and key are written. The new runs' failure reports are in
check/3."""

from __future__ import annotations

import dataclasses
import os
import shutil
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from harness import games
from harness.cases.corpus import category_of
from harness.cases.impact.record import ClassRecord, Submission as Built, attach_program
from harness.cases.impact.runs import Candidates, judge_of, settings_for
from harness.cases.results import Verdict
from harness.check.worker import Worker
from harness.languages.build import NotBuilt
from harness.mark import result_row
from harness.sandbox import SandboxError

from .memory import Plan, write_memory
from .options import Options

REGRADE = "regrade.tsv"
REGRADE_COLUMNS = ("case", "change", "verdict_before", "verdict_after")
# The check-engine output folder of a regrade's runs (1 and 2: the worker's).
RUN_FOLDER = "3"


@dataclass(frozen=True)
class Regrade:
    """The run's regrades and what every one needs: the corpus, its case
    ids and hashes, the categories' totals ("C=N,..."), each folder's new
    key and base key ({folder: (key, base_key)})."""

    plans: list[Plan]
    cases: Path
    ids: tuple[str, ...]
    hashes: dict[str, str]
    totals: str
    keys: dict[str, tuple[str, str]]


def built_program(dest: Path, options: Options) -> Built:
    """The submission's program as its worker built it, for the runs."""
    return attach_program(Built(dest.name, dest.name, {}, {}, None, options.timeout, options.compare), dest)


def run_cases(dest: Path, options: Options, regrade: Regrade, ids: tuple[str, ...]) -> dict[str, Verdict]:
    """{case: Verdict} of IDS run by one worker (one box) in DEST's check/3;
    a box that cannot start fails them, said in the symptom."""
    record = ClassRecord(dest.parent.parent, options.program, options.profile, {}, {}, [])
    output = dest / "check" / RUN_FOLDER
    with tempfile.TemporaryDirectory(prefix="regrade.") as scratch:
        settings = settings_for(record, built_program(dest, options), Candidates(regrade.cases, ids),
                                output, judge_of(record, games.get(options.program)))
        if settings.folder is not None:  # (the launcher written in scratch, not in the class)
            launcher = Path(scratch) / "launcher"
            shutil.move(str(output.parent / "launcher"), launcher)
            settings = dataclasses.replace(settings, program=str(launcher))
        worker = Worker(dataclasses.replace(settings, sandbox=options.sandbox), Path(scratch) / "worker")
        try:
            worker.box.start()
        except SandboxError as error:
            return {case: Verdict("fail", "box", f"not run: {error}") for case in ids}
        try:
            return {case: worker.check(case) for case in ids}
        finally:
            worker.box.close()


def forget(dest: Path, cases) -> None:
    """The failure reports and kept runs of CASES, from every run's folder."""
    for run in ("1", "2", RUN_FOLDER):
        for case in cases:
            for path in (dest / "check" / run / "failures" / f"{case}.txt",
                         dest / "check" / run / "outputs" / f"{case}.out",
                         dest / "check" / run / "outputs" / f"{case}.status"):
                if path.is_file():
                    path.unlink()


def write_tsv(path: Path, columns: tuple[str, ...], rows: list[dict[str, str]]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write("\t".join(columns) + "\n")
        f.writelines("\t".join(row.get(column, "") for column in columns) + "\n" for row in rows)


def regrade_one(output: Path, plan: Plan, options: Options, regrade: Regrade) -> str:
    """PLAN carried out in OUTPUT/submissions/FOLDER; its progress line
    ("" when none of its cases changed: only its key is new)."""
    started = time.time()
    dest = output / "submissions" / plan.folder
    key, base_key = regrade.keys[plan.folder]
    if not plan.changes:  # (the corpus changed elsewhere: a reason, a case of no category marked)
        write_memory(dest, regrade.hashes, base_key)
        (dest / "done").write_text(key + "\n", encoding="utf-8")
        return ""
    before = {row["case"]: row for row in result_row.read_tsv(dest / "check" / "results.tsv")}
    forget(dest, plan.changes)
    (dest / "done").unlink()  # (until the regrade is whole)
    ran = run_cases(dest, options, regrade, plan.run) if plan.run else {}
    rows = []
    for case in regrade.ids:
        if case in ran:
            rows.append({"case": case, "category": category_of(case), "verdict": ran[case].verdict,
                         "symptom": ran[case].symptom, "code": ran[case].code})
        elif case in before:
            rows.append(before[case])
    write_tsv(dest / "check" / "results.tsv", result_row.RESULTS_COLUMNS, rows)
    write_tsv(dest / REGRADE, REGRADE_COLUMNS, [
        {"case": case, "change": change, "verdict_before": before.get(case, {}).get("verdict", ""),
         "verdict_after": ran[case].verdict if case in ran else ""} for case, change in plan.changes.items()])
    line = result_row.write_row({"--totals": regrade.totals, "--facts": str(dest / "facts.tsv"),
                                 "--started": str(started), "--host": os.uname().nodename}, base=dest)
    write_memory(dest, regrade.hashes, base_key)
    (dest / "done").write_text(key + "\n", encoding="utf-8")
    return line


def regrade_all(output: str, options: Options, regrade: Regrade, jobs: int, stop: threading.Event) -> int:
    """Every plan, JOBS at a time (none begun once STOP is set), a line
    each; 1 when one failed (left without `done`: the next --resume marks
    it in full), else 0."""
    def one(plan: Plan) -> int:
        if stop.is_set():
            return 0
        try:
            line = regrade_one(Path(output), plan, options, regrade)
        except (OSError, SandboxError, NotBuilt) as error:
            print(f"mark: {plan.folder}: the regrade failed ({error}); --resume marks it in full", flush=True)
            return 1
        if not line:
            return 0
        changed = ", ".join(f"{case} ({change})" for case, change in plan.changes.items())
        print("mark: regraded %s on %d case%s (%s)" % (line.split("\t")[0], len(plan.run),
                                                      "" if len(plan.run) == 1 else "s", changed),
              flush=True)
        return 0

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return max([0] + [done.result() for done in [pool.submit(one, plan) for plan in regrade.plans]])
