"""checking.py -- the bench's tables for checking other people's programs:
check-engine against a plain loop over the same inputs, the sandbox's cost
per run, the draughts corpus judged by the rules against compared byte for
byte, and scripts/mark over classes of correct submissions. The commands
timed are the doors, run as a person runs them."""

import os
import shutil
import subprocess

from harness.bench.measure import Targets, load_average, shown_output, timed

# The targets of the issues on checking and marking.
CHECK_ENGINE_RATIO_LIMIT = 1.3  # (issue 39: at most 1.3 times a plain loop)
JUDGED_RATIO_LIMIT = 2
MARK_CLASS_SIZE = 50
MARK_SECONDS_LIMIT = 240
MARK_MEMCHECK_CLASS_SIZE = 10
MARK_MEMCHECK_EXTRA_LIMIT = 10


def timed_pair(run, name, title, first, second):
    """Both (label, command) pairs in one hyperfine run, so that the ratio
    compares like with like; prints their table and returns the second's
    time over the first's, as printed."""
    runs = 1 if run.quick else 3
    load = load_average()
    timings = timed(run.out, name, "--warmup", "1", "--runs", str(runs), "--command-name=" + first[0], first[1],
                    "--command-name=" + second[0], second[1])
    ratio = "%.2f" % (timings[1].mean / timings[0].mean)
    print("== %s (hyperfine --runs %d; load %s) ==" % (title, runs, load))
    print("%-58s %10s" % ("command", "wall s"))
    print("%-58s %10.2f" % (first[0], timings[0].mean))
    print("%-58s %10.2f" % (second[0], timings[1].mean))
    print("%-58s %10s" % ("ratio", ratio))
    return ratio


def check_engine_table(run):
    """The whole checkers corpus through check-engine (profile strict, the
    sandbox, default jobs) and through a plain loop that only runs the
    engine on every input; then the sandbox's own cost per run."""
    loop = os.path.join(run.out, "plain-loop.sh")
    with open(loop, "w", encoding="ascii") as script:
        script.write('#!/usr/bin/env bash\nfor input in testdata/checkers/*/*.in; do '
                     'build/checkers < "$input" > /dev/null 2>&1; done\n')
    run.check_engine_ratio = timed_pair(
        run, "check-engine", "check-engine on our engine, the whole checkers corpus",
        ("a plain loop: build/checkers < each input", "bash " + loop),
        ("scripts/check-engine build/checkers --profile strict",
         "scripts/check-engine build/checkers --profile strict --show 0 --output %s/check-engine" % run.out))
    print("-- the sandbox's cost per run (src/sandbox/sandbox-bench) --")
    shown_output(["src/sandbox/sandbox-bench", "--runs", "200", "--starts", "5"], tail=6)


def judged_table(run):
    """Our draughts engine over the whole draughts corpus, compared byte for
    byte (strict) and judged by the rules (build/draughts-judge)."""
    command = "scripts/check-engine --program draughts build/draughts --profile %s --show 0 --output %s/%s"
    run.judged_ratio = timed_pair(
        run, "judged", "check-engine on our draughts engine, whole corpus: judged against byte for byte",
        ("--profile strict (all cases, compared byte for byte)", command % ("strict", run.out, "check-strict")),
        ("--profile assignment (judged by build/draughts-judge)", command % ("assignment", run.out, "check-judged")))


def mark_seconds(run, class_folder, output, memcheck):
    """Wall seconds of scripts/mark over the class, compilation included."""
    shutil.rmtree(output, ignore_errors=True)
    return timed(run.out, "mark-" + os.path.basename(output), "--runs", "1", "-n", "mark",
                 "scripts/mark --memcheck %d --output %s %s/*" % (memcheck, output, class_folder))[0].mean


def mark_table(run):
    """A class of correct copies of our engine marked whole (memory check
    off), and the memory check's extra wall time per submission with its
    default sample, over a smaller class."""
    whole, small = os.path.join(run.out, "class"), os.path.join(run.out, "class-small")
    for folder, size in ((whole, MARK_CLASS_SIZE), (small, MARK_MEMCHECK_CLASS_SIZE)):
        shutil.rmtree(folder, ignore_errors=True)
        subprocess.run(["bash", "src/test-lib/mark-class.bash", folder, "correct", str(size)], check=True)
    load = load_average()
    run.mark_seconds = mark_seconds(run, whole, os.path.join(run.out, "mark"), 0)
    off = mark_seconds(run, small, os.path.join(run.out, "mark-off"), 0)
    on = mark_seconds(run, small, os.path.join(run.out, "mark-on"), 1)
    run.mark_memcheck_extra = "%.1f" % ((on - off) / MARK_MEMCHECK_CLASS_SIZE)
    print("== scripts/mark: classes of correct copies of src/checkers (load %s) ==" % load)
    print("%-58s %10s" % ("class", "wall s"))
    print("%-58s %10.1f" % ("%d submissions, --memcheck 0" % MARK_CLASS_SIZE, run.mark_seconds))
    print("%-58s %10.1f" % ("%d submissions, --memcheck 0" % MARK_MEMCHECK_CLASS_SIZE, off))
    print("%-58s %10.1f" % ("%d submissions, default memory check (1 per category)" % MARK_MEMCHECK_CLASS_SIZE, on))
    print("%-58s %10s" % ("memory check, extra s per submission", run.mark_memcheck_extra))


def checking_targets(run, targets: Targets):
    label = "check-engine / plain loop, whole corpus"
    if run.check_engine_ratio is not None:
        targets.at_most(label, run.check_engine_ratio, CHECK_ENGINE_RATIO_LIMIT)
    else:
        targets.row(label, "-", CHECK_ENGINE_RATIO_LIMIT, "not measured (--engine-only)")
    if run.judged_ratio is not None:
        targets.at_most("check-engine draughts: judged / strict", run.judged_ratio, JUDGED_RATIO_LIMIT)
    mark_label = "mark: %d submissions, wall s" % MARK_CLASS_SIZE
    extra_label = "mark: memory check, extra s per submission"
    if run.mark_seconds is not None:
        targets.at_most(mark_label, run.mark_seconds, MARK_SECONDS_LIMIT, "%.1f" % run.mark_seconds)
        targets.at_most(extra_label, run.mark_memcheck_extra, MARK_MEMCHECK_EXTRA_LIMIT)
    else:
        targets.row(mark_label, "-", MARK_SECONDS_LIMIT, "not measured (%s)" % run.memcheck_skipped)
        targets.row(extra_label, "-", MARK_MEMCHECK_EXTRA_LIMIT, "not measured (%s)" % run.memcheck_skipped)
