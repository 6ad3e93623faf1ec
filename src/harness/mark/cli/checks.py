"""checks.py -- scripts/mark's options judged before any work: their values,
the files they name, the tools they need (each refusal "mark: ...", exit 2),
then the cases they choose, and the scheme, deadline and manual marks read
as the report will read them."""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from harness import games, paths, sandbox
from harness.cases import corpus
from harness.mark.feedback.__main__ import main as feedback_main
from harness.mark.report.inputs import InputError, load_inputs

from .options import Options, Stop
from .usage import usage

WHOLE, POSITIVE, NUMBER = r"[0-9]+", r"[1-9][0-9]*", r"[0-9]*\.?[0-9]+"
# (value's field, pattern, what it needs): in the order the shell checked them.
VALUES = (("profile", r"|assignment|strict", "--profile is assignment or strict"),
          ("jobs", r"|" + POSITIVE, "--jobs needs a positive whole number"),
          ("check_jobs", POSITIVE, "--check-jobs needs a positive whole number"),
          ("memcheck", WHOLE, "--memcheck needs a whole number"),
          ("timeout", NUMBER, "--timeout needs a number of seconds"),
          ("compile_timeout", WHOLE, "--compile-timeout needs a whole number of seconds"),
          ("compare", r"exact|whitespace", "--compare is exact or whitespace"),
          ("lateness.penalty", NUMBER, "--late-penalty needs a number of marks"))


@dataclass(frozen=True)
class Selection:
    """The corpus (its folder), and the ids of the cases every submission is marked on."""

    cases: Path
    ids: tuple[str, ...]


def check(options: Options) -> Options:
    """OPTIONS judged, with the scheme's default filled in; Stop when one
    cannot be used."""
    if not options.submissions and not options.lateness.submitted:
        sys.stderr.write(usage())
        raise Stop("", 2)
    if options.program not in games.names():
        raise Stop("--program is %s" % games.choices())
    for name, pattern, needs in VALUES:
        if not re.fullmatch(pattern, functools.reduce(getattr, name.split("."), options)):
            raise Stop(needs)
    scheme = options.scheme or str(paths.SRC / "mark" / "schemes" / ("%s.tsv" % options.program))
    options = dataclasses.replace(options, scheme=scheme)
    for file in (options.scheme, options.manual, options.lateness.submitted, options.lateness.extensions, *options.similarity.bases):
        if file and not os.path.isfile(file):
            raise Stop("no file '%s'" % file)
    if options.remote.sshloginfile and not os.path.isfile(options.remote.sshloginfile):
        raise Stop("no sshloginfile '%s'" % options.remote.sshloginfile)
    check_tools(options)
    if options.feedback_args and feedback_main(["--check", *options.feedback_args]) != 0:
        raise Stop("", 2)
    return options


def check_tools(options: Options) -> None:
    """The tools the options need: GNU parallel (for --sshloginfile), Jinja2
    (the report's pages), Valgrind (--memcheck), rsync (--sshloginfile), the
    sandbox's driver (built when missing, for a run on this machine)."""
    if not has_tool("parallel"):
        raise Stop("GNU parallel is needed (Debian package: parallel)")
    if importlib.util.find_spec("jinja2") is None:
        raise Stop("the report needs Python 3 with Jinja2 (Debian package: python3-jinja2)")
    if int(options.memcheck) > 0 and not has_tool("valgrind"):
        raise Stop("--memcheck needs Valgrind (Debian package: valgrind); --memcheck 0 marks without it")
    if options.remote.sshloginfile and shutil.which("rsync") is None:
        raise Stop("--sshloginfile needs rsync here and on every machine (Debian package: rsync)")
    if not options.remote.sshloginfile:
        sys.stdout.flush()
        sandbox.ensure_built()
        if not os.access(sandbox.SANDBOX, os.X_OK):
            raise Stop("cannot build the sandbox driver (make build/sandbox)")


def has_tool(tool: str) -> bool:
    """src/tools/ensure-tools's probe of TOOL (the one list of the tools)."""
    return subprocess.run([str(paths.SRC / "tools" / "ensure-tools"), "--check", tool],
                          stdout=subprocess.DEVNULL, check=False).returncode == 0


def choose(options: Options) -> tuple[Options, Selection]:
    """The profile (assignment unless given, strict when assignment would
    hold no case) and the cases, as check-engine will take them; the
    scheme, the deadline and the manual marks read (exit 2 before any work)."""
    cases = paths.TESTDATA / options.program
    if not options.profile:
        profile = "assignment"
        if not corpus.select_ids(cases, profile):
            print("mark: profile assignment holds no %s case (%s/strict-only says why); marking with profile "
                  "strict" % (options.program, cases), flush=True)
            profile = "strict"
        options = dataclasses.replace(options, profile=profile)
    unknown = corpus.unknown_categories(cases, [*options.wanted, *options.excluded])
    if unknown:
        raise Stop("no category '%s' (there are: %s)"
                   % (unknown[0], "".join(name + " " for name in corpus.categories(cases))))
    ids = corpus.select_ids(cases, options.profile, options.wanted, options.excluded)
    if not ids:
        raise Stop("no cases to mark with (profile %s)" % options.profile)
    try:
        load_inputs(options.scheme, ids, options.lateness.deadline, options.lateness.penalty, options.manual)
    except InputError as error:
        raise Stop(str(error)) from None
    return options, Selection(cases, tuple(ids))
