"""maketest.py -- `make test` on a clean clone, timed: the target issue 39
sets (within 10 minutes on this machine's cores) as a row of make bench's
targets. The clone is of the repository's HEAD (what a push would carry,
not the work tree), `make test` runs there as CI runs it (CI=true, no
stdin), in a control group of its own where one can be made (cpumeter), and
its last line must say "N passed, 0 failed": a run that failed is no
figure. Standalone: python3 -m harness.bench.maketest [--output DIR]."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from harness import paths
from harness.bench import cpumeter

LABEL = "make test on a clean clone, wall s"
SECONDS_LIMIT = 600
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed")


@dataclass(frozen=True)
class Outcome:
    """A timed run: its cost, and its tests' counts (None: no summary)."""

    cost: cpumeter.Cost
    passed: int | None
    failed: int | None

    @property
    def ok(self) -> bool:
        """Exit 0, a summary line, and no failure in it."""
        return self.cost.status == 0 and self.passed is not None and not self.failed

    def note(self) -> str:
        if not self.ok:
            return "make test failed (exit %d, %s)" % (
                self.cost.status, "no summary line" if self.passed is None else "%d failed" % self.failed)
        return "%d passed, %.1f CPU min" % (self.passed, (self.cost.user + self.cost.system) / 60)


def counts(log: Path) -> tuple[int | None, int | None]:
    """The last "N passed, N failed" line of LOG."""
    found = None, None
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        match = SUMMARY.match(line)
        if match:
            found = int(match.group(1)), int(match.group(2))
    return found


def measure(out: Path, repository: Path = paths.ROOT, target: str = "test") -> Outcome:
    """Clones REPOSITORY's HEAD into OUT/make-test-clone and times `make
    TARGET` there (its output in OUT/make-test.log)."""
    clone = out / "make-test-clone"
    shutil.rmtree(clone, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "clone", "-q", str(repository), str(clone)], check=True)
    log = out / "make-test.log"
    meter = cpumeter.find_meter(prefix="bench-make-test")
    try:
        cost = cpumeter.measure(meter, "make-test", ["env", "CI=true", "make", "--no-print-directory", target],
                                log, clone)
    finally:
        cpumeter.close(meter)
    return Outcome(cost, *counts(log))


def row(outcome: Outcome) -> tuple[str, str | None, int, str]:
    """The targets table's row: no figure for a run that failed."""
    figure = "%.0f" % outcome.cost.wall if outcome.ok else None
    return LABEL, figure, SECONDS_LIMIT, outcome.note()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m harness.bench.maketest",
        description="make test on a clean clone of HEAD, timed (wall and CPU), against the 10 minutes issue 39 "
                    "sets; prints the target as JSON (make bench's component form).")
    parser.add_argument("--output", type=Path, default=paths.BUILD / "bench",
                        help="where the clone and make-test.log go (default build/bench)")
    args = parser.parse_args(argv)
    label, measured, limit, note = row(measure(args.output))
    json.dump({"targets": [{"target": label, "measured": measured, "limit": limit, "note": note}]}, sys.stdout)
    print()
    return 0 if measured is not None and float(measured) <= limit else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
