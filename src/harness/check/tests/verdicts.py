"""check-engine's verdicts, case by case: running the door scripts/check-engine
on a subject, reading its results.tsv by column name, writing and reading the
record (src/harness/check/tests/record/) and comparing verdicts with it."""

import csv
import os
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

from harness import paths

RECORD = Path(__file__).resolve().parent / "record"
MANIFEST = RECORD / "subjects.tsv"
MANIFEST_COLUMNS = ("subject", "game", "kind", "language", "variant", "build")
RECORD_COLUMNS = ("case", "verdict", "code")
PROFILES = ("assignment", "strict")
# Seconds before a run counts as a hang, for the record and the test alike:
# longer than check-engine's 10 so that a loaded machine (a Java or Mono
# start a case on shared cores) never turns a slow run into a hang.
TIMEOUT = 30
# Seconds a whole check-engine run may take before it counts as stuck: its
# bash sandbox client was once seen waiting forever on a driver that waited
# for it (a worker in wait(), the driver reading its fifo, 35 minutes).
RUN_LIMIT = 3600


class CheckEngineError(Exception):
    """check-engine could not check the subject (bad usage, a folder that
    did not build, no results)."""


@dataclass(frozen=True)
class Run:
    """One run of check-engine: what it checks and how."""

    game: str
    profile: str
    target: Path
    output: Path
    jobs: int = 4
    timeout: int = TIMEOUT
    categories: tuple = ()
    limit: int = RUN_LIMIT

    def command(self) -> list:
        """The door's command line."""
        command = [str(paths.ROOT / "scripts" / "check-engine"), "--program", self.game,
                   "--profile", self.profile, "--no-diagnose", "--output", str(self.output),
                   "--jobs", str(self.jobs), "--timeout", str(self.timeout)]
        for category in self.categories:
            command += ["--category", category]
        return command + [str(self.target)]


def read_tsv(path: Path) -> list:
    """A TSV file with a header, as dicts by column name."""
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def write_tsv(path: Path, columns: tuple, rows: list) -> None:
    """Writes ROWS (dicts) under a header of COLUMNS, whole or not at all
    (a file beside it, then renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    with open(partial, "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, columns, delimiter="\t", quoting=csv.QUOTE_NONE,
                                lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    partial.replace(path)


def run_door(run: Run) -> tuple:
    """Runs check-engine in a session of its own; (exit status, its output).
    A run over RUN.limit seconds is ended, its whole session with it."""
    with subprocess.Popen(run.command(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, cwd=paths.ROOT, start_new_session=True) as door:
        try:
            said, _ = door.communicate(timeout=run.limit)
        except subprocess.TimeoutExpired:
            os.killpg(door.pid, signal.SIGKILL)
            door.communicate()
            raise CheckEngineError(f"{' '.join(run.command())}: still running after "
                                   f"{run.limit} s, stopped") from None
    return door.returncode, said


def check(run: Run) -> dict:
    """Runs check-engine; its verdicts as {case: (verdict, code)}."""
    status, said = run_door(run)
    results = run.output / "results.tsv"
    if status not in (0, 1) or not results.is_file():
        raise CheckEngineError(f"{' '.join(run.command())}: exit {status}\n{said[-3000:]}")
    verdicts = {row["case"]: (row["verdict"], row["code"]) for row in read_tsv(results)}
    if not verdicts:
        raise CheckEngineError(f"{' '.join(run.command())}: no case run\n{said[-3000:]}")
    return verdicts


def record_path(subject: str, profile: str, record: Path = RECORD) -> Path:
    """The record's file for SUBJECT under PROFILE."""
    return record / f"{subject}.{profile}.tsv"


def write_record(path: Path, verdicts: dict) -> None:
    """Writes VERDICTS ({case: (verdict, code)}) in case order."""
    write_tsv(path, RECORD_COLUMNS, [{"case": case, "verdict": verdict, "code": code}
                                     for case, (verdict, code) in sorted(verdicts.items())])


def read_record(path: Path) -> dict:
    """A record file as {case: (verdict, code)}."""
    return {row["case"]: (row["verdict"], row["code"]) for row in read_tsv(path)}


def differences(subject: str, profile: str, recorded: dict, new: dict,
                categories: tuple = ()) -> list:
    """Each case whose verdict differs, one line each: the subject, the
    profile, the case, the recorded verdict and the new one ("absent" where
    a case is on one side only). With CATEGORIES, only their recorded cases
    count (a run of those categories alone)."""
    if categories:
        recorded = {case: value for case, value in recorded.items()
                    if case.split("/", 1)[0] in categories}
    lines = []
    for case in sorted(set(recorded) | set(new)):
        before = recorded.get(case, ("absent", ""))[0]
        after = new.get(case, ("absent", ""))[0]
        if before != after:
            lines.append(f"{subject}\t{profile}\t{case}\trecorded {before}\tnow {after}")
    return lines
