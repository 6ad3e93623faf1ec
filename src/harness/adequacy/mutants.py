"""mutants.py -- `--mutants N`: N of scripts/mutants' mutants (one fault
planted by an operator of src/hardening/mutate.awk each), spread evenly
over the list of every mutant of src/P/*.c in its order (the ones
src/hardening/mutants.equivalent calls equivalent left out: no output can
tell them), each built as faultbuild builds a faulted reference, into
BUILD/adequacy-mutants/P/. Each joins the table as one more fault, named
by scripts/mutants' own id, `src/P/FILE.c:LINE OP#N`. A mutant that does
not compile (stillborn) is left out, and counted."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
from pathlib import Path

from harness import paths
from harness.diagnose import faultbuild

MUTATE = paths.SRC / "hardening" / "mutate.awk"
# scripts/mutants' flags: a mutant that only warns (a variable left unused) is still a mutant.
FLAGS = "-std=c11 -O2 -w"
EQUIVALENT = paths.SRC / "hardening" / "mutants.equivalent"


@dataclasses.dataclass(frozen=True)
class Mutant:
    """One mutant: the file (relative to the top folder), the line, the
    operator and its occurrence on the line, and the line as it was."""

    file: str
    line: str
    op: str
    nth: str
    original: str

    @property
    def id(self) -> str:
        """scripts/mutants' id: FILE:LINE OP#N."""
        return f"{self.file}:{self.line} {self.op}#{self.nth}"

    @property
    def description(self) -> str:
        return f"a mutant (src/hardening/mutate.awk's {self.op}, occurrence {self.nth}) of: {self.original}"


def listed(game: str) -> list[Mutant]:
    """Every mutant of src/GAME/*.c, in scripts/mutants' order."""
    found = []
    for path in sorted((paths.SRC / game).glob("*.c")):
        relative = str(path.relative_to(paths.ROOT))
        run = subprocess.run(["awk", "-v", "mode=list", "-f", str(MUTATE), str(path)], capture_output=True,
                             text=True, check=True)
        for line in run.stdout.splitlines():
            number, op, nth, original = line.split("\t", 3)
            found.append(Mutant(relative, number, op, nth, original))
    return found


def equivalent() -> set[tuple[str, str, str]]:
    """(file, OP#N, original line) of every mutant mutants.equivalent lists."""
    known = set()
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if len(cells) >= 3 and cells[0] and not cells[0].startswith("#"):
            known.add((cells[0], cells[1], cells[2]))
    return known


def chosen(game: str, count: int) -> list[Mutant]:
    """COUNT mutants of GAME spread evenly over its list (all when fewer)."""
    known = equivalent()
    every = [m for m in listed(game) if (m.file, f"{m.op}#{m.nth}", m.original) not in known]
    if count >= len(every):
        return every
    return [every[index * len(every) // count] for index in range(count)]


def build(mutant: Mutant, game: str, builder: faultbuild.Builder) -> str | None:
    """BUILD/adequacy-mutants/GAME/NAME, the engine with MUTANT planted,
    built when a source or mutate.awk is newer; None when it does not compile."""
    name = re.sub(r"[^A-Za-z0-9_.#+-]", "_", mutant.id.split("/", 2)[-1])
    target = os.path.join(builder.build_dir, "adequacy-mutants", game, name)
    files = faultbuild.sources(game)
    if faultbuild.up_to_date(target, files + [str(MUTATE)]):
        return target
    tree = faultbuild.fresh_tree(game, target)
    applied = subprocess.run(["awk", "-v", "mode=apply", "-v", f"target={mutant.line}", "-v", f"op={mutant.op}",
                              "-v", f"nth={mutant.nth}", "-f", str(MUTATE), str(paths.ROOT / mutant.file)],
                             capture_output=True, check=False)
    if applied.returncode != 0:
        return None
    Path(tree, Path(mutant.file).name).write_bytes(applied.stdout)
    if os.path.lexists(target):
        os.unlink(target)
    return target if faultbuild.compile_tree(tree, target, builder.compiler, FLAGS).returncode == 0 else None


def built(game: str, count: int, builder: faultbuild.Builder) -> tuple[dict[str, str], dict[str, str], int]:
    """({id: binary}, {id: description}, stillborn) for COUNT mutants of GAME."""
    binaries, descriptions, stillborn = {}, {}, 0
    for mutant in chosen(game, count):
        binary = build(mutant, game, builder)
        if binary is None:
            stillborn += 1
            continue
        binaries[mutant.id] = binary
        descriptions[mutant.id] = mutant.description
    return binaries, descriptions, stillborn
