"""testcost.py -- what `make test-full` costs, part by part (`make test-cost`;
with --without-slow, `make test-cost SLOW=0`: what `make test` costs):
each selftest file, each file of the package's tests and each computing
suite run alone, LANES at a time, each in a control group of its own
(cpumeter.py); their CPU and wall seconds in a TSV, the costliest first,
and the total against the budget that `make test` within ten minutes on
this machine's cores leaves (600 s a core). A part's seconds alone are
what removing or speeding it up saves: `make test` runs them side by side,
so its wall time is about the total CPU over the cores."""

from __future__ import annotations

import argparse
import csv
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from harness import paths
from harness.bench import cpumeter
from harness.bench.measure import cores

BUDGET_SECONDS = 600
KINDS = ("selftest", "unit", "suite")
COLUMNS = ("kind", "name", "status", "cpu_seconds", "user_seconds", "system_seconds", "wall_seconds",
           "measured_by")


@dataclass(frozen=True)
class Part:
    """One thing make test runs: kind (selftest, unit or suite) and name
    (a bats file, a test file of the package, a make target); without_slow:
    its tests tagged slow left out, as make test does."""

    kind: str
    name: str
    without_slow: bool = False

    def command(self) -> list[str]:
        if self.kind == "selftest":
            tags = ["--filter-tags", "!slow"] if self.without_slow else []
            return ["bats", "--formatter", "tap", *tags, self.name]
        if self.kind == "unit":
            marks = ["-m", "not slow"] if self.without_slow else []
            return ["env", "PYTHONPATH=src", "PYTHONDONTWRITEBYTECODE=1", "/usr/bin/python3", "-m", "pytest",
                    "-q", "-p", "no:cacheprovider", *marks, self.name]
        return ["make", "--no-print-directory", self.name]

    def failed(self, status: int) -> bool:
        """pytest's 5 (no test collected) is no failure where the file's
        tests are all slow and left out."""
        return status != 0 and not (self.without_slow and self.kind == "unit" and status == 5)


def make_parts(root: Path, without_slow: bool = False) -> list[Part]:
    """What make test-full runs (without_slow: make test), as `make
    test-parts` lists it (kind, name), with the package's tests (make unit)
    one part a test file."""
    listing = subprocess.run(["make", "--no-print-directory", "-s", "test-parts",
                              "SLOW=%d" % (not without_slow)], cwd=root, check=True,
                             capture_output=True, text=True).stdout
    parts = []
    for row in csv.DictReader(listing.splitlines(), delimiter="\t"):
        if row["kind"] == "suite" and row["name"] == "unit":
            parts += [Part("unit", str(path.relative_to(root)), without_slow)
                      for path in sorted(root.glob("src/harness/**/tests/test_*.py"))]
        else:
            parts.append(Part(row["kind"], row["name"], without_slow))
    return parts


def read_parts(path: Path) -> list[Part]:
    """The parts a TSV with kind and name columns lists (--parts)."""
    with open(path, encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file, delimiter="\t"))
    if not rows or not {"kind", "name"} <= set(rows[0]):
        raise ValueError("%s: a TSV with the columns kind and name is needed" % path)
    unknown = [row["kind"] for row in rows if row["kind"] not in KINDS]
    if unknown:
        raise ValueError("%s: unknown kind '%s' (selftest, unit or suite)" % (path, unknown[0]))
    return [Part(row["kind"], row["name"]) for row in rows]


def log_name(part: Part) -> str:
    return "%s-%s" % (part.kind, re.sub(r"[^A-Za-z0-9.-]+", "_", part.name))


def measure_all(parts: list[Part], lanes: int, logs: Path, root: Path) -> list[tuple[Part, cpumeter.Cost, str]]:
    """Every part measured, LANES at a time, each one's output in LOGS;
    a line a part on stderr as each ends."""
    meter = cpumeter.find_meter()
    logs.mkdir(parents=True, exist_ok=True)
    done = []

    def one(part: Part):
        cost = cpumeter.measure(meter, log_name(part), part.command(), logs / (log_name(part) + ".log"), root)
        done.append((part, cost, meter.kind))
        print("test-cost: %d/%d %s %s: %.1f CPU s%s" % (len(done), len(parts), part.kind, part.name, cost.cpu,
                                                       "" if not part.failed(cost.status) else ", FAILED (%d)" % cost.status),
              file=sys.stderr, flush=True)

    try:
        with ThreadPoolExecutor(max_workers=lanes) as pool:
            list(pool.map(one, parts))
    finally:
        cpumeter.close(meter)
    return sorted(done, key=lambda row: (-row[1].cpu, row[0].kind, row[0].name))


