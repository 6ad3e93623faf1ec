"""check's likely causes: when a case failed, src/diagnose/diagnose runs
the catalogue's faulted references on the failing cases (their runs kept
in OUTPUT/outputs by the workers) and names the faults that reproduce
them (OUTPUT/causes.tsv, OUTPUT/causes-cases.tsv; src/diagnose/README.md).
diagnose() is the one place that starts it (as a program today; an
in-process call once the diagnosis is in the package)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Optional, TextIO

from harness import paths
from harness.games import Game

DIAGNOSE = paths.SRC / "diagnose"
# The diagnosis never takes less than this many seconds of budget.
LEAST = 5


def clear(output: Path) -> None:
    """The last run's kept runs and causes gone."""
    shutil.rmtree(output / "outputs", ignore_errors=True)
    for name in ("causes.tsv", "causes-cases.tsv"):
        (output / name).unlink(missing_ok=True)


def prepare(game: Game) -> None:
    """The game's faulted references (and its judge, which the diagnosis
    needs whatever the profile) built when missing, outside the budget."""
    if game.judge:
        made = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(paths.ROOT), game.judge],
                              stdout=sys.stderr, check=False)
        if made.returncode != 0:
            sys.stderr.write(f"check-engine: cannot build the judge ({game.judge}): no diagnosis\n")
    built = subprocess.run([str(DIAGNOSE / "build-faults"), "--game", game.name], stdout=sys.stderr, check=False)
    if built.returncode != 0:
        sys.stderr.write(f"check-engine: some of {game.name}'s faulted references do not build "
                         "(src/diagnose/build-faults)\n")


def diagnose(game: Game, cases: str, output: Path, budget: int, out: TextIO) -> Optional[str]:
    """The likely causes of the failures kept in OUTPUT within BUDGET
    seconds (at least LEAST): the `likely cause:` lines for the report's
    end, None when the diagnosis failed (said on stderr)."""
    budget = max(budget, LEAST)
    prepare(game)
    out.write(f"check-engine: looking for the likely cause (the catalogue's faults on the failing cases, "
              f"at most {budget}s)\n")
    out.flush()
    done = subprocess.run([str(DIAGNOSE / "diagnose"), "--program", game.name, "--cases", cases, "--results",
                           str(output), "--budget", str(budget)], stdout=subprocess.PIPE, check=False)
    if done.returncode != 0:
        sys.stderr.write("check-engine: no diagnosis (src/diagnose/diagnose failed)\n")
        clear_causes = [output / "causes.tsv", output / "causes-cases.tsv"]
        for path in clear_causes:
            path.unlink(missing_ok=True)
        return None
    return done.stdout.decode("utf-8", "replace")
