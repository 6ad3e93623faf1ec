"""bless --impact: every case run once before any question, the changed
ones (not a crash or a hang: those are never recorded) staged as they
would be re-recorded, and their impact on the class printed and written
(harness.cases.impact). Under CI that is all bless does."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from harness.cases.bless.options import Plan
from harness.cases.bless.rerecord import changed_parts, rerun
from harness.cases.corpus import Case
from harness.cases.impact.flow import Staged, impact, open_class
from harness.cases.run import RunSettings
from harness.cases.tool import say


def staged_change(plan: Plan, case_path: str, work: Path, settings: RunSettings) -> Staged | None:
    """The case as it would be re-recorded, None when unchanged or broken."""
    status = rerun(plan.engine, case_path, work, settings)
    if status >= 124 or not changed_parts(case_path, work):
        return None
    case = Case(Path(case_path).parent, Path(case_path).name)
    return Staged(plan.label(case_path), Path(f"{case_path}.in").read_bytes(), (work / "new.out").read_bytes(),
                  status, (work / "new.err").read_bytes(), case.reason().strip(" \t"))


def impact_pass(plan: Plan, settings: RunSettings) -> None:
    """The changed cases' impact on the class of --impact."""
    record = open_class(plan.impact, plan.program)
    with tempfile.TemporaryDirectory() as scratch:
        work, staging = Path(scratch) / "runs", Path(scratch) / "cases"
        work.mkdir()
        staged = []
        for case_path in plan.case_paths:
            found = staged_change(plan, case_path, work, settings)
            if found is not None:
                staged.append(found)
        shutil.rmtree(work)
        if not staged:
            say("bless: no case changed: no impact on the class\n")
            return
        impact(record, staging, staged, "changed")
