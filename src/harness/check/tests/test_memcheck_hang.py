"""check-engine --memcheck: a case that hung without Valgrind is not run
again under it (its report could only be cut short), and the memory check
takes the category's next case instead; the runs under Valgrind have
memcheck.timeout_under_valgrind's time."""

from __future__ import annotations

import csv
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from harness import paths

CASES = ("error1-source-outside", "error2-target-outside")


def program_hanging_on(folder: Path, marker: Path) -> Path:
    """A program that hangs on MARKER's input and is the reference on any
    other; in FOLDER, which the program's own uid can read (the box runs
    it as a uid of its own, even with limits only)."""
    program = folder / "program"
    program.write_text("#!/bin/sh\n"
                       "input=$(mktemp)\n"
                       "cat > \"$input\"\n"
                       f"if cmp -s \"$input\" '{marker}'; then sleep 60; fi\n"
                       f"'{paths.BUILD / 'checkers'}' < \"$input\"\n")
    program.chmod(0o755)
    return program


@pytest.mark.slow
def test_a_hung_case_is_not_memchecked(tmp_path: Path) -> None:
    corpus = tmp_path / "cases" / "examples"
    corpus.mkdir(parents=True)
    for name in CASES:
        for source in (paths.TESTDATA / "checkers" / "examples").glob(f"{name}.*"):
            shutil.copyfile(source, corpus / source.name)
    folder = Path(tempfile.mkdtemp(prefix="test-memcheck-hang."))
    try:
        folder.chmod(0o755)
        marker = folder / "hang.in"
        shutil.copyfile(corpus / f"{CASES[0]}.in", marker)
        marker.chmod(0o644)
        done = subprocess.run([str(paths.ROOT / "scripts" / "check-engine"), "--program", "checkers", "--no-sandbox",
                               "--no-diagnose", "--profile", "strict", "--cases", str(tmp_path / "cases"),
                               "--timeout", "1", "--memcheck", "1", "--output", str(tmp_path / "out"),
                               str(program_hanging_on(folder, marker))],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert "hang (killed after 1s)" in done.stdout, done.stdout
    with open(tmp_path / "out" / "memcheck.tsv", encoding="utf-8", newline="") as handle:
        checked = [row["case"] for row in csv.DictReader(handle, delimiter="\t")]
    assert checked == [f"examples/{CASES[1]}"], done.stdout
