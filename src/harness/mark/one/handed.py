"""What the handout asks for beside the program (harness.mark.deliverables):
the authorship declaration, a readme.txt, and the handed-in output.txt
against what the program writes for the handed-in input.txt (kept in
deliverables/: output.txt, output.diff)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from harness.mark import deliverables
from harness.mark.one.checking import Marking, run_once
from harness.mark.one.program import SOURCES


def deliver(marking: Marking) -> None:
    facts = marking.facts
    paths = deliverables.plan(marking.options.program, str(facts.path), SOURCES)
    if len(paths) != 2:
        return
    if marking.target is None:
        facts.add("handed_output", "not-run")
        facts.add("handed_input", "")
        facts.add("handed_output_detail", "no program was built to run on input.txt")
        return
    os.makedirs("deliverables", exist_ok=True)
    base = marking.work / "handed"
    status = run_once(marking, paths[1], base)
    produced = Path(f"{base}.out")
    if produced.is_file():
        shutil.copyfile(produced, "deliverables/output.txt")
    else:
        Path("deliverables/output.txt").write_bytes(b"")
    deliverables.compare(str(facts.path), paths[0], "deliverables/output.txt", status, "deliverables/output.diff")
