"""bench-diagnose, `python3 -m harness.diagnose.bench`: the diagnosis's
time against check-engine's on a failing program (a faulted reference:
build/faults/GAME/CODE), as JSON. The issue's target: diagnosis adds at
most 1x check-engine's time. scripts/bench takes its figures through
measure()."""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from harness import paths

PROG = "python3 -m harness.diagnose.bench"
FAULTS = {"checkers": "no-tower-promotion", "draughts": "no-crowning"}


def timed(command):
    start = time.monotonic()
    environment = dict(os.environ, PYTHONPATH=str(paths.SRC))
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=paths.ROOT,
                   env=environment, check=False)
    return time.monotonic() - start


def measure(program="checkers", fault=None):
    """The figures, as a dict (what the command prints as JSON);
    subprocess.CalledProcessError when the fault does not build."""
    fault = fault or FAULTS[program]
    subprocess.run(["make", "-s", "faults", "FAULTS=%s/%s" % (program, fault)], cwd=paths.ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    binary = str(paths.BUILD / "faults" / program / fault)
    diagnosis = ["/usr/bin/python3", "-B", "-m", "harness.diagnose", "--program", program]
    with tempfile.TemporaryDirectory(prefix="bench-diagnose.") as output:
        check = timed(["scripts/check-engine", "--program", program, "--no-sandbox", "--no-diagnose",
                       "--output", output, binary])
        rerun = timed(diagnosis + ["--results", output, "--engine", binary, "--budget", str(check)])
        diagnose = timed(diagnosis + ["--results", output, "--budget", str(check)])
    return {"program": program, "fault": fault, "check_engine_seconds": round(check, 2),
            "diagnose_seconds": round(diagnose, 2),
            "first_diagnosis_with_reruns_seconds": round(rerun, 2),
            "ratio": round(diagnose / check, 3), "target_ratio": 1.0}


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__)
    parser.add_argument("--program", default="checkers", choices=tuple(FAULTS))
    parser.add_argument("--fault", default=None, help="CODE (default: no-tower-promotion "
                        "for checkers, no-crowning for draughts)")
    args = parser.parse_args(argv)
    json.dump(measure(args.program, args.fault), sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
