"""Running a program on a case of the corpus, as each game runs it:
checkers reads the input on stdin; a draughts program under test is run
as the HW4 grader runs it (input.txt in an empty folder, output.txt read
back), a faulted reference as `BIN INPUT` with the output on stdout."""
import os
import shutil
import subprocess
import tempfile

from harness.diagnose import game as games

TIMEOUT = 10
OUTPUT_LIMIT = 64 << 20
# check-engine's OUTPUT/outputs/judge.tsv: the judge whose messages it kept
# beside the runs (ID.verdict), written by check/worker.py, read by results.py
KEPT_JUDGE = "judge.tsv"


class Run:
    """What a run left: its output (bytes) and exit status (None: a hang)."""

    def __init__(self, out, status):
        self.out = out
        self.status = status


def run_stdin(command, input_path, env=None):
    with open(input_path, "rb") as stdin:
        try:
            done = subprocess.run(command, stdin=stdin, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, timeout=TIMEOUT, env=env)
        except subprocess.TimeoutExpired as hang:
            return Run((hang.stdout or b"")[:OUTPUT_LIMIT], None)
    return Run(done.stdout[:OUTPUT_LIMIT], done.returncode)


def run_graded(command, input_path):
    """`COMMAND input.txt output.txt` in a folder of its own."""
    folder = tempfile.mkdtemp(prefix="diagnose.")
    try:
        shutil.copy(input_path, os.path.join(folder, "input.txt"))
        try:
            done = subprocess.run(command + ["input.txt", "output.txt"], cwd=folder,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=TIMEOUT)
            status = done.returncode
        except subprocess.TimeoutExpired:
            status = None
        try:
            with open(os.path.join(folder, "output.txt"), "rb") as handle:
                out = handle.read(OUTPUT_LIMIT)
        except OSError:
            out = b""
        return Run(out, status)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run_reference(game, binary, input_path):
    """A faulted reference on a case: both engines read a case on stdin, as
    the golden suites run them (GAME is kept for the callers' symmetry)."""
    del game
    return run_stdin([binary], input_path)


def run_in_order(binary, input_path, order_path):
    """A faulted draughts reference on a case, its children in the order of
    the file ORDER_PATH (src/draughts/order.h: the faulted references are
    built with that test-only hook, harness.diagnose.faultbuild)."""
    return run_stdin([binary], input_path,
                     env=dict(os.environ, DRAUGHTS_MOVE_ORDER=order_path))


def run_program(game, binary, input_path):
    """The program under test on a case, as check-engine runs it (the
    game's run mode)."""
    if games.facts(game).run_mode == "graded":
        return run_graded([os.path.abspath(binary)], input_path)
    return run_stdin([os.path.abspath(binary)], input_path)


def read_run(stem):
    """STEM.out and STEM.status, as check-engine keeps a failed case's run;
    None when it did not keep it."""
    try:
        with open(stem + ".out", "rb") as handle:
            out = handle.read()
    except OSError:
        return None
    try:
        with open(stem + ".status") as handle:
            text = handle.read().strip()
        status = int(text) if text.lstrip("-").isdigit() else None
    except OSError:
        status = 0
    return Run(out, status)


def write_run(stem, run):
    os.makedirs(os.path.dirname(stem), exist_ok=True)
    with open(stem + ".out", "wb") as handle:
        handle.write(run.out)
    with open(stem + ".status", "w") as handle:
        handle.write("%s\n" % ("hang" if run.status is None else run.status))


def expected(cases, case):
    """The case's expected run: NAME.out and NAME.status (0 when absent)."""
    return read_run(os.path.join(cases, case))
