"""check-catalogue, `python3 -m harness.diagnose.check_catalogue`: every
fault of the catalogue still applies, builds, and really changes the
reference: for each, the first corpus case where the faulted reference's
run differs from the golden one (stdout, or checkers' exit status). A
fault that changes nothing is an error."""
import argparse
import glob
import os
import sys

from harness import paths
from harness.diagnose import catalogue, faultbuild, runs
from harness.diagnose import game as games

PROG = "python3 -m harness.diagnose.check_catalogue"


def first_difference(game, binary, cases_dir):
    for path in sorted(glob.glob(os.path.join(cases_dir, "*", "*.in"))):
        case_id = os.path.relpath(path, cases_dir)[:-3]
        expected = runs.expected(cases_dir, case_id)
        run = runs.run_reference(game, binary, path)
        # (without a judge stdout is compared byte for byte, and the status too)
        if run.out != expected.out or (not games.facts(game).judge and run.status != expected.status):
            return case_id
    return None


def check(builder, game, row):
    """The fault's line ("ok ..." or "FAIL ..."), and whether it failed."""
    name = "%s/%s" % (game, row["code"])
    try:
        binary = builder.build(game, [row["code"]])
    except faultbuild.BuildError as error:
        return "FAIL %s: %s" % (name, error), True
    where = first_difference(game, binary, str(paths.TESTDATA / game))
    if where is None:
        return "FAIL %s: never differs from the reference on testdata/%s" % (name, game), True
    return "ok %s: differs on %s" % (name, where), False


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__)
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help="the games whose faults are checked (default: every game of the catalogue)")
    parser.add_argument("--build", default=str(paths.BUILD),
                        help="build folder (default: the repository's build/)")
    parser.add_argument("--faults", default=catalogue.DEFAULT_FOLDER, metavar="DIR",
                        help="the catalogue's folder (default: src/diagnose/faults)")
    args = parser.parse_args(argv)
    faults = catalogue.Catalogue(args.faults)
    builder = faultbuild.Builder(args.build, catalogue=faults)
    failed = 0
    for game in args.games or faults.games():
        for row in faults.read(game):
            line, wrong = check(builder, game, row)
            print(line)
            failed += wrong
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
