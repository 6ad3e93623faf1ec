"""bench.py -- scripts/similarity's time on a generated class: 300
submissions (make_class.py: random C programs of about 600 lines each, a
tenth of them disguised copies of others, every one holding a skeleton
file given as --base), against the target of 60 seconds on 2 cores;
a cold run: its structure cache is in the output folder, made anew each
time.
scripts/bench takes its figure through measure(); anyone can run it:
`python3 -m harness.similarity.bench build/bench`, which prints the row
scripts/bench's targets table shows (target, measured, limit, verdict)."""

import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import time

from harness import paths
from harness.similarity import make_class

PROG = "python3 -m harness.similarity.bench"
CLASS_SIZE = 300
SECONDS_LIMIT = 60
LABEL = "similarity: %d submissions, wall s" % CLASS_SIZE


def wall_seconds(class_folder, output):
    """Seconds of one scripts/similarity run over the class, as a person
    runs it (hyperfine when it is installed, else the clock); None when it
    failed."""
    submissions = sorted(os.path.join(class_folder, name) for name in os.listdir(class_folder)
                         if name[:1] == "s" and name[1:2].isdigit())
    command = ["scripts/similarity", "--base", os.path.join(class_folder, "skeleton.c"),
               "--cache", os.path.join(output, "cache"), "--output", os.path.join(output, "report")] + submissions
    if shutil.which("hyperfine"):
        figures = os.path.join(output, "hyperfine.json")
        done = subprocess.run(["hyperfine", "--style", "none", "--runs", "1", "--export-json", figures,
                               shlex.join(command)], cwd=paths.ROOT, capture_output=True, check=False)
        if done.returncode != 0:
            return None
        with open(figures, encoding="utf-8") as handle:
            return json.load(handle)["results"][0]["mean"]
    start = time.monotonic()
    done = subprocess.run(command, cwd=paths.ROOT, capture_output=True, check=False)
    return time.monotonic() - start if done.returncode == 0 else None


def measure(outdir):
    """Makes the class in OUTDIR/similarity/class and times
    scripts/similarity over it: its seconds, or None when the run failed."""
    output = os.path.join(outdir, "similarity")
    class_folder = os.path.join(output, "class")
    shutil.rmtree(output, ignore_errors=True)
    os.makedirs(class_folder)
    # The skeleton: a file of the repository's own, as a course's handout.
    skeleton = os.path.join(class_folder, "skeleton.c")
    shutil.copyfile(paths.SRC / "checkers" / "search.c", skeleton)
    make_class.make_class(CLASS_SIZE, class_folder, CLASS_SIZE // 10, skeleton, random.Random(1))
    return wall_seconds(class_folder, output)


def row(seconds):
    """The targets table's row: target, measured, limit, verdict."""
    measured = "%.2f" % seconds
    verdict = "met" if seconds <= SECONDS_LIMIT else "not met"
    return "%-44s %14s %12s  %s" % (LABEL, measured, SECONDS_LIMIT, verdict)


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("outdir", metavar="OUTDIR", help="where the class and the report go (OUTDIR/similarity)")
    args = parser.parse_args(argv)
    seconds = measure(os.path.abspath(args.outdir))
    if seconds is None:
        print("bench: scripts/similarity failed on %s/similarity/class" % args.outdir, file=sys.stderr)
        return 1
    print(row(seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
