"""bench.py -- the two speeds users feel, measured against the project's
targets: the engine deciding a move (instructions, stable on a noisy
machine, and wall time) and the suites over the whole corpus; then
checking and marking. Its door is scripts/bench (the usage below)."""

import os
import shutil
import subprocess
import sys
import time

from harness import paths
from harness.bench.checking import check_engine_table, checking_targets, judged_table, mark_table
from harness.bench.components import component_targets
from harness.bench.engine_tables import depth_table, draughts_table, engine_table
from harness.bench.measure import BenchError, Targets, Tee, cores, corpus_list, group_digits, verdict
from harness.bench.suite_table import suite_table

USAGE = """usage: scripts/bench [--quick] [--engine-only] [--checking] [--engine BIN]
Prints, and keeps in build/bench/report.txt:
  - checkers engine instructions (valgrind --tool=callgrind) and wall time
    (hyperfine) on seed-game-P (testdata/checkers/examples) and the P games
    in testdata/checkers/bench;
  - checkers engine instructions against tree depth (--depth 1..6) on
    seed-game-P;
  - draughts engine instructions per case over the worked examples and
    the ten draughts cases with the longest traces (build/draughts);
  - wall time of the golden suite (scripts/run-golden) with 1 and 2 jobs,
    with the number of golden cases and cases per second, of the whole
    `make check` (the golden cases and the corpus format test), of bats
    alone on as many empty tests (the floor make check cannot go below
    on this machine today), and of `make memcheck`;
  - check-engine on our engine against a plain loop over the same inputs,
    and the sandbox's cost per run; the draughts corpus judged by the
    rules against compared byte for byte (src/harness/bench/checking.py);
  - scripts/mark over 50 correct submissions (memory check off), and the
    memory check's extra time per submission over 10;
  - the components' own benchmarks (src/harness/bench/components.py):
    similarity over a generated class, Gradescope's run_autograder on one
    core, the diagnosis's time against check-engine's, the pre-submission
    service's due-date rush on SQLite and on PostgreSQL (2 fronts, 2
    remote workers), and `make test` on a clean clone of HEAD (wall and
    CPU, within 10 minutes; not with --quick: it takes about that);
  - the targets, each met, not met or not measured.
Wall times are noisy on a shared machine, so each comes with the load
average (1 min) taken just before it. Raw hyperfine results are kept in
build/bench/hyperfine/.
  --quick   for development: fewer runs, depths 1..5, no memcheck or mark
            timing
  --engine-only  only the engine tables and target (a minute or two)
  --checking  only check-engine's and mark's tables and targets, in
            build/bench/report-checking.txt (minutes)
  --engine  the engine of the engine tables (default $ENGINE or
            build/checkers); the suites always run make's own engine
Exit status 1 when a measured target is not met, 2 on bad usage.
"""

# The targets the performance issue sets.
INSTRUCTIONS_LIMIT = 2000000
CHECK_CASES_MINIMUM = 1200
CHECK_SECONDS_LIMIT = 20
MEMCHECK_SECONDS_LIMIT = 300


class Run:
    """The options, the settings they choose, and what the tables measured."""

    def __init__(self, args):
        self.quick, self.suites, self.checking_only = False, True, False
        self.engine = os.environ.get("ENGINE") or "build/checkers"
        while args:
            option = args.pop(0)
            if option in ("--help", "-h"):
                sys.stdout.write(USAGE)
                sys.exit(0)
            elif option == "--quick":
                self.quick = True
            elif option == "--engine-only":
                self.suites = False
            elif option == "--checking":
                self.checking_only = True
            elif option == "--engine":
                if not args:
                    sys.stderr.write("bench: --engine needs a program\n%s" % USAGE)
                    sys.exit(2)
                self.engine = args.pop(0)
            else:
                sys.stderr.write("bench: unknown argument '%s'\n%s" % (option, USAGE))
                sys.exit(2)
        self.out, self.seed = "build/bench", "testdata/checkers/examples/seed-game-P.in"
        if self.quick:
            self.engine_runs, self.suite_runs, self.max_depth = ["--warmup", "1", "--runs", "5"], 1, 5
        else:
            self.engine_runs, self.suite_runs, self.max_depth = ["--warmup", "3", "--min-runs", "20"], 2, 6
        self.mode_note = "; QUICK mode" if self.quick else ""
        self.memcheck_skipped = "quick mode"
        if not self.suites:
            self.memcheck_skipped, self.mode_note = "--engine-only", self.mode_note + "; engine only"
        self.seed_instructions = self.check_seconds = self.check_failed = self.bats_floor_seconds = None
        self.memcheck_seconds = self.memcheck_failed = None
        self.check_engine_ratio = self.judged_ratio = self.mark_seconds = self.mark_memcheck_extra = None
        self.case_count, self.games = 0, []

    def list_games(self):
        """The benchmark P games as (label, input), and the case count."""
        ids = corpus_list("testdata/checkers")
        self.case_count = len(ids)
        self.games = [("seed-game-P", self.seed)] if os.path.isfile(self.seed) else []
        self.games += [(case, "testdata/checkers/%s.in" % case) for case in ids if case.startswith("bench/")]


