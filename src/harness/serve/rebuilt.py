"""rebuilt.py -- a failing case's view in the game's terms for a report
that carries none: a report stored before the case views existed (no
`views` in its JSON), or a cached answer that copied one. The view is
made from what a report always kept: check-engine's failure report of the
case (its stdout diff, or the judge's message and the program's
output.txt lines around the wrong one) and the corpus's input and
expected output. Nothing of the student's program is run.

- A stdout diff (`diff -u of stdout:`, or `the program printed nothing`,
  or no stdout problem at all): the program's output is the expected
  output with the diff's hunks applied, exact up to the last line the
  diff shows (the whole output when the diff was not cut); the game's
  own case_view draws it, as it draws a fresh check's.
- A judge's message (draughts): its sentences, the input's case it names
  (the board), and the kept lines of output.txt around the wrong one,
  that line marked.
- Neither: None (the page then says in one sentence that it cannot show it).
"""

from __future__ import annotations

import re
import signal
import tempfile
from pathlib import Path
from typing import Optional

from harness.games import Game
from harness.games.caseview import lines_box, status_in, view, views
from harness.games.draughts import AROUND, AT_LINE, INPUT_CASE, input_case
from harness.games.game import text_lines

from .checking import REPORT_BYTES

HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@")
NUMBERED = re.compile(r" *(\d+)  (.*)")
GOT = re.compile(r"^status: (?:expected exit status -?\d+, got )?(.*)$")
# The sentence a view rebuilt from a cut diff ends with, and the one of
# its game's view that a cut output cannot back (it reads the output's end).
KEPT = "Shown from what this check kept of your program's output: its first %d lines."
ENDING = "Your program's output ends with"


def rebuilt_view(game: Game, case_id: str, report: str) -> Optional[dict]:
    """The case's view rebuilt from REPORT (check-engine's failure report
    of it, as stored), or None when the report holds too little."""
    if game.case_view is None or not report:
        return None
    lines = report.splitlines()
    if "diff -u of stdout:" in lines or any(line.startswith("stdout: the program printed nothing") for line in lines):
        return from_diff(game, case_id, lines, len(report.encode()) >= REPORT_BYTES * 9 // 10)
    if any(line.startswith("judge:") for line in lines):
        return from_judge(game, case_id, lines)
    if not any(line.startswith("stdout:") for line in lines) and any(line.startswith("status:") for line in lines):
        return from_diff(game, case_id, lines)  # (the output was the expected one: only the status differs)
    return None


def program_output(expected: list[str], lines: list[str], maybe_cut: bool = False) -> tuple[list[str], bool]:
    """The program's output lines as a failure report's stdout diff (in
    LINES) gives them on EXPECTED, and whether they are all of it (False
    when the diff was cut, or when the report may have been, MAYBE_CUT,
    and the diff runs to its end: the lines up to the last one shown)."""
    if any(line.startswith("stdout: the program printed nothing") for line in lines):
        return [], True
    if "diff -u of stdout:" not in lines:
        return list(expected), True
    output, taken, hunks, whole = [], 0, False, not maybe_cut
    for line in lines[lines.index("diff -u of stdout:") + 1:]:
        hunk = HUNK.match(line)
        if hunk:  # (a hunk of no expected line starts after its line, not at it)
            start = int(hunk.group(1)) - (0 if hunk.group(2) == "0" else 1)
            output, taken, hunks = output + expected[taken:start], start, True
        elif not hunks or line.startswith("\\"):
            continue  # (the two labels; `\\ No newline at end of file`)
        elif line[:1] in (" ", "-", "+"):
            taken += line[0] != "+"
            output += [line[1:]] if line[0] != "-" else []
        else:  # (the diff ends: cut, or followed by the next part of the report)
            whole = not line.startswith("... (")
            break
    return (output + expected[taken:], True) if whole else (output, False)


def status_of(lines: list[str], expected_status: int) -> Optional[int]:
    """The program's exit status as REPORT's status line says it (None for
    a hang); EXPECTED_STATUS when the report names none (the assignment
    profile judges stdout alone and names only a crash or a hang)."""
    for line in lines:
        said = GOT.match(line)
        if not said:
            continue
        words = said.group(1)
        if words.startswith("a hang"):
            return None
        crash = re.search(r"signal (SIG[A-Z0-9]+)", words)
        if crash and crash.group(1) in signal.Signals.__members__:
            return 128 + signal.Signals[crash.group(1)].value
        number = re.match(r"exit status (-?\d+)", words)
        return int(number.group(1)) if number else expected_status
    return expected_status


def from_diff(game: Game, case_id: str, lines: list[str], maybe_cut: bool = False) -> Optional[dict]:
    """The game's own view of the output the stdout diff gives (a cut one:
    the lines it shows, said so; MAYBE_CUT: the report may have been cut
    at the stored size, program_output's)."""
    corpus = Path(game.corpus)
    try:
        expected = text_lines((corpus / (case_id + ".out")).read_bytes())
    except OSError:
        return None
    output, whole = program_output(expected, lines, maybe_cut)
    status = status_of(lines, status_in(corpus / (case_id + ".status")) or 0)
    with tempfile.TemporaryDirectory() as folder:
        kept = Path(folder, "outputs", case_id)
        kept.parent.mkdir(parents=True)
        kept.with_name(kept.name + ".out").write_text("".join(line + "\n" for line in output), encoding="utf-8")
        kept.with_name(kept.name + ".status").write_text("hang\n" if status is None else "%d\n" % status)
        found = views(game, folder, [case_id]).get(case_id)
    if found is None or whole:
        return found
    sentences = [s for s in found["sentences"] if not s.startswith(ENDING)] + [KEPT % len(output)]
    return view(sentences, [known(box, len(output)) for box in found["boxes"]])


def known(box: dict, count: int) -> dict:
    """BOX without the side-by-side rows past line COUNT of the program's
    output (not kept: they would show as missing, and marked)."""
    if box["kind"] != "sides":
        return box
    return dict(box, rows=[row for row in box["rows"] if row["number"] <= count], cut=0)


def from_judge(game: Game, case_id: str, lines: list[str]) -> Optional[dict]:
    """The judge's sentences, the input's case they name (the board), and
    the kept lines of output.txt around the wrong one, marked."""
    try:
        inputs = text_lines((Path(game.corpus) / (case_id + ".in")).read_bytes())
    except OSError:
        return None
    start = next(i for i, line in enumerate(lines) if line.startswith("judge:")) + 1
    end = next((i for i, line in enumerate(lines) if line.startswith("output.txt, line")), len(lines))
    message = [line.strip() for line in lines[start:end] if line.strip()]
    kept = {int(m.group(1)): m.group(2) for m in map(NUMBERED.fullmatch, lines[end + 1:]) if m}
    first = message[0] if message else ""
    wrong = int(AT_LINE.search(first).group(1)) if AT_LINE.search(first) else 0
    number = int(INPUT_CASE.search(first).group(1)) if INPUT_CASE.search(first) else 0
    boxes = [lines_box("the board (input.txt)", input_case(inputs, number), numbered=False)]
    if wrong in kept:
        near = [n for n in sorted(kept) if abs(n - wrong) <= AROUND]
        message = [text for text in message if text != kept[wrong].strip()]
        boxes.append(lines_box("your output.txt around line %d" % wrong, [kept[n] for n in near],
                               {near.index(wrong)}, near[0]))
    return view(message, boxes)
