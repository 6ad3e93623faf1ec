"""suite_table.py -- the suites over the whole corpus: the golden runner
with 1 and 2 jobs, make check, bats alone on as many empty tests (the floor
make check cannot go below on this machine today), and make memcheck."""

import glob
import os
import shutil

from harness.bench.measure import cores, load_average, timed


def suite_counts(suite):
    """(passed, failed) from the counts a suite leaves (src/golden/results.bash),
    or None when it left none."""
    path = os.path.join(os.environ.get("RESULTS_DIR", "build/results"), suite)
    if not os.path.isfile(path):
        return None
    with open(path, encoding="ascii") as counts:
        passed, failed = counts.read().split()[:2]
    return int(passed), int(failed)


def suite_result(*suites):
    words = []
    for suite in suites:
        counts = suite_counts(suite) or ("?", "?")
        words.append("%s %s passed %s failed" % (suite, counts[0], counts[1]))
    return ", ".join(words)


def failures(*suites):
    """How many tests of the suites failed (1 for a suite that left no counts)."""
    return sum((suite_counts(suite) or (0, 1))[1] for suite in suites)


def suite_row(run, label, runs, timing, load, result, cpu_known=True):
    deviation = "%.1f" % timing.stddev if runs > 1 and timing.stddev is not None else "-"
    cpu = "%.1f" % timing.cpu if cpu_known else "-"
    print("%-30s %4s %9.1f ± %-5s %7s %8.1f %5s  %s" % (label, runs, timing.mean, deviation, cpu,
                                                       run.case_count / timing.mean, load, result))


def bats_floor_row(run):
    """The same number of tests in the same files as make check's golden
    suites, run the same way, each test empty: make check can be no faster,
    and the ratio shows the harness's own share apart from the machine."""
    floor = os.path.join(run.out, "bats-floor")
    shutil.rmtree(floor, ignore_errors=True)
    os.makedirs(floor)
    for path in sorted(glob.glob("build/bats/golden-*/*.bats")):
        with open(path, encoding="utf-8", errors="replace") as tests:
            count = sum(1 for line in tests if line.startswith("@test"))
        name = "%s-%s" % (os.path.basename(os.path.dirname(path)), os.path.basename(path))
        with open(os.path.join(floor, name), "w", encoding="ascii") as empty:
            empty.writelines('@test "empty %d" { true; }\n' % i for i in range(1, count + 1))
    load = load_average()
    timing = timed(run.out, "bats-floor", "--runs", str(run.suite_runs), "-n", "bats floor",
                   "bats --jobs %d --no-parallelize-within-files --formatter tap %s" % (cores(), floor))[0]
    run.bats_floor_seconds = timing.mean
    suite_row(run, "bats alone, empty tests", run.suite_runs, timing, load,
              "the floor: make check took %.2f times this" % (run.check_seconds / timing.mean))


def suite_table(run):
    print("== Suites over the whole corpus (%d golden cases): wall time (hyperfine)" % run.case_count)
    print("   cases/s counts golden cases; make check also checks the corpus's format ==")
    print("%-30s %4s %17s %7s %8s %5s  %s" % ("command", "runs", "wall s (mean ± sd)", "CPU s", "cases/s",
                                            "load", "result"))
    runs = str(run.suite_runs)
    for jobs in (1, 2):
        load = load_average()
        timing = timed(run.out, "golden-jobs%d" % jobs, "--runs", runs, "--ignore-failure",
                       "-n", "golden, JOBS=%d" % jobs, "scripts/run-golden --jobs %d" % jobs)[0]
        suite_row(run, "scripts/run-golden --jobs %d" % jobs, run.suite_runs, timing, load,
                  suite_result("golden-checkers"))
    load = load_average()
    timing = timed(run.out, "check", "--runs", runs, "--ignore-failure", "-n", "make check",
                   "make --no-print-directory check")[0]
    check_suites = ("golden-checkers", "golden-draughts", "engine-cli")
    suite_row(run, "make check (JOBS=%d)" % cores(), run.suite_runs, timing, load, suite_result(*check_suites))
    run.check_seconds, run.check_failed = timing.mean, failures(*check_suites)
    bats_floor_row(run)
    if run.quick:
        print("make memcheck: not timed in quick mode")
        return
    load = load_average()
    timing = timed(run.out, "memcheck", "--runs", "1", "--ignore-failure", "-n", "make memcheck",
                   "make --no-print-directory memcheck")[0]
    # (the memcheck suite starts Valgrind from a process substitution, which
    # nothing waits for, so hyperfine cannot add up its CPU time)
    memcheck_suites = ("memcheck-checkers", "memcheck-draughts")
    suite_row(run, "make memcheck (JOBS=%d)" % cores(), 1, timing, load, suite_result(*memcheck_suites),
              cpu_known=False)
    run.memcheck_seconds, run.memcheck_failed = timing.mean, failures(*memcheck_suites)
