"""What add-case shows of a run for review, and the command it prints
that runs just the new case."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from harness import games, paths
from harness.cases.add_case.options import Plan
from harness.cases.status import describe_status
from harness.cases.tool import say, say_bytes

# An output of more lines is shown from its last action on.
SHORT_OUTPUT = 60
# The line that opens each action of a game's output.
DELIMITER = re.compile(rb"=+")


def last_action(output: bytes) -> bytes:
    """OUTPUT's lines from the last delimiter line on (all of them without
    one), each ending in a newline, as awk prints them."""
    lines = output.split(b"\n")
    if output.endswith(b"\n"):
        lines.pop()
    last = 0
    for number, line in enumerate(lines, 1):
        if DELIMITER.fullmatch(line):
            last = number
    return b"".join(line + b"\n" for line in lines[max(last, 1) - 1:])


def show_for_review(out: bytes, err: bytes, status: int) -> None:
    """All of a short stdout; of a long one, the last action's board and the
    result line, if any. Then stderr, if any, and the exit status."""
    lines = out.count(b"\n")
    if lines <= SHORT_OUTPUT:
        say_bytes(out)
    else:
        say(f"... ({lines} lines; the last action, its board and the result follow)\n")
        say_bytes(last_action(out))
    if err:
        say("--- stderr:\n")
        say_bytes(err)
    say(f"--- {describe_status(status)}\n")


def rerun_command(plan: Plan) -> str:
    """scripts/run-golden with what selects this case alone."""
    program = plan.options.common.program
    command = "scripts/run-golden"
    if program != games.DEFAULT:
        command += f" --program {program}"
    command += f" --filter '^{plan.options.category}/{plan.options.name}$'"
    if not same_file(plan.cases, paths.TESTDATA / program):
        command += f" --cases {plan.cases}"
    return command


def same_file(one: str | Path, other: str | Path) -> bool:
    """As bash's -ef: both exist and are the same file."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def print_rerun(plan: Plan) -> None:
    """Where the case went, and how to run it alone."""
    say(f"added {plan.case_path}: check the output above against the specification\n"
        f"  ({plan.options.reason}), then run it alone with:\n"
        f"  {rerun_command(plan)}\n", sys.stdout)
