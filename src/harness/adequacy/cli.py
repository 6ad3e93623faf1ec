"""cli.py -- `python3 -m harness.adequacy`: the faults of the catalogue
built, run on every case of the corpus, and the table and page written
(OUTPUT/PROGRAM.tsv, OUTPUT/PROGRAM.html). Exit status 0 whatever the
corpus catches; 2 on bad usage or a fault that does not build (one line
on stderr)."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path
from typing import Optional

from harness import games, paths
from harness.adequacy import catches, mutants, page, table
from harness.diagnose import catalogue, faultbuild, runcache
from harness.diagnose import game as diagnose_games
from harness.diagnose.compare import Judge

PROG = "python3 -m harness.adequacy"


@dataclasses.dataclass(frozen=True)
class Options:
    program: str
    cases: str
    output: str
    profile: str
    jobs: int
    run_cache: str
    build: str
    faults: str
    mutants: int = 0


def parse(argv: list[str]) -> Options:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__)
    parser.add_argument("--program", default="checkers", choices=diagnose_games.names(),
                        help="the game (default: checkers)")
    parser.add_argument("--cases", metavar="DIR", help="the corpus (default: testdata/PROGRAM)")
    parser.add_argument("--output", metavar="DIR", default=str(paths.BUILD / "adequacy"),
                        help="where PROGRAM.tsv and PROGRAM.html go (default: build/adequacy)")
    parser.add_argument("--profile", choices=catches.PROFILES, default="strict",
                        help="how a run is judged, as check-engine's profile (default: strict)")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)),
                        help="runs at once (default: the cores)")
    parser.add_argument("--run-cache", metavar="DIR", default=str(paths.BUILD / "faults" / "runs"),
                        help="the diagnosis's kept runs (default: build/faults/runs; none: every run afresh)")
    parser.add_argument("--build", metavar="DIR", default=str(paths.BUILD),
                        help="the build folder of the faulted references (default: build)")
    parser.add_argument("--faults", metavar="DIR", default=catalogue.DEFAULT_FOLDER,
                        help="the catalogue's folder (default: src/diagnose/faults)")
    parser.add_argument("--mutants", metavar="N", type=int, default=0,
                        help="also N of scripts/mutants' mutants, spread over its list, a row each (default: 0)")
    args = parser.parse_args(argv)
    return Options(args.program, args.cases or str(paths.TESTDATA / args.program), args.output,
                   args.profile, args.jobs, args.run_cache, args.build, args.faults, max(0, args.mutants))


def judge_of(options: Options) -> Optional[Judge]:
    """The assignment profile's judge, when the game has one (built by make)."""
    binary = diagnose_games.facts(options.program).judge
    if options.profile != "assignment" or not binary:
        return None
    if not os.access(binary, os.X_OK):
        raise faultbuild.BuildError("%s is not built (make)" % os.path.relpath(binary, paths.ROOT))
    return Judge(binary)


def run(options: Options) -> table.Summary:
    """Builds the faults, runs them, writes the table and the page."""
    faults = catalogue.Catalogue(options.faults)
    builder = faultbuild.Builder(options.build, catalogue=faults)
    rows = faults.read(options.program)
    binaries = {row["code"]: builder.build(options.program, [row["code"]]) for row in rows}
    descriptions = {row["code"]: row["description"] for row in rows}
    if options.mutants:
        planted, said, stillborn = mutants.built(options.program, options.mutants, builder)
        binaries.update(planted)
        descriptions.update(said)
        print("adequacy: %d mutants built (%d stillborn, left out)" % (len(planted), stillborn))
    cache = None if options.run_cache == "none" else runcache.RunCache(options.run_cache)
    setup = catches.Setup(options.program, options.cases, options.profile, options.jobs, cache,
                          judge_of(options))
    ids, caught = catches.catches(setup, binaries)
    summary = table.summarize(options.cases, ids, caught)
    output = Path(options.output)
    output.mkdir(parents=True, exist_ok=True)
    table.write_tsv(output / (options.program + ".tsv"), summary.rows)
    html = page.render(games.get(options.program).title, options.profile, summary, descriptions)
    (output / (options.program + ".html")).write_text(html, encoding="utf-8")
    return summary


def main(argv: list[str]) -> int:
    options = parse(argv)
    if not os.path.isdir(options.cases):
        print("%s: no corpus at %s" % (PROG, options.cases), file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        summary = run(options)
    except (faultbuild.BuildError, catalogue.CatalogueError) as error:
        print("%s: %s" % (PROG, str(error).split("\n", 1)[0]), file=sys.stderr)
        return 2
    print("adequacy: %d faults, %d cases (profile %s), %.1f s" % (len(summary.rows), summary.cases,
                                                                 options.profile, time.monotonic() - started))
    print("  no case catches: %s" % (", ".join(summary.uncaught) or "none"))
    print("  one case alone catches: %s" % (", ".join("%s (%s)" % (row.fault, row.only_case)
                                                      for row in summary.alone) or "none"))
    print("  cases catching no fault: %d" % len(summary.idle))
    print("  %s" % os.path.join(options.output, options.program + ".tsv"))
    return 0
