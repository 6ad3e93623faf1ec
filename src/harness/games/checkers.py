"""checkers -- COMP10002 2021 Assignment 2 (src/checkers). A program reads
the actions on stdin and prints every board; its output is the setup board
(21 lines), then per action a header, a cost line and a 17-line board,
with error and win lines after the block they end. (Today's bash:
src/games/checkers.bash.)"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Optional, Sequence

from harness import cases, paths
from harness.check.explain.checkers import explain
from harness.games.caseview import CaseFiles, lines_box, sides_box, status_sentence, view
from harness.games.game import (CorpusMinimum, Game, Region, RunOutcome, StatsRow, first_matching,
                                largest_outputs, last_line, stderr_shape, text_lines)

SETUP_LINES, BOARD_LINES = 21, 17
ACTION_HEADER = re.compile(r"ACTION #[0-9]+:")
MALFORMED_MESSAGE = re.compile(
    r"checkers: line [0-9]+: malformed action \".*\" \(expected e\.g\. G6-F5, A or P\)", re.DOTALL)
# The golden setup board: the output of an empty input.
SETUP_BOARD = "edge-input/empty.out"


def line_region(expected: Path, line: int) -> Region:
    """Where line LINE of the expected output EXPECTED stands: the setup
    board, what follows it, an action's block, or what follows one."""
    action, header = "", 0
    for number, text in enumerate(text_lines(Path(expected).read_bytes())[:line], start=1):
        if ACTION_HEADER.search(text):
            action, header = text.removeprefix("*** "), number
    if not action:
        if line <= SETUP_LINES:
            return Region("setup", "the setup board, before any action")
        return Region("after-setup", "what follows the setup board")
    if line <= header + 1 + BOARD_LINES:
        return Region("action", action)
    return Region("after-action", f"what follows {action}")


def region_symptom(region: str) -> str:
    if region in ("setup", "after-setup"):
        return "stdout differs in the setup board or right after it"
    if region == "after-action":
        return "stdout differs after an action's block (an error or win line, or a missing action)"
    return "stdout differs in an action's block"


# The line that opens an action's block; the first line of a board.
SEPARATOR, COLUMNS = "=" * 37, "     A   B   C   D   E   F   G   H"


def blocks(lines: list[str]) -> list[int]:
    """Where each block of an output starts (0-based): the setup board's
    at 0, then each action's at its ===== line."""
    return [0] + [i for i, text in enumerate(lines) if text == SEPARATOR and i > 0]


def block_lines(lines: list[str], starts: list[int], k: int) -> list[str]:
    """Block K of LINES (starts: blocks(LINES)); [] when there is none."""
    if k >= len(starts):
        return []
    end = starts[k + 1] if k + 1 < len(starts) else len(lines)
    return lines[starts[k]:end]


def board_of(block: list[str]) -> list[str]:
    """The board in a block: its column letters and the 17 lines below."""
    top = next((i for i, text in enumerate(block) if text == COLUMNS), None)
    return [] if top is None else block[top:top + 1 + BOARD_LINES]


def input_line_of(inputs: list[str], action: int) -> Optional[int]:
    """The 0-based index of the input line that makes action number ACTION
    (A makes one action, P ten, any other line one); None past the end."""
    made = 0
    for index, text in enumerate(inputs):
        word = text.strip()
        if not word:
            continue
        made += 10 if word == "P" else 1
        if made >= action:
            return index
    return None


def ending(lines: list[str]) -> str:
    """The output's last line when it is an error or win line, else ""."""
    last = lines[-1] if lines else ""
    return last if last.startswith("ERROR:") or last.endswith("WIN!") else ""


def case_view(files: CaseFiles) -> dict:
    """The failing case in the game's terms: the input actions (the one
    whose block differs marked), the board before that block, the
    expected block and the program's side by side, the error or win line
    and the exit status in words."""
    inputs, expected, actual = files.lines("input"), files.lines("expected"), files.lines("actual")
    differ = next((i for i, (a, b) in enumerate(zip(expected, actual)) if a != b), min(len(expected), len(actual)))
    starts = blocks(expected)
    k = max(i for i, start in enumerate(starts) if start <= differ) if differ < len(expected) else len(starts) - 1
    mine, theirs = block_lines(expected, starts, k), block_lines(actual, blocks(actual), k)
    header = mine[1].removeprefix("*** ") if k > 0 and len(mine) > 1 else ""
    after_board = k > 0 and differ - starts[k] > 3 + BOARD_LINES or k == 0 and differ >= SETUP_LINES
    marked = {input_line_of(inputs, k + after_board)} - {None} if k + after_board > 0 else set()
    where = "the setup board, before any action" if k == 0 else header
    sentences = [f"The first line that differs is line {differ + 1} of the output, in {where}"
                 + (" (after its board)." if after_board else ".")]
    for words, lines in (("The expected output ends with", expected), ("Your program's output ends with", actual)):
        if ending(lines):
            sentences.append(f"{words}: {ending(lines)}")
    sentences.append(status_sentence(files))
    boxes = [lines_box("the input actions", inputs, marked)]
    if k > 0:
        before = board_of(block_lines(expected, starts, k - 1))
        boxes.append(lines_box("the board before " + header.split(":")[0], before, numbered=False))
    boxes.append(sides_box("the expected output and yours, from line %d" % (starts[k] + 1), mine, theirs,
                           starts[k] + 1))
    return view(sentences, boxes)


