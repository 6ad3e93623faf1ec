"""thresholds, `python3 -m harness.diagnose.thresholds`: the figures of the
README's table of thresholds for one program checked by check-engine
(its OUTPUT folder): with every failing case examined and no threshold at
all, the most failing cases a catalogue fault reproduces (first) and the
most cases the next greedy fault adds (next). `--without CODE` leaves a
fault out of the catalogue, so that a program whose fault is catalogued
stands for one whose fault is not."""
import argparse
import csv
import os
import sys
import time

from harness import paths
from harness.diagnose import catalogue, corpusruns, evaluate, ranking, results, runcache
from harness.diagnose import game as games
from harness.diagnose.compare import Judge
from harness.diagnose.diagnosis import build_all

PROG = "python3 -m harness.diagnose.thresholds"


def parse(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", default="checkers", choices=games.names())
    parser.add_argument("--results", required=True, metavar="OUTPUT", help="check-engine's --output folder")
    parser.add_argument("--cases", metavar="DIR", help="the corpus (default: testdata/PROGRAM)")
    parser.add_argument("--without", action="append", default=[], metavar="CODE",
                        help="a fault left out of the catalogue (again for more)")
    parser.add_argument("--jobs", type=int, default=evaluate.default_jobs())
    return parser.parse_args(argv)


def checked(output):
    """How many cases check-engine's results.tsv holds."""
    with open(os.path.join(output, "results.tsv"), newline="") as handle:
        return sum(1 for _ in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def figures(args):
    """(failing, [(code, cases it adds)...]): the greedy causes with no threshold."""
    codes = [code for code in catalogue.Catalogue().by_code(args.program) if code not in args.without]
    cases_dir = args.cases or str(paths.TESTDATA / args.program)
    cases = results.load(args.program, results.failing(args.results), cases_dir, args.results, None)
    judge_path = games.facts(args.program).judge
    judge = Judge(results.judge_binary(judge_path)) if judge_path else None
    forever = time.monotonic() + 10 ** 6
    work = evaluate.Evaluation(args.program, judge, args.jobs, forever,
                               runcache.RunCache(str(paths.BUILD / "faults" / "runs")),
                               corpusruns.Reader(corpusruns.path_for(str(paths.BUILD), args.program)))
    examined, singles = work.run(cases, build_all(args.program, codes, forever))
    causes = ranking.choose(singles, {}, len(examined), codes, least=lambda first: 1)
    return len(examined), [(cause.codes[0], len(cause.adds)) for cause in causes]


def main(argv):
    args = parse(argv)
    failing, causes = figures(args)
    print("failing %d of %d" % (failing, checked(args.results)))
    for label, (code, adds) in zip(("first", "next"), causes):
        print("%s %s %d (%.1f%%)" % (label, code, adds, 100.0 * adds / failing))
    if not causes:
        print("first none")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