def passed_in_time(seconds, failed, limit):
    """A suite's time only counts when the suite passed."""
    return verdict(failed == 0 and seconds <= limit)


def engine_targets(run, targets):
    label, limit = "engine instructions, seed-game-P", group_digits(INSTRUCTIONS_LIMIT)
    if run.seed_instructions is not None:
        targets.row(label, group_digits(run.seed_instructions), limit,
                    verdict(run.seed_instructions <= INSTRUCTIONS_LIMIT))
    else:
        targets.row(label, "-", limit, "not measured (no %s)" % run.seed)
    targets.row("make check: golden cases", run.case_count, ">= %d" % CHECK_CASES_MINIMUM,
                verdict(run.case_count >= CHECK_CASES_MINIMUM))


def suite_targets(run, targets):
    label = "make check: wall s, all passing"
    if run.check_seconds is not None:
        targets.row(label, "%.1f (%d failed)" % (run.check_seconds, run.check_failed), CHECK_SECONDS_LIMIT,
                    passed_in_time(run.check_seconds, run.check_failed, CHECK_SECONDS_LIMIT))
        targets.row("  (bats alone, the same empty tests: wall s)", "%.1f" % run.bats_floor_seconds, "-",
                    "for scale")
    else:
        targets.row(label, "-", CHECK_SECONDS_LIMIT, "not measured (--engine-only)")
    label = "make memcheck: wall s, every case, all clean"
    if run.memcheck_seconds is not None:
        targets.row(label, "%.1f (%d failed)" % (run.memcheck_seconds, run.memcheck_failed),
                    MEMCHECK_SECONDS_LIMIT,
                    passed_in_time(run.memcheck_seconds, run.memcheck_failed, MEMCHECK_SECONDS_LIMIT))
    else:
        targets.row(label, "-", MEMCHECK_SECONDS_LIMIT, "not measured (%s)" % run.memcheck_skipped)


def targets_table(run, engine=True):
    """The targets: the engine's and the suites' (unless checking only),
    checking's and marking's, then the components' own."""
    targets = Targets()
    targets.header()
    if engine:
        engine_targets(run, targets)
        suite_targets(run, targets)
    checking_targets(run, targets)
    component_targets(run, targets)
    return targets.summary()


def tables(run, *makers):
    """Each table, a blank line after each."""
    for make in makers:
        make(run)
        print()


def full_report(run):
    print("bench: %s, %d cores; engine %s; %d golden cases%s" % (
        time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), cores(), run.engine, run.case_count, run.mode_note))
    engine_table(run)
    print()
    tables(run, draughts_table, depth_table)
    if run.suites:
        tables(run, suite_table, check_engine_table, judged_table)
        if not run.quick:
            tables(run, mark_table)
    return targets_table(run)


def checking_report(run):
    print("bench: %s, %d cores; checking only" % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), cores()))
    tables(run, check_engine_table, judged_table, mark_table)
    return targets_table(run, engine=False)


def main(args):
    run = Run(args)
    os.chdir(paths.ROOT)
    subprocess.run(["src/tools/ensure-tools", "--check", "valgrind", "hyperfine"], check=True)
    if not (os.path.isfile(run.engine) and os.access(run.engine, os.X_OK)):
        sys.stderr.write("bench: engine '%s' is not an executable (run make)\n" % run.engine)
        return 2
    # The timed make runs must behave as a person's would, not as a sub-make's.
    for name in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL"):
        os.environ.pop(name, None)
    run.list_games()
    shutil.rmtree(os.path.join(run.out, "hyperfine"), ignore_errors=True)
    os.makedirs(os.path.join(run.out, "hyperfine"))
    report = "report-checking.txt" if run.checking_only else "report.txt"
    sys.stdout = sys.stderr = Tee(sys.stdout, os.path.join(run.out, report))  # (as 2>&1 | tee)
    try:
        met = checking_report(run) if run.checking_only else full_report(run)
    except (BenchError, subprocess.CalledProcessError) as error:
        print("bench: %s" % error)
        return 1
    return 0 if met else 1

