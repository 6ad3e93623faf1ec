"""A class folder that scripts/mark wrote, read for the impact of new
cases: its game, profile and scheme (marks.json), the cases it was marked
on and their parts (case-parts.tsv), the categories marked
(categories.tsv), each submission's verdicts (check/results.tsv), manual
marks (marks.csv), program, and the timeout and comparison check-engine
ran with (check-engine.txt). Every table is read by its header's names."""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Optional

from harness.cases.results import ResultsError, read_results
from harness.languages import Language, NoLanguage, language_of
from harness.mark.report.scheme import SchemeError, load_scheme

# check-engine's own defaults, when check-engine.txt does not say.
DEFAULT_TIMEOUT = "10"
DEFAULT_COMPARE = "exact"


class RecordError(Exception):
    """A folder that is no class scripts/mark wrote, or one it cannot use."""


@dataclass
class Submission:
    """One row of the class: its name, folder, verdicts ({case: verdict}),
    manual parts' marks, and its program (None when none was built): an
    executable, or for a language run in a folder (Java, C#, Python) the
    built folder, BUILT, with its LANGUAGE."""

    name: str
    folder: str
    verdicts: dict[str, str]
    manual: dict[str, Decimal]
    program: Optional[Path]
    timeout: str = DEFAULT_TIMEOUT
    compare: str = DEFAULT_COMPARE
    built: Optional[Path] = None
    language: Optional[Language] = None


@dataclass
class ClassRecord:
    """The class: its folder, game, profile, scheme, {case: part}, the
    categories marked, and its submissions in marks.csv's order."""

    folder: Path
    program: str
    profile: str
    scheme: dict
    owner: dict[str, str]
    categories: list[str]
    submissions: list[Submission] = field(default_factory=list)


def read_tsv(path: Path, columns: tuple[str, ...]) -> list[dict[str, str]]:
    """The rows of a tab-separated PATH as {column: cell}; RecordError when a column is missing."""
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    if rows and any(column not in rows[0] for column in columns):
        raise RecordError(f"{path}: its header lacks one of {', '.join(columns)}")
    return rows


def run_options(folder: Path) -> tuple[str, str]:
    """The --timeout and --compare check-engine ran the submission with, as
    its check-engine.txt records them; check-engine's defaults otherwise."""
    try:
        told = (folder / "check-engine.txt").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return DEFAULT_TIMEOUT, DEFAULT_COMPARE
    timeout = re.search(r" --timeout (\S+)", told)
    compare = re.search(r" --compare (\S+)", told)
    return (timeout.group(1) if timeout else DEFAULT_TIMEOUT, compare.group(1) if compare else DEFAULT_COMPARE)


def read_submission(classdir: Path, row: dict[str, str], manual_parts: list[str]) -> Submission:
    """A row of marks.csv with its folder's verdicts and program."""
    folder = classdir / "submissions" / row["folder"]
    verdicts: dict[str, str] = {}
    if (folder / "check" / "results.tsv").is_file():
        try:
            verdicts = {r.case: r.verdict for r in read_results(folder / "check" / "results.tsv")}
        except ResultsError as error:
            raise RecordError(str(error)) from None
    manual = {part: Decimal(row.get(f"{part}_score") or "0") for part in manual_parts}
    timeout, compare = run_options(folder)
    return attach_program(Submission(row["name"], row["folder"], verdicts, manual, None, timeout, compare), folder)


def attach_program(submission: Submission, folder: Path) -> Submission:
    """SUBMISSION with its program as its worker built it in FOLDER (a
    marked submission's folder): FOLDER/program, else FOLDER/built run by
    its language; none when neither is there (it was not built)."""
    if (folder / "program").is_file():
        submission.program = folder / "program"
    elif (folder / "built").is_dir():
        try:
            submission.language = language_of(folder / "built")
        except NoLanguage:
            return submission
        submission.program, submission.built = folder / "built", folder / "built"
    return submission


def load_scheme_of(classdir: Path, document: dict) -> dict:
    try:
        return load_scheme(document["scheme"]["file"])
    except (KeyError, TypeError):
        raise RecordError(f"{classdir}/marks.json names no scheme file") from None
    except SchemeError as error:
        raise RecordError(str(error)) from None


def read_class(classdir: Path | str) -> ClassRecord:
    """The class scripts/mark wrote in CLASSDIR; RecordError when it is none."""
    classdir = Path(classdir)
    try:
        document = json.loads((classdir / "marks.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise RecordError(f"{classdir} is no class that scripts/mark wrote (no readable marks.json)") from None
    scheme = load_scheme_of(classdir, document)
    owner = {row["case"]: row["part"] for row in read_tsv(classdir / "case-parts.tsv", ("case", "part"))}
    categories = [row["category"] for row in read_tsv(classdir / "categories.tsv", ("category",))]
    record = ClassRecord(classdir, document.get("program", ""), document.get("profile", ""), scheme, owner,
                         categories)
    manual_parts = [part["name"] for part in scheme["parts"] if part["kind"] == "manual"]
    try:
        with open(classdir / "marks.csv", encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as error:
        raise RecordError(f"cannot read {classdir}/marks.csv: {error.strerror}") from None
    if rows and any(column not in rows[0] for column in ("name", "folder", "state")):
        raise RecordError(f"{classdir}/marks.csv: its header lacks name, folder or state")
    record.submissions = [read_submission(classdir, row, manual_parts) for row in rows]
    return record
