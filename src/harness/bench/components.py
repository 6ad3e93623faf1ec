"""components.py -- the benchmarks other components keep, as rows of the
targets table. To add one: append to COMPONENT_BENCHES a ComponentBench
whose `measure` returns its rows. A standalone benchmark (a program that
prints JSON, as {"targets": [{"target": LABEL, "measured": NUMBER or null,
"limit": NUMBER, "note": TEXT}]}) needs only json_rows:

    ComponentBench("rush", lambda run: json_rows(["src/COMPONENT/bench-rush",
                                                  "--output", run.out + "/rush"]))

A benchmark of the package (harness.similarity.bench,
harness.diagnose.bench, harness.adequacy.bench, harness.cases.impact.bench)
is called in-process, through its measure().

A row is (label, measured or None, limit, note): met when measured is at
most limit; None is "not measured (NOTE)"."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from harness import paths
from harness.adequacy import bench as adequacy_bench
from harness.bench import maketest
from harness.cases.impact import bench as impact_bench
from harness.diagnose import bench as diagnose_bench
from harness.diagnose import faultbuild
from harness.similarity import bench as similarity_bench


class ComponentBench:
    def __init__(self, name, measure):
        self.name, self.measure = name, measure


def shell_values(piece, names, call=None, out=None):
    """Sources a component's bench-*.bash PIECE in bash, runs CALL OUT when
    given (its table to /dev/null, its complaints to the report), and
    returns the values of its variables NAMES (None when the call failed)."""
    script = 'source "$1" || exit 1\n'
    if call:
        script += '%s "$2" > /dev/null || exit 1\n' % call
    script += "printf '%s\\n' " + " ".join('"${%s:-}"' % name for name in names)
    done = subprocess.run(["bash", "-c", script, "bench", piece, out or ""], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, check=False)
    sys.stdout.write(done.stderr.decode("utf-8", "replace"))
    values = done.stdout.decode("utf-8", "replace").split("\n")[:len(names)]
    return dict(zip(names, values)) if done.returncode == 0 else None


def seconds_row(label, values, seconds_name, limit, failed_note="the run failed"):
    if values is None or not values[seconds_name]:
        return label, None, limit, failed_note
    return label, values[seconds_name], limit, ""


def seconds_rows(run, bench, failed):
    """A package's benchmark in wall seconds: BENCH's LABEL, SECONDS_LIMIT
    and measure(OUTDIR); FAILED, what is printed when the run failed."""
    label, limit = bench.LABEL, bench.SECONDS_LIMIT
    if not run.suites:
        return [(label, None, limit, "--engine-only")]
    seconds = bench.measure(run.out)
    if seconds is None:
        print("bench: %s" % failed)
        return [(label, None, limit, "the run failed")]
    return [(label, "%.2f" % seconds, limit, "")]


def similarity_rows(run):
    """scripts/similarity over a generated class (harness.similarity.bench)."""
    return seconds_rows(run, similarity_bench, "scripts/similarity failed on %s/similarity/class" % run.out)


def adequacy_rows(run):
    """make adequacy PROGRAM=checkers, every run afresh (harness.adequacy.bench)."""
    return seconds_rows(run, adequacy_bench, "make adequacy PROGRAM=checkers failed (%s/adequacy)" % run.out)


def impact_rows(run):
    """add-case --impact on the bench's marked class grown to 300 (harness.cases.impact.bench)."""
    return seconds_rows(run, impact_bench, "add-case --impact failed, or no marked class in %s/mark" % run.out)


def gradescope_rows(run):
    """run_autograder on one core (src/gradescope/bench-gradescope.bash)."""
    piece = "src/gradescope/bench-gradescope.bash"
    names = ("GRADESCOPE_SECONDS_LIMIT", "gradescope_seconds")
    label = "gradescope: run_autograder, 1 core, wall s"
    limit = shell_values(piece, names[:1])["GRADESCOPE_SECONDS_LIMIT"]
    if not run.suites:
        return [(label, None, limit, "--engine-only")]
    row = seconds_row(label, shell_values(piece, names, "bench_gradescope", run.out + "/gradescope"),
                      "gradescope_seconds", limit)
    if row[1] is not None and not shutil.which("taskset"):
        row = row[:3] + ("taskset missing: not pinned",)
    return [row]


