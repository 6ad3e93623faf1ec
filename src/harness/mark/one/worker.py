"""mark-one's course: the options read, the submission's folder cleared
of a former marking, the program chosen, checked, its deliverables
looked at, the row written (harness.mark.result_row) and `done` last."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from harness.mark import result_row
from harness.mark.one import checking, options as command_line, program
from harness.mark.one.facts import Facts
from harness.mark.one.handed import deliver

# What a former marking left beside the sources (facts.tsv: what it found,
# kept for --resume to write the row again after a regrade, cli/regrade.py).
WRITTEN = ("program", "built", "compile.txt", "check", "check-engine.txt", "deliverables", "result.tsv", "facts.tsv",
           "regrade.tsv", "done")


def clear() -> None:
    for name in WRITTEN:
        if os.path.isdir(name) and not os.path.islink(name):
            shutil.rmtree(name)
        elif os.path.lexists(name):
            os.unlink(name)


def staged_key() -> str:
    """The key scripts/mark staged beside the sources ("" when none)."""
    try:
        return Path("key").read_text(encoding="utf-8", errors="surrogateescape").rstrip("\n")
    except (FileNotFoundError, IsADirectoryError):
        return ""


def mark(options: command_line.Options, work: Path, started: float) -> None:
    facts = Facts(work / "facts.tsv")
    facts.add("name", options.name)
    facts.add("state", "marked")
    facts.add("memcheck", "not run" if options.memcheck > 0 else "off")
    target = program.choose(options, facts, work)
    marking = checking.Marking(options, target, facts, work, checking.count_totals(options))
    if target is not None:
        checking.check_the_rest(marking, checking.smoke_test(marking))
        os.makedirs("check", exist_ok=True)
        result_row.merge("check")
    deliver(marking)
    print(result_row.write_row({"--totals": marking.totals, "--facts": str(facts.path), "--started": str(started),
                                "--host": socket.gethostname()}), flush=True)
    shutil.copyfile(facts.path, "facts.tsv")


def main(argv: list[str]) -> int:
    options = command_line.parse(argv)
    started = time.time()
    os.chdir(options.folder)
    clear()
    if not options.key:
        options = replace(options, key=staged_key())
    with tempfile.TemporaryDirectory(prefix="mark-one.") as work:
        mark(options, Path(work), started)
    Path("done").write_text(f"{options.key}\n", encoding="utf-8", errors="surrogateescape")
    return 0
