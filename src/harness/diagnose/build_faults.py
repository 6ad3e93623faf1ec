"""build-faults, `python3 -m harness.diagnose.build_faults`: builds faulted
references of the catalogue (src/diagnose/faults/GAME.tsv) into
build/faults/GAME/CODE (for draughts, and CODE.batch and the judge's
batch binary, batch.py); `make faults` runs it with the Makefile's
compiler and warning flags."""
import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from harness import paths
from harness.diagnose import batch, catalogue, faultbuild

PROG = "python3 -m harness.diagnose.build_faults"


def parse(argv, games):
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Builds each fault of the catalogue (src/diagnose/faults/GAME.tsv), "
        "the reference engine's sources with the fault's patch applied, into "
        "BUILD/faults/GAME/CODE; GAME/CODE1+CODE2 builds two faults together. "
        "With no FAULT, every fault of both games.")
    parser.add_argument("faults", nargs="*", metavar="GAME/CODE[+CODE]")
    parser.add_argument("--game", choices=games,
                        help="with no FAULT, only this game's faults")
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"), help="compiler (default: cc)")
    parser.add_argument("--flags", default=faultbuild.FLAGS, help="compiler flags (default: %(default)s)")
    parser.add_argument("--build", default=str(paths.BUILD),
                        help="build folder (default: the repository's build/)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="builds at once (default: the cores, %(default)s)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    return args


def wanted(args, faults, games):
    """(game, [code...]) of each build asked for."""
    if args.faults:
        for name in args.faults:
            game, _, codes = name.partition("/")
            if game not in games or not codes:
                sys.exit("build-faults: %r is not GAME/CODE[+CODE] (GAME: %s)"
                         % (name, ", ".join(games)))
            yield game, codes.split("+")
        return
    for game in [args.game] if args.game else games:
        for row in faults.read(game):
            yield game, [row["code"]]


def build_one(builder, game, codes):
    """One build asked for; a game with a move-order hook runs its faults
    in a program's own order, so its batch binary too (batch.py)."""
    built = builder.build(game, codes)
    if game in faultbuild.HOOKS:
        batch.fault_batch(builder, built)


def main(argv):
    faults = catalogue.Catalogue()
    games = faults.games()
    args = parse(argv, games)
    builder = faultbuild.Builder(args.build, args.cc, args.flags, faults)
    try:
        builds = list(wanted(args, faults, games))
    except catalogue.CatalogueError as error:
        sys.exit("build-faults: %s" % error)
    failed = 0
    # (each build in a tree and under a name of its own: faultbuild and
    # batch write a scratch file and rename it, so builds run side by side)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        done = [pool.submit(build_one, builder, game, codes) for game, codes in builds]
        for future in done:
            try:
                future.result()
            except faultbuild.BuildError as error:
                print("build-faults: %s" % error, file=sys.stderr)
                failed += 1
    # the judge's batch binary, once, when a game with a hook was built
    if any(game in faultbuild.HOOKS for game, _ in builds):
        try:
            batch.judge_batch(builder)
        except faultbuild.BuildError as error:
            print("build-faults: %s" % error, file=sys.stderr)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
