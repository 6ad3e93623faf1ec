"""mark-one's command line: its usage, its options as a dataclass, and the
checks made before anything is touched (the messages name the program as
its usage does, `mark-one: ...`, exit status 2)."""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from harness import games, paths

USAGE = """\
usage: src/mark/mark-one [options] NAME
Marks the submission whose files are in submissions/NAME/sources (relative
to the current directory) and writes, beside them:
  program           the executable (built from C or C++, or handed in)
  built/            a Java, C# or Python program's folder, built, run from there
  compile.txt       the compile command and the compiler's messages (after
                    them, when the older standard built it, the handout's
                    command's)
  check/1, check/2  check-engine's --output of its two runs (results.tsv,
                    junit.xml, failures/, memcheck/), check/results.tsv
                    the two merged
  check-engine.txt  what check-engine printed
  deliverables/     draughts: output.txt, what the program wrote for the
                    handed-in input.txt, and output.diff against the
                    handed-in output.txt (src/harness/mark/deliverables.py)
  result.tsv        the submission's row, as "field<TAB>value" lines
  done              written last: the submission's key
Options (scripts/mark passes them; see scripts/mark --help):
  --program P --profile PR --compile CMD --compile-timeout S --timeout S
  --memcheck N --check-jobs N --category C... --exclude C... --no-sandbox
  --no-old-standards  no second build with the older standard (-std=gnu++98)
                     when the handout's command fails
  --compare exact|whitespace   check-engine's comparison of stdout (default:
                     exact; whitespace: a stdout that differs only in white
                     space passes, see scripts/check-engine --help)
  --key KEY          written to `done` when finished (default: the
                     content of submissions/NAME/key)
  --corpus-hash H    refuse to mark when this machine's corpus differs
  --totals C=N,...   the categories checked and their numbers of cases
                     (default: counted here from the corpus)
Prints one line: NAME, state, passed/total, warnings, seconds.
"""

# The options that take a value (their dataclass field: the name without
# the dashes, - as _). --build-cache DIR is scripts/mark's alone and not in
# USAGE (the record of the bash worker's usage, harness/mark/tests/one-record,
# is never made again): the folder of the class run's builds on this machine,
# kept by their inputs (build_cache.py; src/mark/README.md, "Copies build once").
VALUED = ("--program", "--profile", "--compare", "--compile", "--compile-timeout", "--timeout", "--memcheck",
          "--check-jobs", "--key", "--corpus-hash", "--totals", "--build-cache")
COMPARES = ("exact", "whitespace")


@dataclass(frozen=True)
class Options:
    """What mark-one is asked to do, set once and only read after."""

    name: str
    program: str = games.DEFAULT
    profile: str = "assignment"
    compile: str = ""
    compile_timeout: str = "60"
    compare: str = "exact"
    timeout: str = "10"
    memcheck: int = 0
    check_jobs: str = "1"
    wanted: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    sandbox: bool = True
    older_standards: bool = True
    key: str = ""
    corpus_hash: str = ""
    totals: str = ""
    build_cache: str = ""

    @property
    def folder(self) -> str:
        return f"submissions/{self.name}"

    @property
    def cases(self) -> Path:
        return paths.TESTDATA / self.program


def die(message: str) -> NoReturn:
    print(f"mark-one: {message}", file=sys.stderr)
    sys.exit(2)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        die(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="src/mark/mark-one", add_help=False, allow_abbrev=False)
    for option in VALUED:
        parser.add_argument(option)
    parser.add_argument("--category", action="append", default=[])
    parser.add_argument("--exclude", action="append", default=[])
    parser.add_argument("--no-sandbox", action="store_true")
    parser.add_argument("--no-old-standards", action="store_true")
    parser.add_argument("--help", "-h", action="store_true")
    return parser


def _joined(argv: list[str]) -> list[str]:
    """ARGV with each valued option and its value as one word (--key=VALUE),
    so that a value may begin with a dash, as the bash worker took it."""
    out, rest = [], list(argv)
    while rest:
        word = rest.pop(0)
        if word in VALUED + ("--category", "--exclude") and rest:
            word = f"{word}={rest.pop(0)}"
        out.append(word)
    return out


def _name(words: list[str]) -> str:
    """The one name among the words argparse left (in their order: an
    unknown option or a second name, whichever comes first, is refused)."""
    name = ""
    for word in words:
        if word.startswith("-") and word != "-":
            die(f"unknown option '{word}'")
        if name:
            die("one submission at a time")
        name = word
    return name


def _pwd() -> str:
    """The current folder as bash's pwd says it ($PWD when it is this one)."""
    logical = os.environ.get("PWD", "")
    try:
        if logical and os.path.samefile(logical, "."):
            return logical
    except OSError:
        pass
    return os.getcwd()


def parse(argv: list[str]) -> Options:
    """The options of ARGV; --help prints the usage (exit 0); a mistake
    exits 2 with its message, no name with the usage."""
    if any(word in ("--help", "-h") for word in _joined(argv)):
        sys.stdout.write(USAGE)
        sys.exit(0)
    args, left = _parser().parse_known_args(_joined(argv))
    name = _name(left)
    if not name:
        sys.stderr.write(USAGE)
        sys.exit(2)
    if (args.compare or "exact") not in COMPARES:
        die("--compare is exact or whitespace")
    program = args.program or games.DEFAULT
    if program not in games.names():
        die(f"--program is {games.choices()}")
    given = {option[2:].replace("-", "_"): getattr(args, option[2:].replace("-", "_")) for option in VALUED}
    given = {key: value for key, value in given.items() if value is not None}
    if "memcheck" in given:
        given["memcheck"] = _count(given["memcheck"])
    options = Options(name=name, **given, wanted=tuple(args.category), excluded=tuple(args.exclude),
                      sandbox=not args.no_sandbox, older_standards=not args.no_old_standards)
    if not os.path.isdir(f"{options.folder}/sources"):
        die(f"no folder '{options.folder}/sources' in {_pwd()}")
    if not options.cases.is_dir():
        die(f"no corpus '{options.cases}'")
    return options


def _count(memcheck: str) -> int:
    try:
        return int(memcheck)
    except ValueError:
        die(f"--memcheck takes a number of cases per category, not '{memcheck}'")
