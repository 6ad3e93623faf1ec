"""The catalogue's faults (src/diagnose/faults) run on the new or changed
cases by adequacy's own code (harness.adequacy.catches: our faulted
references, outside the sandbox, through the diagnosis's run cache), and
compared with adequacy's table (build/adequacy/P.tsv, by its header's
names): the faults these cases catch that no case caught before."""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, TextIO

from harness import paths
from harness.adequacy import catches
from harness.cases.impact.runs import Candidates
from harness.diagnose import catalogue, faultbuild, runcache
from harness.diagnose import game as diagnose_games
from harness.diagnose.compare import Judge


@dataclass(frozen=True)
class Caught:
    """{fault: the cases of the candidates that catch it}, and the faults
    no case caught before (None when adequacy's table is not there)."""

    caught: dict[str, list[str]]
    uncaught_before: Optional[set[str]]


def uncaught_in_table(table: Path) -> Optional[set[str]]:
    """The faults adequacy's TABLE says no case catches; None without one."""
    try:
        with open(table, encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle, delimiter="\t"))
    except OSError:
        return None
    if rows and ("fault" not in rows[0] or "cases_failing" not in rows[0]):
        return None
    return {row["fault"] for row in rows if row["cases_failing"] == "0"}


def judge_for(game: str, profile: str) -> Optional[Judge]:
    binary = diagnose_games.facts(game).judge
    if profile != "assignment" or not binary or not os.access(binary, os.X_OK):
        return None
    return Judge(binary)


def run_faults(game: str, profile: str, candidates: Candidates, jobs: int, table: Optional[Path] = None) -> Caught:
    """The catalogue's faults built (as make faults) and run on the
    candidates; compared with TABLE (default: build/adequacy/GAME.tsv)."""
    faults = catalogue.Catalogue()
    builder = faultbuild.Builder(str(paths.BUILD), catalogue=faults)
    binaries = {row["code"]: builder.build(game, [row["code"]]) for row in faults.read(game)}
    setup = catches.Setup(game, str(candidates.cases), profile if profile in catches.PROFILES else "strict", jobs,
                          runcache.RunCache(str(paths.BUILD / "faults" / "runs")), judge_for(game, profile))
    _, caught = catches.catches(setup, binaries)
    return Caught(caught, uncaught_in_table(table or paths.BUILD / "adequacy" / f"{game}.tsv"))


def tell(found: Caught, game: str, stream: TextIO) -> None:
    """The faults caught, and which of them no case caught before."""
    caught = [fault for fault, ids in found.caught.items() if ids]
    stream.write(f"catalogued faults these cases catch: {', '.join(caught) or 'none'}\n")
    if found.uncaught_before is None:
        stream.write(f"  (no build/adequacy/{game}.tsv to compare with: make adequacy PROGRAM={game})\n")
        return
    new = [fault for fault in caught if fault in found.uncaught_before]
    stream.write(f"  of which no case caught before (build/adequacy/{game}.tsv): {', '.join(new) or 'none'}\n")


def report_faults(game: str, profile: str, candidates: Candidates, jobs: int, stream: TextIO) -> None:
    """run_faults and tell; a fault that does not build is said, not fatal."""
    try:
        found = run_faults(game, profile, candidates, jobs)
    except (faultbuild.BuildError, catalogue.CatalogueError) as error:
        stream.write(f"catalogued faults: not run ({str(error).splitlines()[0]})\n")
        return
    tell(found, game, stream)