def memcheck_cases(root: Path, ids: Sequence[str]) -> list[str]:
    """The largest A and P trees, an illegal action (the legal actions
    scanned to the end) and a malformed line (the diagnostic)."""
    return (largest_outputs(root, 1, "^next-action/", ids) + largest_outputs(root, 1, "^play/", ids)
            + first_matching("^error6/", ids) + first_matching("^malformed/", ids))


def last_command(data: bytes) -> str:
    """The input's last line holding more than blanks, its CR dropped."""
    lines = [text for text in text_lines(data) if text.strip(" \t")]
    return lines[-1].removesuffix("\r") if lines else ""


def corpus_stats_rows(root: Path) -> list[StatsRow]:
    """Cases whose stdout ends with a win message, by side and by the
    command that led there (the input's last non-blank line, A or P)."""
    wins: Counter[tuple[str, str]] = Counter()
    for case_id in cases.list_ids(root):
        last = last_line((Path(root) / f"{case_id}.out").read_bytes())
        if last in ("BLACK WIN!", "WHITE WIN!"):
            wins[last.split()[0], last_command((Path(root) / f"{case_id}.in").read_bytes())] += 1
    rows = [StatsRow("output ends with a win", sum(wins.values()), 100)]
    rows += [StatsRow(f"  {side.lower()} wins in {command}", wins[side, command], 25)
             for side in ("BLACK", "WHITE") for command in ("A", "P")]
    return rows


def contract_violations(run: RunOutcome) -> list[str]:
    """What the engine's contract for any input says is broken in RUN."""
    lines, first_err = stderr_shape(run.err)
    found = []
    if run.status in (0, 1):
        if lines != 0:
            found.append(f"exit {run.status} with a message on stderr")
    elif run.status == 2:
        if not (lines == 1 and MALFORMED_MESSAGE.fullmatch(first_err)):
            found.append("exit 2 without exactly one malformed-line message on stderr")
    else:
        return [cases.describe_status(run.status, run.timeout) + (f": {first_err}" if first_err else "")]
    setup_board = (paths.TESTDATA / "checkers" / SETUP_BOARD).read_bytes()
    if run.out[:len(setup_board)] != setup_board:
        found.append("stdout does not start with the setup board")
    if run.status == 1 and not last_line(run.out).startswith("ERROR:"):
        found.append("exit 1 without an ERROR line last")
    return found


FUZZ_DICTIONARY = """\
command_a="A"
command_p="P"
newline="\\x0a"
crlf="\\x0d\\x0a"
dash="-"
black_action="G6-F5"
white_action="H3-G4"
capture="F5-H3"
zeros="000"
nul="\\x00"
high_byte="\\xff"
"""

GAME = Game(
    name="checkers",
    title="COMP10002 2021 Assignment 2",
    run_mode="stdin",
    run_words="on stdin",
    packages=(),  # (handed in in C)
    seed_case="examples/seed-game-P",
    # every kind of path through the allocations (the mutants' out-of-memory stage walks the first)
    oom_cases=(
        "next-action/a-first-line",           # A: one search tree
        "play/after-capture-chance",          # P: ten trees, thousands of nodes
        "wins/black-blocks-white-during-p",   # P ending in a win: the no-action path
        "error1/row-9-deep-with-command-after",  # error 1 before a command: no search
        "malformed/after-three-actions",      # malformed after three boards: no search
    ),
    corpus_pipeline=("src/corpus/checkers-pipeline",),
    # The handout fixes every byte of the output: the assignment profile
    # compares stdout byte for byte, no judge.
    judge="",
    judge_faults="",
    explain=explain,
    corpus_minimums=tuple(CorpusMinimum(tuple(name.split("+")), minimum) for name, minimum in (
        ("official", 9), ("examples", 12), ("stage0", 100), ("error1", 40), ("error2", 40), ("error3", 40),
        ("error4", 40), ("error5", 40), ("error6", 40), ("next-action", 200), ("play", 200), ("wins", 100),
        ("malformed+edge-input", 60))),
    corpus_total=1200,
    visible_categories=("official", "examples"),
    deliverables=("authorship",),  # the Authorship Declaration
    handout_input="",
    fuzz_dictionary=FUZZ_DICTIONARY,
    line_region=line_region,
    region_symptom=region_symptom,
    memcheck_cases=memcheck_cases,
    corpus_stats_rows=corpus_stats_rows,
    contract_violations=contract_violations,
    case_view=case_view,
)
