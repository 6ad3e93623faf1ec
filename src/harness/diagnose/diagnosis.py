"""The diagnosis, `python3 -m harness.diagnose`: the likely cause of a
program's failures, from check-engine's OUTPUT folder: the catalogue's
faulted references are run on the failing cases and ranked by how many
each reproduces (src/diagnose/README.md)."""
import argparse
import os
import sys
import time

from harness import paths
from harness.cases import corpus
from harness.diagnose import catalogue, corpusruns, evaluate, example, faultbuild, ranking, results, runcache
from harness.diagnose import game as games
from harness.diagnose.compare import Judge

PROG = "python3 -m harness.diagnose"


def parse(argv):
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Names the likely cause of a program's failures: runs the faults of "
        "src/diagnose/faults/PROGRAM.tsv on the failing cases of check-engine's "
        "OUTPUT folder, writes OUTPUT/causes.tsv (code, description, reproduced, "
        "failures; best first; a header only when nothing fits) and "
        "OUTPUT/causes-cases.tsv (code, case), and prints a 'likely cause:' line per "
        "cause. Exit 0 (with or without a cause), 2 on bad usage or missing data.")
    parser.add_argument("--program", default="checkers", choices=games.names(),
                        help="the game (default: checkers)")
    parser.add_argument("--results", required=True, metavar="OUTPUT",
                        help="check-engine's --output folder: results.tsv, and the "
                        "program's run of each failing case in outputs/CASE.out, .status")
    parser.add_argument("--budget", type=float, default=60.0, metavar="SECONDS",
                        help="time for the whole diagnosis, builds included (default: 60)")
    parser.add_argument("--engine", metavar="BIN", help="a trusted program to rerun "
                        "(outside any sandbox) on the failing cases whose run OUTPUT lacks")
    parser.add_argument("--cases", metavar="DIR", help="the corpus (default: testdata/PROGRAM)")
    parser.add_argument("--max-cases", type=int, default=0, metavar="N",
                        help="failing cases examined at most, taken in turn from each "
                        "category (default: 0, every failing case; the budget may "
                        "still cut it)")
    parser.add_argument("--jobs", type=int, default=evaluate.default_jobs(), metavar="N",
                        help="runs at once (default: the cores)")
    parser.add_argument("--run-cache", metavar="DIR", default=str(paths.BUILD / "faults" / "runs"),
                        help="where the faulted references' runs are kept between diagnoses "
                             "(default: build/faults/runs; 'none': not kept)")
    parser.add_argument("--corpus-runs", metavar="FILE",
                        help="the faulted references' runs on the whole corpus that `make faults` "
                             "kept, read first (default: build/faults/PROGRAM.runs; 'none': not read)")
    return parser.parse_args(argv)


def build_all(game, names, deadline):
    """{name: (binary, match)} of the faults (NAME or A+B) built in time."""
    faults = catalogue.Catalogue().by_code(game)
    builder = faultbuild.Builder()
    built = {}
    for name in names:
        if time.monotonic() > deadline:
            break
        codes = name.split("+")
        try:
            binary = builder.build(game, codes)
        except faultbuild.BuildError as error:
            print("diagnose: %s" % error, file=sys.stderr)
            continue
        matches = {faults[code]["match"] for code in codes}
        built[name] = (binary, "judge" if "judge" in matches else sorted(matches)[0])
    return built


def diagnose(args, deadline):
    faults = catalogue.Catalogue().by_code(args.program)
    cases_dir = args.cases or str(paths.TESTDATA / args.program)
    failing = results.failing(args.results)
    chosen = results.sample(failing, args.max_cases)
    judge = None
    if games.facts(args.program).judge:
        judge = Judge(results.judge_binary(games.facts(args.program).judge))
    cases = results.load(args.program, chosen, cases_dir, args.results, args.engine,
                         judge.binary if judge else None)
    cache = None if args.run_cache == "none" else runcache.RunCache(args.run_cache)
    stored_path = args.corpus_runs or corpusruns.path_for(str(paths.BUILD), args.program)
    stored = None if stored_path == "none" else corpusruns.Reader(stored_path)
    work = evaluate.Evaluation(args.program, judge, args.jobs, deadline, cache, stored)
    examined, singles = work.run(cases, build_all(args.program, list(faults), deadline))
    pairs = {}
    ranked = ranking.order(singles, list(faults))
    if ranking.wants_pairs(singles, ranked, len(examined)):
        names = ["+".join(pair) for pair in ranking.pair_names(ranked, singles)]
        done = [case for case in cases if case.id in examined]
        pairs = work.run(done, build_all(args.program, names, deadline))[1]
    causes = ranking.choose(singles, pairs, len(examined), list(faults))
    ranking.mark_beyond(causes, set(corpus.strict_only(cases_dir, examined)))
    examples = {case.id: example.describe(case) for case in cases
                if any(cause.adds[:1] == [case.id] for cause in causes)}
    ranking.write(os.path.join(args.results, "causes.tsv"), causes, faults, len(examined))
    ranking.write_cases(os.path.join(args.results, "causes-cases.tsv"), causes)
    if len(examined) < len(failing):
        print("diagnosis: %d of %d failing cases examined" % (len(examined), len(failing)))
    for line in ranking.lines(causes, faults, len(examined), examples):
        print(line)


def main(argv):
    args = parse(argv)
    deadline = time.monotonic() + args.budget
    try:
        diagnose(args, deadline)
    except (catalogue.CatalogueError, results.DataError) as error:
        print("diagnose: %s" % error, file=sys.stderr)
        return 2
    return 0


