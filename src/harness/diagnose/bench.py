"""bench-diagnose, `python3 -m harness.diagnose.bench`: the diagnosis's
time against check-engine's on a failing program (a faulted reference:
build/faults/GAME/CODE, by default the one failing the most cases), as
JSON. The issue's target: a diagnosis adds at most 1x check-engine's time,
cold (no run of any earlier diagnosis kept: a fresh clone after `make
faults`, which keeps the faulted references' runs on the corpus) as warm.
`ratio` is the cold diagnosis's time over check-engine's (with both games,
the larger); scripts/bench takes it through measure()."""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from harness import paths

PROG = "python3 -m harness.diagnose.bench"
# The faulted reference failing the most cases of each game's corpus
# (white-space 1014 of 1345, prune-strict 483 of 654).
FAULTS = {"checkers": "white-space", "draughts": "prune-strict"}
TARGET = 1.0


def timed(command):
    start = time.monotonic()
    environment = dict(os.environ, PYTHONPATH=str(paths.SRC))
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=paths.ROOT,
                   env=environment, check=False)
    return time.monotonic() - start


def failing(output):
    with open(os.path.join(output, "results.tsv")) as handle:
        header = handle.readline().rstrip("\n").split("\t")
        column = header.index("verdict")
        return sum(1 for line in handle if line.rstrip("\n").split("\t")[column] == "fail")


def one(program, fault, without_kept):
    """One program's figures (check-engine, then the diagnosis cold and warm)."""
    binary = str(paths.BUILD / "faults" / program / fault)
    diagnosis = ["/usr/bin/python3", "-B", "-m", "harness.diagnose", "--program", program]
    with tempfile.TemporaryDirectory(prefix="bench-diagnose.") as output:
        check = timed(["scripts/check-engine", "--program", program, "--no-sandbox", "--no-diagnose",
                       "--output", output, binary])
        kept = diagnosis + ["--results", output, "--budget", "1000", "--run-cache", output + "/runs"]
        figures = {"program": program, "fault": fault, "failing": failing(output),
                   "check_engine_seconds": round(check, 2),
                   "cold_seconds": round(timed(kept), 2), "warm_seconds": round(timed(kept), 2)}
        if without_kept:
            figures["without_kept_corpus_runs_seconds"] = round(
                timed(kept[:-1] + [output + "/runs-none", "--corpus-runs", "none"]), 2)
    figures["ratio"] = round(figures["cold_seconds"] / check, 3)
    figures["warm_ratio"] = round(figures["warm_seconds"] / check, 3)
    return figures


def measure(program=None, fault=None, without_kept=False):
    """The figures, as a dict (what the command prints as JSON): one
    program's, or with no PROGRAM both games' under "programs" and the
    larger cold ratio as "ratio"; subprocess.CalledProcessError when the
    faults do not build."""
    subprocess.run(["make", "-s", "faults"], cwd=paths.ROOT, check=True, stdout=subprocess.DEVNULL)
    if program is not None:
        return dict(one(program, fault or FAULTS[program], without_kept), target_ratio=TARGET)
    each = [one(game, code, without_kept) for game, code in FAULTS.items()]
    return {"ratio": max(figures["ratio"] for figures in each), "target_ratio": TARGET, "programs": each}


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", default=None, choices=tuple(FAULTS),
                        help="one game (default: both)")
    parser.add_argument("--fault", default=None, help="CODE, the program diagnosed (default: "
                        "white-space for checkers, prune-strict for draughts)")
    parser.add_argument("--without-kept-runs", action="store_true",
                        help="also time a cold diagnosis without the runs `make faults` keeps")
    args = parser.parse_args(argv)
    json.dump(measure(args.program, args.fault, args.without_kept_runs), sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
