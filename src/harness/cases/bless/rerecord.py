"""One case run again into a work folder (WORK/new.out, .err, .status),
the parts that differ from what the case records, their diff, and the new
parts written. A part (.out, .status, .err) is a file only when it has
content: an absent file reads as empty, and status 0 as no .status."""

from __future__ import annotations

import subprocess
from pathlib import Path

from harness.cases.atomic import Placer
from harness.cases.run import RunSettings, run_engine
from harness.cases.tool import say_bytes

PARTS = ("out", "status", "err")


def rerun(engine: str, case_path: str, work: Path, settings: RunSettings) -> int:
    """Runs CASE_PATH.in into WORK/new.*, the status in its recorded form;
    returns the exit status."""
    status = run_engine(engine, f"{case_path}.in", work / "new", settings)
    if status == 0:
        (work / "new.status").write_bytes(b"")
    return status


def old_part(case_path: str, part: str) -> Path | None:
    """The case's file of PART, None when there is none."""
    path = Path(f"{case_path}.{part}")
    return path if path.is_file() else None


def changed_parts(case_path: str, work: Path) -> list[str]:
    """The parts whose new content is not what the case records."""
    changed = []
    for part in PARTS:
        old = old_part(case_path, part)
        if (old.read_bytes() if old else b"") != (work / f"new.{part}").read_bytes():
            changed.append(part)
    return changed


def show_part(case_path: str, part: str, label: str, work: Path) -> None:
    """`diff -u` of the old part and the new one, labelled old/new LABEL.PART."""
    old = old_part(case_path, part)
    command = ["diff", "-a", "-u", "--label", f"old {label}.{part}", "--label", f"new {label}.{part}",
               "--", str(old or "/dev/null"), str(work / f"new.{part}")]
    say_bytes(subprocess.run(command, stdout=subprocess.PIPE, check=False).stdout)


def write_part(case_path: str, part: str, work: Path, placer: Placer) -> None:
    """The new part in place, whole; its file removed when it is empty."""
    target = Path(f"{case_path}.{part}")
    data = (work / f"new.{part}").read_bytes()
    if data:
        placer.place(target, data, f".{target.name}.bless.")
    else:
        target.unlink(missing_ok=True)
