"""caseview -- a failing case shown in the game's terms: what every game's
case_view returns (sentences in plain words, then boxes of lines, some
marked), the files it is made from, and the one command that reruns a case
on a student's own machine. The games fill it (checkers: the actions, the
board before the block that differs, the two blocks side by side;
draughts: the board, the trace around the first wrong line, the judge's
sentence) from the files check-engine left (views); the pages only draw
it. Plain data (lists, dicts, strings), so
that it travels in a report's JSON."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from harness.games.game import Game, text_lines

# The most lines a box shows (a long input or output is cut, and says so).
MOST_LINES = 60


@dataclass(frozen=True)
class CaseFiles:
    """A failing case as check-engine left it: its input and expected
    output (the corpus), the program's output and exit status (OUT/outputs;
    None for a run killed at the time limit), the expected exit status (0
    when the corpus gives none)."""

    input: Path
    expected: Path
    actual: Path
    status: Optional[int]
    expected_status: int = 0

    def lines(self, which: str) -> list[str]:
        """The lines of input, expected or actual ([] for a missing file)."""
        try:
            return text_lines(getattr(self, which).read_bytes())
        except OSError:
            return []


def status_in(path: Path, default: int = 0) -> Optional[int]:
    """The status in a .status file: its number, None for `hang` (killed
    at the time limit), DEFAULT when there is no file."""
    try:
        word = Path(path).read_text(encoding="utf-8").split("\n", 1)[0].strip()
    except OSError:
        return default
    return int(word) if word.lstrip("-").isdigit() else None


def case_files(game: Game, output: Path | str, case_id: str) -> CaseFiles:
    """The failing case's CaseFiles: the corpus's input and expected
    output (and status), the program's output and status in OUTPUT."""
    corpus, done = Path(game.corpus), Path(output, "outputs")
    return CaseFiles(corpus / (case_id + ".in"), corpus / (case_id + ".out"), done / (case_id + ".out"),
                     status_in(done / (case_id + ".status")), status_in(corpus / (case_id + ".status")))


def views(game: Game, output: Path | str, case_ids: list[str]) -> dict[str, dict]:
    """{case: its view} for these failing cases (none for a game without
    case_view, or a case check-engine left no output of: not run)."""
    if game.case_view is None:
        return {}
    found = {}
    for case_id in case_ids:
        files = case_files(game, output, case_id)
        if files.actual.is_file():
            found[case_id] = game.case_view(files)
    return found


def lines_box(title: str, lines: list[str], marked: Optional[set[int]] = None, first: int = 1,
              numbered: bool = True) -> dict:
    """A box of lines, numbered from FIRST unless not NUMBERED (a board),
    the 0-based indexes in MARKED marked; cut at MOST_LINES."""
    marked = marked or set()
    rows = [{"number": first + i, "text": text, "marked": i in marked} for i, text in enumerate(lines[:MOST_LINES])]
    return {"kind": "lines", "title": title, "rows": rows, "cut": max(0, len(lines) - MOST_LINES),
            "numbered": numbered}


def sides_box(title: str, expected: list[str], actual: list[str], first: int = 1) -> dict:
    """The expected lines and the program's side by side, line by line
    from line FIRST, each pair that differs marked."""
    count = min(max(len(expected), len(actual)), MOST_LINES)
    rows = []
    for i in range(count):
        left = expected[i] if i < len(expected) else None
        right = actual[i] if i < len(actual) else None
        rows.append({"number": first + i, "expected": left, "actual": right, "marked": left != right})
    return {"kind": "sides", "title": title, "rows": rows, "cut": max(0, max(len(expected), len(actual)) - count)}


def view(sentences: list[str], boxes: list[dict]) -> dict:
    """A case view: the sentences (shown as text, above the boxes), the boxes."""
    return {"sentences": [s for s in sentences if s], "boxes": boxes}


def status_sentence(files: CaseFiles) -> str:
    """The exit statuses in words, when they differ; "" when they agree."""
    if files.status is None:
        return "Your program was stopped: it ran past the time limit (its output is what it wrote by then)."
    if files.status == files.expected_status:
        return ""
    return "Your program ended with exit status %d; the expected exit status is %d." % (
        files.status, files.expected_status)


def local_run(run: str, main: Optional[str] = None) -> str:
    """A language's run command (languages.tsv's run column) as typed in
    the program's own folder: "$SANDBOX_FOLDER/program" as ./program,
    "$SANDBOX_FOLDER" as ., {main} as the Python file."""
    command = run.replace('"$SANDBOX_FOLDER/{main}"', shlex.quote("./" + (main or "main.py")))
    command = command.replace('"$SANDBOX_FOLDER/', '"./').replace('"$SANDBOX_FOLDER"', ".")
    return " ".join(shlex.quote(word) for word in shlex.split(command))


def rerun_command(run_mode: str, run: str, stem: str) -> str:
    """The one command that reruns the case STEM (STEM.in, STEM.expected
    beside the program) and diffs the output with the expected one: on
    stdin (`RUN < STEM.in | diff - STEM.expected`), or as the HW4 grader
    runs a program (its input as input.txt, its output written to
    output.txt). (Not STEM.out: Chromium holds a download named *.out, as
    it would a program's a.out, until the student confirms it.)"""
    given, expected = shlex.quote(stem + ".in"), shlex.quote(stem + ".expected")
    if run_mode == "graded":
        return f"cp {given} input.txt && {run} input.txt output.txt; diff output.txt {expected}"
    return f"{run} < {given} | diff - {expected}"
