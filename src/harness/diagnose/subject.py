"""A benchmark subject, `python3 -m harness.diagnose.subject [--fault
CODE]`: a fast compiled draughts program whose moves come in another
order than the reference's, with a catalogued fault, as a student could
hand it in (no hook, no environment variable): the engine's sources, every
node's moves reversed (src/diagnose/subjects/draughts-reversed.patch) and
the fault's patch applied, built into build/bench/draughts-reversed/CODE
(a rebuild only when a source or patch is newer). Its diagnosis runs every
fault again in its order (README, "Under the program's own order"); the
benchmark (bench.py) times it against check-engine's."""
import argparse
import os
import sys

from harness import paths
from harness.diagnose import catalogue as catalogues
from harness.diagnose import faultbuild

PROG = "python3 -m harness.diagnose.subject"
REVERSED = os.path.join(str(paths.SRC), "diagnose", "subjects", "draughts-reversed.patch")
# The subject's name (bench --program NAME, build/bench/NAME/): its patch's.
NAME = os.path.basename(REVERSED)[:-len(".patch")]
FAULT = "prune-strict"  # the draughts fault failing the most cases


def build(fault=FAULT, builder=None):
    """build/bench/draughts-reversed/FAULT (BUILDER's build folder, compiler
    and flags, without the diagnosis's hooks); its path.
    faultbuild.BuildError when a patch does not apply or it does not build."""
    builder = builder or faultbuild.Builder()
    row = builder.catalogue.by_code("draughts").get(fault)
    if row is None:
        raise faultbuild.BuildError("no fault %s in faults/draughts.tsv" % fault)
    patches = [REVERSED, builder.catalogue.patch_path(row)]
    target = os.path.join(builder.build_dir, "bench", NAME, fault)
    if faultbuild.up_to_date(target, faultbuild.sources("draughts") + patches):
        return target
    tree = faultbuild.fresh_tree("draughts", target)
    for patch in patches:
        faultbuild.apply(tree, patch)
    run = faultbuild.compile_tree(tree, target, builder.compiler, builder.flags)
    if run.returncode != 0:
        raise faultbuild.BuildError("%s/%s does not build:\n%s" % (NAME, fault, run.stderr))
    return target


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--fault", default=FAULT, help="the catalogued draughts fault (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        print(build(args.fault))
    except (faultbuild.BuildError, catalogues.CatalogueError) as error:
        print("subject: %s" % error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
