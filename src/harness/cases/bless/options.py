"""bless's command line: its usage, its options and the cases asked for,
the checks made before anything runs (never under CI), and each case
asked for resolved to its path prefix."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from harness.cases.corpus import list_ids
from harness.cases.tool import COMMON_OPTIONS, Common, ToolExit, is_executable, shown_path

USAGE = """\
usage: scripts/bless [--program P] [--yes] [--engine BIN] [--cases DIR] [--impact CLASSDIR] CASE...
   or: scripts/bless [--program P] [--yes] [--engine BIN] [--cases DIR] [--impact CLASSDIR] --all
P is checkers (the default) or draughts. Runs the engine (default:
$ENGINE or build/P) on each CASE and, where
its stdout, exit status or stderr is no longer what the case records, shows
`diff -u` of old and new and asks whether to re-record it:
  y  write the new golden files       n  keep the old ones
  q  keep this one and stop
CASE is category/name under DIR (default: $CASES or testdata/P) or the path of
any of the case's files. Unchanged cases are not touched (same mtime).
  --all   every case under DIR
  --yes   re-record every changed case without asking (after showing it)
  --impact CLASSDIR  a class scripts/mark wrote: before any question, runs
     each submission's program (in the sandbox) on the changed cases,
     prints how many fail each, the marks that would change (by the
     class's scheme), the crashes and hangs and the catalogued faults they
     catch that no case caught before, and writes CLASSDIR/impact.tsv
Refuses to run when CI is set: a golden changes only when a person has read
the diff against the specification (with --impact: the impact is printed
and written, and nothing is re-recorded).
Exit status: 0 when every case was re-recorded, kept or found unchanged;
1 when the engine crashed or hung on a case, or the answers ran out; 2 on
bad usage.
"""
# The suffixes of a case's files: a case may be named by any of them.
CASE_FILE = re.compile(r"\.(in|out|reason|status|err)\Z")


@dataclass
class Options:
    """The command line: the common options, --all, --yes, the cases."""

    common: Common
    all: bool = False
    yes: bool = False
    requested: list[str] = field(default_factory=list)
    impact: str = ""


@dataclass(frozen=True)
class Plan:
    """What bless runs, checked: the engine, CASES as people are shown it,
    each case's path prefix, and whether to ask."""

    engine: str
    cases: str
    case_paths: tuple[str, ...]
    yes: bool
    impact: str = ""
    ci: str = ""
    program: str = ""

    def label(self, case_path: str) -> str:
        """The case as people are shown it: its path, less CASES/."""
        return case_path.removeprefix(f"{self.cases}/")


def parse(argv: Sequence[str], environ: Mapping[str, str]) -> Options:
    """Options and cases in any order, all cases after `--`; ToolExit for
    --help and for bad usage."""
    options = Options(Common.from_environment(environ))
    words = list(argv)
    while words:
        word = words.pop(0)
        if word in ("--help", "-h"):
            raise ToolExit(None, 0, usage=True)
        if word in COMMON_OPTIONS:
            options.common.take(word, words)
        elif word == "--all":
            options.all = True
        elif word in ("--yes", "-y"):
            options.yes = True
        elif word == "--impact":
            if not words:
                raise ToolExit("--impact needs a value", usage=True)
            options.impact = words.pop(0)
        elif word == "--":
            options.requested += words
            break
        elif word.startswith("-") and len(word) > 1:
            raise ToolExit(f"unknown option '{word}'", usage=True)
        else:
            options.requested.append(word)
    options.common.settle()
    return options


def check(options: Options, environ: Mapping[str, str]) -> Plan:
    """Never under CI; a cases folder; the cases, by name or --all; an
    engine. The plan, each case resolved."""
    ci = environ.get("CI", "")
    if ci and not options.impact:
        raise ToolExit(f"refusing to run with CI set ('{ci}'): goldens are re-recorded by a person "
                       "who has read the diff")
    if not os.path.isdir(options.common.cases):
        raise ToolExit(f"no cases directory '{options.common.cases}'")
    cases = shown_path(options.common.cases)
    requested = options.requested
    if options.all:
        if requested:
            raise ToolExit("give either --all or case names, not both")
        requested = list_ids(cases)
    if not requested:
        raise ToolExit(None, usage=True)
    if not is_executable(options.common.engine):
        raise ToolExit(f"engine '{options.common.engine}' is not an executable (run make)")
    return Plan(options.common.engine, cases, tuple(resolve(cases, wanted) for wanted in requested), options.yes,
                options.impact, ci, options.common.program)


def resolve(cases: str, wanted: str) -> str:
    """The path prefix of the case WANTED: category/name under CASES, or
    the path of one of its files, or its prefix."""
    prefix = wanted.rsplit(".", 1)[0] if CASE_FILE.search(wanted) else wanted
    for candidate in (f"{cases}/{prefix}", prefix):
        if os.path.isfile(f"{candidate}.in"):
            return candidate
    raise ToolExit(f"no case '{wanted}' (neither {cases}/{prefix}.in nor {prefix}.in exists)")