def json_rows(command):
    """The rows a standalone benchmark prints as JSON (see above)."""
    figures, status = json_figures(command)
    try:
        targets = figures["targets"]
    except (KeyError, TypeError):
        return [(" ".join(command), None, "-", "its JSON was unreadable (exit %d)" % status)]
    return [(row["target"], row.get("measured"), row["limit"], row.get("note", "")) for row in targets]


def json_figures(command, env=None):
    """What a benchmark prints as JSON (None when nothing readable), and its
    exit status."""
    done = subprocess.run(command, stdout=subprocess.PIPE, check=False, env=env)
    try:
        return json.loads(done.stdout), done.returncode
    except ValueError:
        return None, done.returncode


# The rush's targets (issue 30): its figure, its limit, the row's words.
RUSH_TARGETS = (("lost", 0, "submissions lost"), ("p95_ms", 200, "p95 request ms"),
                ("last_results_within_s", 300, "last results, s after the rush"),
                ("verdict_mismatches", 0, "verdicts unlike check-engine's"))


def rush_rows(run):
    """The due-date rush (harness.serve.bench_rush) on SQLite and on
    PostgreSQL with two fronts and two remote workers, side by side."""
    labels = {"sqlite": "serve rush, SQLite", "postgresql": "serve rush, PostgreSQL 2x2"}
    if not run.suites:
        return [(labels["sqlite"], None, 0, "--engine-only")]
    command = ["/usr/bin/python3", "-m", "harness.serve.bench_rush", "--db", "both"] + (["--quick"] if run.quick else [])
    figures = json_figures(command, dict(os.environ, PYTHONPATH=str(paths.SRC)))[0] or {}
    rows = []
    for db, label in labels.items():
        for name, limit, words in RUSH_TARGETS:
            value = figures.get(db, {}).get(name)
            rows.append(("%s: %s" % (label, words), value, limit, "" if value is not None else "the rush failed"))
    return rows


def diagnose_rows(run):
    """Diagnosis's time against check-engine's on a failing program
    (harness.diagnose.bench): at most 1x."""
    label = "diagnose: time / check-engine's on a failing program"
    if not run.suites:
        return [(label, None, 1.0, "--engine-only")]
    try:
        figures = diagnose_bench.measure()
    except (subprocess.CalledProcessError, OSError, faultbuild.BuildError) as error:
        print("bench: the diagnosis's benchmark failed: %s" % error)
        figures = {}
    ratio = figures.get("ratio")
    return [(label, ratio, figures.get("target_ratio", 1.0), "" if ratio is not None else "the run failed")]


def make_test_rows(run):
    """make test on a clean clone of HEAD (harness.bench.maketest): about
    ten minutes, so only in the full run."""
    if run.quick or not run.suites or run.checking_only:
        why = "quick mode" if run.quick else "--engine-only" if not run.suites else "--checking"
        return [(maketest.LABEL, None, maketest.SECONDS_LIMIT, why)]
    try:
        return [maketest.row(maketest.measure(Path(run.out)))]
    except (subprocess.CalledProcessError, OSError) as error:
        print("bench: make test on a clean clone could not start: %s" % error)
        return [(maketest.LABEL, None, maketest.SECONDS_LIMIT, "the clone failed")]


# The components' benchmarks, in the order of their rows.
COMPONENT_BENCHES = (
    ComponentBench("similarity", similarity_rows),
    ComponentBench("gradescope", gradescope_rows),
    ComponentBench("diagnose", diagnose_rows),
    ComponentBench("adequacy", adequacy_rows),
    ComponentBench("impact", impact_rows),
    ComponentBench("serve", rush_rows),
    ComponentBench("make test", make_test_rows),
)


def component_targets(run, targets):
    for bench in COMPONENT_BENCHES:
        for label, measured, limit, note in bench.measure(run):
            if measured is None:
                targets.row(label, "-", limit, "not measured (%s)" % note)
            else:
                met = float(measured) <= float(limit)
                said = ("met" if met else "not met") + (" (%s)" % note if note else "")
                targets.row(label, str(measured), limit, said)
