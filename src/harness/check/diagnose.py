"""check's likely causes: when a case failed, the diagnosis
(harness.diagnose) runs the catalogue's faulted references on the failing
cases (their runs kept in OUTPUT/outputs by the workers) and names the
faults that reproduce them (OUTPUT/causes.tsv, OUTPUT/causes-cases.tsv;
src/diagnose/README.md). diagnose() is the one place that calls it, in
this process, once the workers are done."""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable, Optional, Sequence, TextIO

from harness import paths
from harness.diagnose import build_faults, diagnosis
from harness.games import Game
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
                              stdout=sys.stderr, check=False, umask=0o022)  # (build/ is for every user)
        if made.returncode != 0:
            sys.stderr.write(f"check-engine: cannot build the judge ({game.judge}): no diagnosis\n")
    if called(build_faults.main, ["--game", game.name], sys.stderr) != 0:
        sys.stderr.write(f"check-engine: some of {game.name}'s faulted references do not build "
                         "(harness.diagnose.build_faults)\n")


def called(main: Callable[[Sequence[str]], int], argv: Sequence[str], out: TextIO) -> int:
    """A tool's main(ARGV) in this process, what it prints going to OUT:
    its exit status, a SystemExit's included; an exception is a failure,
    said on stderr, never the end of check-engine."""
    try:
        with contextlib.redirect_stdout(out):
            status = main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    except Exception as error:  # pylint: disable=broad-except  (the report goes on without it)
        sys.stderr.write(f"check-engine: the diagnosis stopped: {error!r}\n")
        status = 1
    return status or 0


def diagnose(game: Game, cases: str, output: Path, budget: int, out: TextIO) -> Optional[str]:
    """The likely causes of the failures kept in OUTPUT within BUDGET
    seconds (at least LEAST): the `likely cause:` lines for the report's
    end, None when the diagnosis failed (said on stderr)."""
    budget = max(budget, LEAST)
    prepare(game)
    out.write(f"check-engine: looking for the likely cause (the catalogue's faults on the failing cases, "
              f"at most {budget}s)\n")
    out.flush()
    printed = io.StringIO()
    if called(diagnosis.main, ["--program", game.name, "--cases", cases, "--results", str(output),
                               "--budget", str(budget)], printed) != 0:
        sys.stderr.write("check-engine: no diagnosis (harness.diagnose failed)\n")
        clear_causes = [output / "causes.tsv", output / "causes-cases.tsv"]
        for path in clear_causes:
            path.unlink(missing_ok=True)
        return None
    return printed.getvalue()
