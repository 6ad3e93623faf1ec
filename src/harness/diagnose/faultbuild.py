"""Builds faulted references: the engine's sources copied, the fault's
patches applied (several for faults together), compiled as the Makefile
compiles the engines."""
import dataclasses
import glob
import os
import shutil
import subprocess

from harness import paths
from harness.diagnose import catalogue as catalogues

# The Makefile's WARNINGS and CFLAGS (`make faults` passes its own).
FLAGS = "-std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror -O2 -g"
# Test-only hooks a faulted reference is built with, beside the flags:
# draughts's children in a program's own order (src/draughts/order.h, its
# code src/diagnose/hooks/draughts-order.c; src/diagnose/README.md "Under
# the program's own order").
HOOKS = {"draughts": "-DDRAUGHTS_MOVE_ORDER_HOOK"}
# What is built into build/ is every user's, whatever the caller's umask
# (the service runs under 077), as harness.sandbox.ensure_built's make.
UMASK = 0o022


class BuildError(Exception):
    pass


def newest(files):
    return max(os.path.getmtime(path) for path in files)


def sources(game):
    """GAME's engine's files (a faulted reference's tree, TARGET.src, holds
    these, patched: a program as a student could hand it in)."""
    folder = os.path.join(paths.SRC, game)
    return sorted(glob.glob(os.path.join(folder, "*.[ch]")))


def hook_sources(game):
    """The C files of GAME's test-only hook (HOOKS; src/diagnose/hooks/
    GAME-*.c, outside the engine's folder, which a copy of hands in as a
    program), compiled with a faulted reference beside its tree, never
    copied into it."""
    if game not in HOOKS:
        return []
    return sorted(glob.glob(os.path.join(paths.SRC, "diagnose", "hooks", game + "-*.c")))


def up_to_date(target, inputs):
    return os.path.exists(target) and os.path.getmtime(target) >= newest(inputs)


def make_folders(path):
    """PATH and the folders above it that are missing, each 0755 (UMASK)
    whatever the caller's umask."""
    missing = []
    while not os.path.isdir(path):
        missing.append(path)
        path = os.path.dirname(path)
    for folder in reversed(missing):
        os.makedirs(folder, exist_ok=True)
        os.chmod(folder, 0o777 & ~UMASK)


def fresh_tree(game, target):
    """TARGET.src: a fresh copy of GAME's sources (with their modes), for
    a fault to be planted in before compile_tree builds TARGET from it."""
    tree = target + ".src"
    shutil.rmtree(tree, ignore_errors=True)
    make_folders(tree)
    for path in sources(game):
        shutil.copy(path, tree)
    return tree


def compile_tree(tree, target, compiler, flags, extra=()):
    """TREE's C files, and the EXTRA ones (a hook's, which find TREE's
    headers), compiled by COMPILER with FLAGS into TARGET, under UMASK
    (every user's, as build/'s other programs): the compiler's run."""
    units = sorted(glob.glob(os.path.join(tree, "*.c"))) + list(extra)
    include = ["-I", tree] if extra else []
    return subprocess.run(compiler.split() + flags.split() + include + ["-o", target] + units,
                          capture_output=True, text=True, check=False, umask=UMASK)


def apply(tree, patch):
    run = subprocess.run(["patch", "-s", "-p1", "--no-backup-if-mismatch", "-d", tree,
                          "-i", patch], capture_output=True, text=True, check=False, umask=UMASK)
    if run.returncode != 0:
        raise BuildError("%s does not apply: %s" % (os.path.relpath(patch, paths.ROOT),
                                                   (run.stdout + run.stderr).strip()))


@dataclasses.dataclass(frozen=True)
class Builder:
    """How faulted references are built: from which catalogue, with which
    compiler and flags, into which build folder (BUILD/faults/GAME/...)."""

    build_dir: str = str(paths.BUILD)
    compiler: str = dataclasses.field(default_factory=lambda: os.environ.get("CC", "cc"))
    flags: str = FLAGS
    catalogue: catalogues.Catalogue = catalogues.Catalogue()

    def build(self, game, codes):
        """BUILD/faults/GAME/CODE[+CODE] from the engine's sources and the
        patches; rebuilt only when a source or patch is newer. Returns its path."""
        faults = self.catalogue.by_code(game)
        unknown = [code for code in codes if code not in faults]
        if unknown:
            raise BuildError("no fault %s in faults/%s.tsv" % (", ".join(unknown), game))
        patches = [self.catalogue.patch_path(faults[code]) for code in codes]
        files = sources(game)
        target = catalogues.binary(self.build_dir, game, codes)
        if up_to_date(target, files + hook_sources(game) + patches):
            return target
        tree = fresh_tree(game, target)
        for patch in patches:
            apply(tree, patch)
        flags = " ".join(filter(None, [self.flags, HOOKS.get(game, "")]))
        run = compile_tree(tree, target, self.compiler, flags, hook_sources(game))
        if run.returncode != 0:
            raise BuildError("%s/%s does not build:\n%s" % (game, "+".join(codes), run.stderr))
        return target