def write_table(rows, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file, delimiter="\t", lineterminator="\n")
        writer.writerow(COLUMNS)
        for part, cost, kind in rows:
            writer.writerow((part.kind, part.name, cost.status, "%.1f" % cost.cpu, "%.1f" % cost.user,
                             "%.1f" % cost.system, "%.1f" % cost.wall, kind))


def summary(rows, core_count: int, top: int) -> list[str]:
    """The costliest parts, the total by kind and against the budget."""
    total = sum(cost.cpu for _, cost, _ in rows)
    budget = BUDGET_SECONDS * core_count
    lines = ["%8s  %-8s %s" % ("CPU s", "kind", "part")]
    lines += ["%8.1f  %-8s %s" % (cost.cpu, part.kind, part.name) for part, cost, _ in rows[:top]]
    for kind in KINDS:
        costs = [cost.cpu for part, cost, _ in rows if part.kind == kind]
        if costs:
            lines.append("%s: %d parts, %.1f CPU min" % (kind, len(costs), sum(costs) / 60))
    lines.append("total: %.1f CPU min, %.1f min on %d cores; the budget of 10 min is %.0f CPU min (%s)"
                 % (total / 60, total / 60 / core_count, core_count, budget / 60,
                    "within it" if total <= budget else "%.1f times it" % (total / budget)))
    failed = [part.name for part, cost, _ in rows if part.failed(cost.status)]
    lines.append("%d parts measured, %d failed%s" % (len(rows), len(failed),
                                                     ": " + ", ".join(failed) if failed else ""))
    return lines


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python3 -m harness.bench.testcost",
        description="What make test costs, part by part: each selftest file, each test file of the package "
                    "and each computing suite run alone in a control group of its own (user and system CPU "
                    "seconds of everything it starts), the costliest first, against the budget of make test "
                    "within 10 minutes (600 CPU s a core). Run as make test-cost, after make test's builds.")
    parser.add_argument("--lanes", type=int, default=2, help="parts run at once (default 2)")
    parser.add_argument("--parts", type=Path,
                        help="a TSV with kind (selftest, unit or suite) and name: only these parts "
                             "(default: what make test-full runs, from make test-parts)")
    parser.add_argument("--output", type=Path, default=paths.BUILD / "bench" / "test-cost.tsv",
                        help="the table (default build/bench/test-cost.tsv; each part's output beside it, "
                             "in test-cost/)")
    parser.add_argument("--top", type=int, default=25, help="parts shown (default 25)")
    parser.add_argument("--without-slow", action="store_true",
                        help="what make test runs: its parts, their tests tagged slow left out "
                             "(default: make test-full's, every test)")
    args = parser.parse_args(argv)
    if args.lanes < 1 or args.top < 0:
        parser.error("--lanes must be at least 1 and --top at least 0")
    return args


def main(argv: list[str]) -> int:
    args = parse(argv)
    try:
        parts = read_parts(args.parts) if args.parts else make_parts(paths.ROOT, args.without_slow)
    except (OSError, ValueError, subprocess.CalledProcessError) as error:
        print("test-cost: %s" % error, file=sys.stderr)
        return 2
    print("test-cost: %d parts, %d at a time" % (len(parts), args.lanes), file=sys.stderr, flush=True)
    rows = measure_all(parts, args.lanes, args.output.parent / "test-cost", paths.ROOT)
    write_table(rows, args.output)
    print("\n".join(summary(rows, cores(), args.top)))
    print("(every part: %s, measured by %s)" % (args.output, rows[0][2] if rows else "nothing"))
    return 1 if any(part.failed(cost.status) for part, cost, _ in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
