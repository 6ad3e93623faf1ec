"""bench-diagnose, `python3 -m harness.diagnose.bench`: the diagnosis's
time against check-engine's on a failing program (a faulted reference:
build/faults/GAME/CODE, by default the one failing the most cases), as
JSON. The issue's target: a diagnosis adds at most 1x check-engine's time,
cold (no run of any earlier diagnosis kept: a fresh clone after `make
faults`, which keeps the faulted references' runs on the corpus) as warm.
`ratio` is the cold diagnosis's time over check-engine's (with both games
and the draughts subject in another order, subject.py, the largest);
`cpu_ratio` the same of their CPU times (the machine may be shared);
scripts/bench takes it through measure()."""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

from harness import paths
from harness.diagnose import subject

PROG = "python3 -m harness.diagnose.bench"
# The faulted reference failing the most cases of each game's corpus
# (white-space 1014 of 1345, prune-strict 483 of 654).
FAULTS = {"checkers": "white-space", "draughts": "prune-strict"}
TARGET = 1.0
# The draughts subject whose moves come in another order (subject.py).
REVERSED = subject.NAME


def children_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(command):
    """COMMAND's (wall seconds, CPU seconds: its own and its children's)."""
    start, cpu = time.monotonic(), children_cpu()
    environment = dict(os.environ, PYTHONPATH=str(paths.SRC))
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=paths.ROOT,
                   env=environment, check=False)
    return time.monotonic() - start, children_cpu() - cpu


def failing(output):
    with open(os.path.join(output, "results.tsv")) as handle:
        header = handle.readline().rstrip("\n").split("\t")
        column = header.index("verdict")
        return sum(1 for line in handle if line.rstrip("\n").split("\t")[column] == "fail")


def one(program, fault, without_kept, binary=None, profile=None):
    """One program's figures (check-engine, then the diagnosis cold and
    warm): BINARY, or the faulted reference FAULT; under PROFILE."""
    binary = binary or str(paths.BUILD / "faults" / program / fault)
    diagnosis = ["/usr/bin/python3", "-B", "-m", "harness.diagnose", "--program", program]
    with tempfile.TemporaryDirectory(prefix="bench-diagnose.") as output:
        check = timed(["scripts/check-engine", "--program", program, "--no-sandbox", "--no-diagnose",
                       "--output", output, binary] + (["--profile", profile] if profile else []))
        kept = diagnosis + ["--results", output, "--budget", "1000", "--run-cache", output + "/runs"]
        cold, warm = timed(kept), timed(kept)
        figures = {"program": program, "fault": fault, "failing": failing(output),
                   "check_engine_seconds": round(check[0], 2), "check_engine_cpu_seconds": round(check[1], 2),
                   "cold_seconds": round(cold[0], 2), "cold_cpu_seconds": round(cold[1], 2),
                   "warm_seconds": round(warm[0], 2)}
        if without_kept:
            figures["without_kept_corpus_runs_seconds"] = round(
                timed(kept[:-1] + [output + "/runs-none", "--corpus-runs", "none"])[0], 2)
    figures["ratio"] = round(cold[0] / check[0], 3)
    figures["warm_ratio"] = round(warm[0] / check[0], 3)
    figures["cpu_ratio"] = round(cold[1] / max(check[1], 0.01), 3)
    return figures


def reversed_subject(without_kept, fault=subject.FAULT, profile=None):
    """one() for the draughts subject in another order (subject.py)."""
    figures = one("draughts", fault, without_kept, subject.build(fault), profile)
    return dict(figures, order="reversed")


def measure(program=None, fault=None, without_kept=False, profile=None):
    """The figures, as a dict (what the command prints as JSON): one
    program's (REVERSED: the draughts subject in another order), or with
    no PROGRAM both games' and the subject's under "programs" and the
    largest cold ratio as "ratio"; subprocess.CalledProcessError when the
    faults do not build, faultbuild.BuildError when the subject does not."""
    subprocess.run(["make", "-s", "faults"], cwd=paths.ROOT, check=True, stdout=subprocess.DEVNULL)
    if program == REVERSED:
        return dict(reversed_subject(without_kept, fault or subject.FAULT, profile), target_ratio=TARGET)
    if program is not None:
        return dict(one(program, fault or FAULTS[program], without_kept, profile=profile), target_ratio=TARGET)
    each = [one(game, code, without_kept, profile=profile) for game, code in FAULTS.items()]
    each.append(reversed_subject(without_kept, profile=profile))
    return {"ratio": max(figures["ratio"] for figures in each), "target_ratio": TARGET, "programs": each}


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", default=None, choices=tuple(FAULTS) + (REVERSED,),
                        help="one game, or %s: the draughts subject in another order "
                        "(default: all three)" % REVERSED)
    parser.add_argument("--fault", default=None, help="CODE, the program diagnosed (default: "
                        "white-space for checkers, prune-strict for draughts and the subject)")
    parser.add_argument("--profile", default=None, choices=("assignment", "strict"),
                        help="check-engine's profile (default: its own)")
    parser.add_argument("--without-kept-runs", action="store_true",
                        help="also time a cold diagnosis without the runs `make faults` keeps")
    args = parser.parse_args(argv)
    json.dump(measure(args.program, args.fault, args.without_kept_runs, args.profile), sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
