"""add-case's command line: its usage, its options and operands, and the
checks made before anything runs (safe names, one line of reason, an
input, a case that does not exist yet, an engine)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from harness.cases.tool import COMMON_OPTIONS, Common, ToolExit, is_executable, shown_path

USAGE = """\
usage: scripts/add-case [--program P] [--engine BIN] [--cases DIR] [--impact CLASSDIR]
                        [--from-program PROGRAM_OR_FOLDER] CATEGORY NAME "reason" [INPUT]
Reads the input from INPUT, or from stdin when INPUT is absent or '-'.
P is checkers (the default) or draughts. Runs the engine (default:
$ENGINE or build/P) on the input as stdin and writes DIR/CATEGORY/NAME.in,
.out, .reason, and .status / .err when they are not 0 / empty (DIR
defaults to $CASES or testdata/P). Shows the output (for long
games only the last action's board and the result) so that you can check
it against the specification before committing it, and prints the command
that runs just this case.
Refuses to overwrite a case, to record an input some case already has, and
to record a crash or a hang. CATEGORY and NAME: lower-case letters, digits,
'-' and '_', starting with a letter or digit.
  --impact CLASSDIR  a class scripts/mark wrote: before anything is
     written, runs each submission's program (in the sandbox) on the new
     case, prints how many fail it, the marks that would change (by the
     class's scheme), the crashes and hangs and the catalogued faults it
     catches that no case caught before, writes CLASSDIR/impact.tsv, then
     records the case only on a yes (y/n/q on stdin); with CI set it
     records nothing.
  --from-program PROGRAM_OR_FOLDER  a bug report: runs that program (or
     the folder's sources, built) in the sandbox on the input too, shows
     its output beside the reference's, and records the reference's as
     the golden only on a yes, once you have checked it against the
     specification; with CI set it records nothing.
With --impact or --from-program, INPUT must be a file (stdin answers).
"""
# A category or a name: what a path may hold with no surprise for a shell.
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
# What bash's [[:space:]] takes, in which a reason must have something else.
SPACE = " \t\n\v\f\r"


@dataclass
class Options:
    """The command line: the common options, then the operands (INPUT "-"
    for stdin)."""

    common: Common
    category: str
    name: str
    reason: str
    input: str = "-"
    impact: str = ""
    from_program: str = ""

    @property
    def asks(self) -> bool:
        """Whether the case is recorded only on a person's yes."""
        return bool(self.impact or self.from_program)


@dataclass(frozen=True)
class Plan:
    """What add-case records, checked: CASES as people are shown it, and
    CASE_PATH, CASES/CATEGORY/NAME, the prefix of the case's files."""

    options: Options
    cases: str

    @property
    def case_path(self) -> str:
        return f"{self.cases}/{self.options.category}/{self.options.name}"


def parse(argv: Sequence[str], environ: Mapping[str, str]) -> Options:
    """The options up to the first operand (or `--`), then three or four
    operands; ToolExit for --help and for bad usage."""
    common = Common.from_environment(environ)
    words, asking = list(argv), {"--impact": "", "--from-program": ""}
    while words:
        word = words[0]
        if word in ("--help", "-h"):
            raise ToolExit(None, 0, usage=True)
        if word == "--":
            words.pop(0)
            break
        if word in COMMON_OPTIONS:
            words.pop(0)
            common.take(word, words)
        elif word in ("--impact", "--from-program"):
            words.pop(0)
            if not words:
                raise ToolExit(f"{word} needs a value", usage=True)
            asking[word] = words.pop(0)
        elif word.startswith("-") and len(word) > 1:
            raise ToolExit(f"unknown option '{word}'", usage=True)
        else:
            break
    if len(words) not in (3, 4):
        raise ToolExit(None, usage=True)
    common.settle()
    category, name, reason = words[:3]
    given = words[3] if len(words) == 4 else ""
    return Options(common, category, name, reason, given or "-", asking["--impact"], asking["--from-program"])


def check(options: Options) -> Plan:
    """The checks of the operands, in the order people meet them; the plan."""
    for part in (options.category, options.name):
        if not SAFE_NAME.fullmatch(part):
            raise ToolExit(f"'{part}' is not a safe name (use [a-z0-9_-], starting with a letter or digit)")
    if not options.reason.strip(SPACE) or "\n" in options.reason:
        raise ToolExit("the reason must be one non-empty line")
    if options.input != "-" and not os.path.isfile(options.input):
        raise ToolExit(f"no input file '{options.input}'")
    if options.asks and options.input == "-":
        raise ToolExit("with --impact or --from-program, give INPUT as a file: stdin answers the question")
    plan = Plan(options, shown_path(options.common.cases))
    if case_exists(plan):
        raise ToolExit(f"{plan.case_path} already exists; use scripts/bless to re-record it", 1)
    if not is_executable(options.common.engine):
        raise ToolExit(f"engine '{options.common.engine}' is not an executable (run make)")
    return plan


def case_exists(plan: Plan) -> bool:
    """Whether any file of the case (NAME.anything) is there already."""
    folder = f"{plan.cases}/{plan.options.category}"
    try:
        entries = os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):
        return False
    return any(entry.startswith(f"{plan.options.name}.") for entry in entries)
