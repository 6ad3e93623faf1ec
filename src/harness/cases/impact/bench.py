"""bench.py -- the impact of one new case on a class of 300 (issue 43:
within 60 s on the 2-core machine), for `make bench`: the bench's own
marked class (harness.bench.checking's mark_table, OUTDIR/mark) made a
class of 300 by copying its submissions' folders under new names (impact
reads each folder's program, verdicts and run options, and the class's
marks.csv, marks.json and tables), then add-case --impact
(harness.cases.add_case) with CI set (nothing recorded) timed.
scripts/bench takes its figure through measure() (harness.bench.components)."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional

from harness import paths

SECONDS_LIMIT = 60
CLASS_SIZE = 300
LABEL = "impact: add-case --impact, one new case, class of %d, wall s" % CLASS_SIZE
# The new case: a game ending with A (the default scheme's next-action/* is Stage 1).
INPUT = paths.TESTDATA / "checkers" / "wins" / "ends-in-input-then-a-black-wins-by-block-s4.in"
CLASS_FILES = ("marks.json", "case-parts.tsv", "categories.tsv")


def replicate(source: Path, size: int, dest: Path) -> Path:
    """DEST: SOURCE's class grown (or cut) to SIZE submissions, copies of its
    marked ones in turn, each under a name of its own."""
    shutil.rmtree(dest, ignore_errors=True)
    (dest / "submissions").mkdir(parents=True)
    for name in CLASS_FILES:
        shutil.copyfile(source / name, dest / name)
    with open(source / "marks.csv", encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        header, rows = reader.fieldnames or [], [row for row in reader if row["state"] == "marked"]
    if not rows:
        raise ValueError("%s has no marked submission" % source)
    with open(dest / "marks.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, header)
        writer.writeheader()
        for index in range(size):
            row = dict(rows[index % len(rows)])
            folder = "s%03d" % index
            shutil.copytree(source / "submissions" / row["folder"], dest / "submissions" / folder, symlinks=True,
                            ignore=shutil.ignore_patterns("sources", "index.html", "junit.xml"))
            row.update(name=folder, folder=folder)
            writer.writerow(row)
    return dest


def measure(outdir: str) -> Optional[float]:
    """The seconds of one add-case --impact on the bench's class grown to
    CLASS_SIZE; None when there is no class or the run failed."""
    out = Path(os.path.abspath(outdir))
    if not (out / "mark" / "marks.json").is_file():
        return None
    klass = replicate(out / "mark", CLASS_SIZE, out / "impact-class")
    cases = out / "impact-cases"
    shutil.rmtree(cases, ignore_errors=True)
    command = [sys.executable, "-B", "-m", "harness.cases.add_case", "--cases", str(cases), "--impact", str(klass),
               "next-action", "impact-bench", "the bench's new case", str(INPUT)]
    start = time.monotonic()
    done = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          env={**os.environ, "CI": "bench", "PYTHONPATH": str(paths.SRC)}, check=False)
    seconds = time.monotonic() - start
    return seconds if done.returncode == 0 and (klass / "impact.tsv").is_file() else None
