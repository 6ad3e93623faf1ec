"""add-case's main: the command line checked, the input read and checked
against the corpus, the engine run (a crash or a hang refused), the output
shown, the case written, the command to rerun it printed."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO, Mapping, Optional, Sequence

from harness.cases.add_case.options import USAGE, Plan, check, parse
from harness.cases.add_case.record import record_case, reject_known_input
from harness.cases.add_case.review import print_rerun, show_for_review
from harness.cases.atomic import Placer
from harness.cases.bless.ask import ask
from harness.cases.impact.flow import Staged, impact, open_class
from harness.cases.add_case.from_program import Ran, compare_with
from harness.cases.run import RunError, RunSettings, run_engine
from harness.cases.status import describe_status
from harness.cases.tool import ToolExit, run_tool, say

NAME = "add-case"


def read_input(plan: Plan, stdin: Optional[BinaryIO]) -> bytes:
    """The input: the file INPUT, or stdin for "-"."""
    if plan.options.input != "-":
        return Path(plan.options.input).read_bytes()
    return (stdin or sys.stdin.buffer).read()


def add_case(plan: Plan, settings: RunSettings, placer: Placer, stdin: Optional[BinaryIO],
             environ: Mapping[str, str]) -> int:
    """Runs the engine on the input, shows the run (beside the program's,
    with --from-program), the class's impact (--impact), records the case
    (with either, only on a yes); the status."""
    options = plan.options
    record = open_class(options.impact, options.common.program) if options.impact else None
    data = read_input(plan, stdin)
    reject_known_input(plan.cases, data)
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "case.in").write_bytes(data)
        status = run_engine(options.common.engine, Path(work) / "case.in", Path(work) / "actual", settings)
        if status >= 124:
            raise ToolExit(f"the engine gave {describe_status(status, settings.timeout)}: not a golden", 1)
        out, err = (Path(work) / "actual.out").read_bytes(), (Path(work) / "actual.err").read_bytes()
        if options.from_program:
            compare_with(options.from_program, options.common.program, Path(work) / "case.in", Ran(status, out, err),
                         settings.timeout)
    if not options.from_program:
        show_for_review(out, err, status)
    case = Staged(f"{options.category}/{options.name}", data, out, status, err, options.reason)
    if record is not None:
        with tempfile.TemporaryDirectory() as staging:
            impact(record, Path(staging), [case], "new")
    if options.asks:
        answer = confirmed(case.case_id, environ, stdin or sys.stdin.buffer)
        if answer != "y":
            return 1 if answer == "eof" else 0
    record_case(plan, data, out, err, status, placer)
    print_rerun(plan)
    return 0


def confirmed(case_id: str, environ: Mapping[str, str], stdin: BinaryIO) -> str:
    """The question: the answer ("y", "n", "q", "eof"), or "ci" under CI:
    such a case is recorded when a person has read what was shown."""
    if environ.get("CI"):
        say(f"add-case: {case_id} not recorded: CI is set ('{environ['CI']}'); "
            "a case is recorded on a person's yes\n")
        return "ci"
    answer = ask(case_id, stdin, "record")
    if answer != "y":
        say(f"add-case: {case_id} not recorded" + (" (no answer)" if answer == "eof" else "") + "\n")
    return answer


def main(argv: Optional[Sequence[str]] = None, environ: Mapping[str, str] = os.environ,
         stdin: Optional[BinaryIO] = None) -> int:
    def body(placer: Placer) -> int:
        plan = check(parse(sys.argv[1:] if argv is None else argv, environ))
        try:
            settings = RunSettings.from_environment(environ)
        except RunError as error:
            raise ToolExit(str(error), 1) from None
        return add_case(plan, settings, placer, stdin, environ)

    return run_tool(NAME, USAGE, body)
