"""check's options: the command line (argparse) into one dataclass, then
checked with today's messages. Bad usage is status 2 (UsageError), a
program that cannot be checked status 1."""

from __future__ import annotations

import argparse
import os
import re
import shutil
from dataclasses import dataclass, field
from typing import Optional, Sequence

from harness import games, paths

NAME = "scripts/check-engine"


class UsageError(Exception):
    """Bad usage: the message (after "check-engine: "), exit 2; with
    SHOW_USAGE the usage follows on stderr."""

    def __init__(self, message: str, show_usage: bool = False) -> None:
        super().__init__(message)
        self.show_usage = show_usage


class HelpRequested(Exception):
    pass


@dataclass
class Options:
    """Every option of check, as given and then as checked."""

    engine: str = ""
    program: str = games.DEFAULT
    profile: str = ""
    compare: str = "exact"
    categories: list[str] = field(default_factory=list)
    excluded: list[str] = field(default_factory=list)
    jobs: str = ""
    timeout: str = "10"
    exact_stderr: bool = False
    memcheck: str = "0"
    sandbox: bool = True
    older_standards: bool = True
    diagnose: bool = True
    stop_after_hangs: str = "0"
    build: str = ""
    cases: str = ""
    output: str = ""
    show: str = "5"
    name: str = NAME
    # (after check(): the game, the folder's real path, the program's)
    engine_folder: Optional[str] = None
    engine_path: Optional[str] = None

    @property
    def jobs_count(self) -> int:
        return int(self.jobs)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # (argparse's own wording for a missing value)
        raise UsageError(message)


def _parser() -> _Parser:
    parser = _Parser(add_help=False, allow_abbrev=False)
    add = parser.add_argument
    add("--help", "-h", action="store_true")
    for option in ("--program", "--profile", "--compare", "--jobs", "--timeout", "--memcheck",
                   "--stop-after-hangs", "--cases", "--output", "--show"):
        add(option, nargs="?", const="")
    add("--category", action="append", nargs="?", const="", default=[])
    add("--exclude", action="append", nargs="?", const="", default=[])
    add("--build", nargs="?", const="")
    add("--exact-stderr", action="store_true")
    add("--no-sandbox", action="store_true")
    add("--no-old-standards", action="store_true")
    add("--no-diagnose", action="store_true")
    return parser


def parse(argv: Sequence[str]) -> Options:
    """The options of ARGV (after an optional `--as NAME`)."""
    argv = list(argv)
    options = Options(jobs=str(2 * (os.cpu_count() or 1)), output=str(paths.BUILD / "check-engine"))
    if len(argv) >= 2 and argv[0] == "--as" and argv[1]:
        options.name, argv = argv[1], argv[2:]
    known, rest = _parser().parse_known_args(argv)
    if known.help:
        raise HelpRequested()
    for item in rest:
        if item.startswith("-") and item != "-":
            raise UsageError(f"unknown option '{item}'", show_usage=True)
    if len(rest) > 1:
        raise UsageError(f"one program at a time ('{rest[0]}', then '{rest[1]}')")
    options.engine = rest[0] if rest else ""
    for name in ("program", "profile", "compare", "jobs", "timeout", "memcheck", "stop_after_hangs", "cases",
                 "output", "show"):
        value = getattr(known, name)
        if value is not None:
            setattr(options, name, value)
    if any(not category for category in known.category):
        raise UsageError("--category needs a name")
    if any(not category for category in known.exclude):
        raise UsageError("--exclude needs a name")
    if known.build is not None and not known.build:
        raise UsageError("--build needs a command")
    options.categories, options.excluded, options.build = known.category, known.exclude, known.build or ""
    options.exact_stderr, options.sandbox = known.exact_stderr, not known.no_sandbox
    options.older_standards, options.diagnose = not known.no_old_standards, not known.no_diagnose
    return options


def _whole(text: str, positive: bool = False) -> bool:
    return bool(re.fullmatch(r"[1-9][0-9]*" if positive else r"[0-9]+", text))


def shorten(path: str) -> str:
    """PATH as short as it can be while still working from here: relative
    when under the current folder (realpath -s --relative-base=.)."""
    absolute = os.path.normpath(os.path.join(os.getcwd(), path))
    here = os.getcwd()
    if absolute == here:
        return "."
    if absolute.startswith(here.rstrip("/") + "/"):
        return os.path.relpath(absolute, here)
    return absolute


def check(options: Options, valgrind: bool) -> games.Game:
    """The options' values checked (UsageError), paths made short; the game.
    VALGRIND: whether Valgrind is there (for --memcheck)."""
    if not options.engine:
        raise UsageError("", show_usage=True)
    try:
        game = games.get(options.program)
    except games.UnknownGame:
        raise UsageError(f"--program is {games.choices()}") from None
    if options.profile not in ("", "assignment", "strict"):
        raise UsageError("--profile is assignment or strict")
    if options.compare not in ("exact", "whitespace"):
        raise UsageError("--compare is exact or whitespace")
    options.cases = options.cases or str(paths.TESTDATA / options.program)
    for value, positive, message in ((options.jobs, True, "--jobs needs a positive whole number"),
                                     (options.show, False, "--show needs a whole number"),
                                     (options.memcheck, False, "--memcheck needs a whole number"),
                                     (options.stop_after_hangs, False, "--stop-after-hangs needs a whole number")):
        if not _whole(value, positive):
            raise UsageError(message)
    if not re.fullmatch(r"[0-9]*\.?[0-9]+", options.timeout):
        raise UsageError("--timeout needs a number of seconds")
    if not options.output:
        raise UsageError("--output needs a directory")
    if int(options.memcheck) > 0 and not valgrind:
        raise UsageError("--memcheck needs Valgrind (Debian package: valgrind)")
    _check_engine(options)
    if not os.path.isdir(options.cases):
        raise UsageError(f"no cases directory '{options.cases}'")
    output_path = os.path.realpath(options.output)
    folder = options.engine_folder
    if folder and (output_path == folder or output_path.startswith(folder + "/")):
        raise UsageError(f"--output '{options.output}' is inside the FOLDER '{options.engine}': choose another")
    options.cases, options.output = shorten(options.cases), shorten(options.output)
    if not folder:
        options.engine_path = os.path.realpath(options.engine)
    return game


def _check_engine(options: Options) -> None:
    """The program: a folder (its real path), or an executable file (a bare
    name looked up on PATH, as a shell would, else in the current folder)."""
    engine = options.engine
    if os.path.isdir(engine):
        options.engine_folder = os.path.realpath(engine)
    elif "/" not in engine:
        options.engine = shutil.which(engine) or f"./{engine}"
    if not options.engine_folder and not (os.path.isfile(options.engine) and os.access(options.engine, os.X_OK)):
        raise UsageError(f"'{options.engine}' is neither an executable file nor a folder")
    if options.build and not options.engine_folder:
        raise UsageError("--build needs a FOLDER of sources, not a program")

