"""overclaim, `python3 -m harness.diagnose.overclaim`: which draughts
faults would claim which other faults' cases, each faulted reference
standing for a program (README, "Under the program's own order"). Each
catalogued fault is run on the chosen categories, in the reference's
order or, with `--order reversed`, in another (every node the reference
prints, its moves reversed; what it does not print, in the reference's
order), and its rejected cases diagnosed as a program's are (evaluate.py,
every fault, no threshold). Prints, per fault: its failing cases, how
many its own fault explains, and every other fault that would explain
some, with how many."""
import argparse
import os
import sys
import tempfile
import time

from harness import paths
from harness.diagnose import catalogue, corpusruns, evaluate, order, results, runs
from harness.diagnose import game as games
from harness.diagnose.compare import Judge
from harness.diagnose.diagnosis import build_all

PROG = "python3 -m harness.diagnose.overclaim"
CATEGORIES = ("examples", "kings", "midgame", "opening")


def parse(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", metavar="GAME", default="draughts",
                        help="a game whose output a judge checks (default: draughts)")
    parser.add_argument("--cases", metavar="DIR", help="its corpus (default: testdata/GAME)")
    parser.add_argument("--category", action="append", metavar="NAME",
                        help="a category of DIR (again for more; default: %s)" % ", ".join(CATEGORIES))
    parser.add_argument("--order", choices=("reference", "reversed"), default="reversed")
    parser.add_argument("--jobs", type=int, default=evaluate.default_jobs())
    return parser.parse_args(argv)


def chosen(cases_dir, categories):
    """The well-formed cases of CATEGORIES: [(id, input path)]."""
    found = []
    for category in categories:
        folder = os.path.join(cases_dir, category)
        for name in sorted(os.listdir(folder)):
            stem = os.path.join(folder, name[:-3])
            if name.endswith(".in") and runs.expected(folder, name[:-3]).status == 0:
                found.append(("%s/%s" % (category, name[:-3]), stem + ".in"))
    return found


def reversed_order(expected_out):
    """The order file of the golden's nodes, each node's moves reversed."""
    cases = [{path: children[::-1] for path, children in nodes.items()}
             for nodes in order.program_orders(expected_out)]
    return order.order_file(cases)


def programs(game, binary, found, cases_dir, how, folder):
    """The fault BINARY as a program: its run on each case, in HOW's order."""
    made = []
    for number, (case_id, input_path) in enumerate(found):
        category, name = case_id.split("/")
        expected = runs.expected(os.path.join(cases_dir, category), name)
        if how == "reversed":
            path = os.path.join(folder, "%d.reversed" % number)
            with open(path, "wb") as handle:
                handle.write(reversed_order(expected.out))
            program = runs.run_in_order(binary, input_path, path)
        else:
            program = runs.run_reference(game, binary, input_path)
        made.append(evaluate.Case(case_id, input_path, expected, program))
    return made


def claims(args, faults, code, found, folder):
    """(failing, {fault: cases it explains}) for the fault CODE as a program."""
    judge = Judge(results.judge_binary(games.facts(args.program).judge))
    forever = time.monotonic() + 10 ** 6
    work = evaluate.Evaluation(args.program, judge, args.jobs, forever, None,
                               corpusruns.Reader(corpusruns.path_for(str(paths.BUILD), args.program)))
    cases = programs(args.program, faults[code][0], found, args.cases, args.order, folder)
    work.program_verdicts(cases)
    failing = [case for case in cases if case.verdict is not None]
    table = work.run(failing, faults)[1]
    return len(failing), {name: len(hits) for name, (hits, _, _) in table.items() if hits}


def main(argv):
    args = parse(argv)
    args.cases = args.cases or str(paths.TESTDATA / args.program)
    codes = list(catalogue.Catalogue().by_code(args.program))
    faults = build_all(args.program, codes, time.monotonic() + 600)
    found = chosen(args.cases, args.category or CATEGORIES)
    print("%d cases, %s order" % (len(found), args.order))
    with tempfile.TemporaryDirectory(prefix="overclaim.") as folder:
        for code in codes:
            failing, claimed = claims(args, faults, code, found, folder)
            others = ", ".join("%s %d" % (name, count) for name, count in sorted(claimed.items())
                               if name != code)
            print("%s: failing %d, own %d; others: %s"
                  % (code, failing, claimed.get(code, 0), others or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
