"""--impact's steps, for add-case and bless: the class read, the cases
staged in a corpus of their own, the class's programs run on them, the
impact printed and written to CLASSDIR/impact.tsv, the faults they catch
told. Nothing here writes to the corpus."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, TextIO

from harness.cases.impact import assess, faults
from harness.cases.impact.record import ClassRecord, RecordError, read_class
from harness.cases.impact.runs import Candidates, run_class
from harness.cases.tool import ToolExit
from harness.mark.report.scheme import SchemeError
from harness.sandbox import SandboxError

IMPACT_FILE = "impact.tsv"


@dataclass(frozen=True)
class Staged:
    """A case's files as the corpus would hold them."""

    case_id: str
    input: bytes
    out: bytes
    status: int
    err: bytes
    reason: str


def stage(folder: Path, case: Staged) -> None:
    """CASE's files under FOLDER (a corpus of its own, for the runs)."""
    prefix = folder / case.case_id
    prefix.parent.mkdir(parents=True, exist_ok=True)
    Path(f"{prefix}.in").write_bytes(case.input)
    Path(f"{prefix}.out").write_bytes(case.out)
    Path(f"{prefix}.reason").write_bytes(os.fsencode(case.reason) + b"\n")
    if case.status:
        Path(f"{prefix}.status").write_text(f"{case.status}\n", encoding="ascii")
    if case.err:
        Path(f"{prefix}.err").write_bytes(case.err)


def open_class(classdir: str, program: str) -> ClassRecord:
    """The class, refused (ToolExit) when it is none or of another game."""
    try:
        record = read_class(classdir)
    except RecordError as error:
        raise ToolExit(f"--impact: {error}", 2) from None
    if record.program != program:
        raise ToolExit(f"--impact: the class {classdir} was marked as {record.program or 'no game'}, "
                       f"not {program}", 2)
    return record


def impact(record: ClassRecord, folder: Path, cases: list[Staged], kind: str, stream: Optional[TextIO] = None,
           jobs: int = 0) -> list[assess.Row]:
    """Stages CASES in FOLDER, runs the class on them, prints the impact
    (KIND: "new" or "changed"), writes CLASSDIR/impact.tsv; its rows."""
    stream = stream or sys.stdout
    for case in cases:
        stage(folder, case)
    candidates = Candidates(folder, tuple(case.case_id for case in cases))
    jobs = jobs or len(os.sched_getaffinity(0))
    try:
        rows = assess.assess(record, candidates.ids, run_class(record, candidates, jobs))
    except SchemeError as error:
        raise ToolExit(f"--impact: {error}", 1) from None
    except SandboxError as error:
        raise ToolExit(f"--impact: {error}", 1) from None
    stream.flush()
    assess.tell(record, candidates.ids, rows, kind, stream)
    faults.report_faults(record.program, record.profile, candidates, jobs, stream)
    assess.write_tsv(record.folder / IMPACT_FILE, rows)
    stream.write(f"written: {record.folder / IMPACT_FILE}\n")
    stream.flush()
    return rows
