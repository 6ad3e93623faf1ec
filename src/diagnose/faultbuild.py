"""Builds faulted references: the engine's sources copied, the fault's
patches applied (several for faults together), compiled as the Makefile
compiles the engines."""
import glob
import os
import shutil
import subprocess

import catalogue


# The Makefile's WARNINGS and CFLAGS (`make faults` passes its own).
FLAGS = "-std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror -O2 -g"


class BuildError(Exception):
    pass


def newest(paths):
    return max(os.path.getmtime(path) for path in paths)


def sources(game):
    folder = os.path.join(catalogue.TOP, "src", game)
    return sorted(glob.glob(os.path.join(folder, "*.[ch]")))


def up_to_date(target, inputs):
    return os.path.exists(target) and os.path.getmtime(target) >= newest(inputs)


def apply(tree, patch):
    run = subprocess.run(["patch", "-s", "-p1", "--no-backup-if-mismatch", "-d", tree,
                          "-i", patch], capture_output=True, text=True)
    if run.returncode != 0:
        raise BuildError("%s does not apply: %s" % (os.path.relpath(patch, catalogue.TOP),
                                                   (run.stdout + run.stderr).strip()))


def build(game, codes, compiler, flags, build_dir):
    """build/faults/GAME/CODE[+CODE] from the engine's sources and the
    patches; rebuilt only when a source or patch is newer. Returns its path."""
    faults = catalogue.by_code(game)
    unknown = [code for code in codes if code not in faults]
    if unknown:
        raise BuildError("no fault %s in faults/%s.tsv" % (", ".join(unknown), game))
    patches = [catalogue.patch_path(faults[code]) for code in codes]
    files = sources(game)
    target = catalogue.binary(build_dir, game, codes)
    if up_to_date(target, files + patches):
        return target
    tree = target + ".src"
    shutil.rmtree(tree, ignore_errors=True)
    os.makedirs(tree)
    for path in files:
        shutil.copy(path, tree)
    for patch in patches:
        apply(tree, patch)
    units = sorted(glob.glob(os.path.join(tree, "*.c")))
    run = subprocess.run(compiler.split() + flags.split() + ["-o", target] + units,
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise BuildError("%s/%s does not build:\n%s" % (game, "+".join(codes), run.stderr))
    return target
