"""draughts -- CSCI 561 HW4 (src/draughts). A program is run as the
handout's grader runs it, `PROGRAM input.txt output.txt` in its own
folder; per case its output is a `case N` header, the alpha-beta trace (a
line per visited node, `|-` once per ply) and a first-move line. (Today's
bash: src/games/draughts.bash.)"""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path
from typing import Sequence

from harness import cases, paths
from harness.check.explain.draughts import explain
from harness.games.caseview import CaseFiles, lines_box, status_sentence, view
from harness.games.game import (CorpusMinimum, Game, Region, RunOutcome, StatsRow, first_matching,
                                largest_outputs, stderr_shape, text_lines)

MESSAGE = re.compile(r"draughts: line [1-9][0-9]*: ")
CASE_HEADER = re.compile(r"case [0-9]+")


def line_region(expected: Path, line: int) -> Region:
    """Where line LINE of the expected output EXPECTED stands: a case's
    header, its trace (at which ply), its first-move line, or past the end."""
    name, text = "", ""
    for number, current in enumerate(text_lines(Path(expected).read_bytes())[:line], start=1):
        if current.startswith("case "):
            name = current
        if number == line:
            text = current
    if not name:
        return Region("first-case", "the first case")
    if text.startswith("case "):
        return Region("header", f"{name}, its header")
    if text.startswith("first move:"):
        return Region("first-move", f"{name}, its first-move line")
    if text == "":
        return Region("after-end", f"{name}, the line after the end")
    label = text.split(":", 1)[0].replace("|-", "")
    return Region("trace", f"{name}, the trace at ply {label}: {text}")


# In the judge's first line: the output's line at fault, the input's case.
AT_LINE, INPUT_CASE = re.compile(r"at output line ([0-9]+)"), re.compile(r"input case ([0-9]+) of")
# How many lines of the trace are shown either side of the wrong one.
AROUND = 4


def judge_message(files: CaseFiles) -> list[str]:
    """The judge's message on the program's output (its sentences: the
    excerpt of output.txt after them is left out; the page shows its own),
    [] when the judge accepts it or is not built."""
    judge = paths.ROOT / GAME.judge
    with tempfile.TemporaryDirectory() as feedback, open(files.actual, "rb") as output:
        try:
            subprocess.run([str(judge), str(files.input), str(files.expected), feedback], stdin=output,
                           capture_output=True, timeout=60, check=False)
            text = (Path(feedback) / "judgemessage.txt").read_text(encoding="utf-8", errors="replace")
        except (OSError, subprocess.TimeoutExpired):
            return []
    lines = text.rstrip("\n").split("\n")
    cut = next((i for i, line in enumerate(lines) if line.startswith("output.txt, line")), len(lines))
    return [line.strip() for line in lines[:cut] if line.strip()]


def input_case(inputs: list[str], number: int) -> list[str]:
    """The NUMBERth case of the input (1-based; its header and board
    lines, blank lines left out); the whole input when there is no such
    case."""
    headers = [i for i, text in enumerate(inputs) if text.strip().startswith("case ")]
    if not 0 < number <= len(headers):
        return inputs
    start = headers[number - 1]
    end = headers[number] if number < len(headers) else len(inputs)
    return [text for text in inputs[start:end] if text.strip()]


def case_view(files: CaseFiles) -> dict:
    """The failing case in the game's terms: the judge's sentence, the
    board (the input's case the judge names), and the program's trace
    around the first wrong line, that line marked."""
    message = judge_message(files)
    first = message[0] if message else ""
    line = int(AT_LINE.search(first).group(1)) if AT_LINE.search(first) else 0
    number = int(INPUT_CASE.search(first).group(1)) if INPUT_CASE.search(first) else 0
    inputs, actual = files.lines("input"), files.lines("actual")
    board = input_case(inputs, number)
    boxes = [lines_box("the board (input.txt)", board, numbered=False)]
    if line and actual:
        message = [text for text in message if text != actual[line - 1].strip()] if line <= len(actual) else message
        low = max(0, line - 1 - AROUND)
        boxes.append(lines_box("your output.txt around line %d" % line, actual[low:line + AROUND],
                               {line - 1 - low}, low + 1))
    elif not actual:
        message.append("Your program wrote no output.txt (or an empty one).")
    return view(message + [status_sentence(files)], boxes)


def region_symptom(region: str) -> str:
    return {"header": "stdout differs at a case header",
            "first-move": "stdout differs in a first-move line",
            "after-end": "stdout goes on after the expected end"}.get(region, "stdout differs inside a trace")


def memcheck_cases(root: Path, ids: Sequence[str]) -> list[str]:
    """The three largest traces, a malformed input (the diagnostic) and
    every input that ends without a newline, where a read one byte past a
    line is a read past the input (uninitialised: only Valgrind sees it)."""
    unended = []
    for case_id in ids:
        data = (Path(root) / f"{case_id}.in").read_bytes()
        # (as the bash: a last NUL byte reads as no byte at all)
        if data and data[-1:] not in (b"\n", b"\0"):
            unended.append(case_id)
    return largest_outputs(root, 3, ".", ids) + first_matching("^malformed/", ids) + unended


def corpus_stats_rows(root: Path) -> list[StatsRow]:
    """No rows beyond the categories'."""
    del root
    return []


def cases_in_order(out: bytes) -> bool:
    """Whether OUT is a sequence of cases, each a `case N` header, trace
    lines, and its first-move line last."""
    open_case = False
    for line in text_lines(out):
        if CASE_HEADER.fullmatch(line):
            if open_case:
                return False
            open_case = True
        elif line.startswith("first move: "):
            if not open_case:
                return False
            open_case = False
        elif not open_case:
            return False
    return not open_case


def contract_violations(run: RunOutcome) -> list[str]:
    """What the engine's contract for any input says is broken in RUN."""
    lines, first_err = stderr_shape(run.err)
    found = []
    if run.status == 0:
        if lines != 0:
            found.append("exit 0 with a message on stderr")
    elif run.status == 2:
        if not (lines == 1 and MESSAGE.match(first_err)):
            found.append("exit 2 without exactly one 'draughts: line N: ' message on stderr")
    else:
        return [cases.describe_status(run.status, run.timeout) + (f": {first_err}" if first_err else "")]
    if not cases_in_order(run.out):
        found.append("stdout is not a sequence of cases, each ending with its first-move line")
    return found


FUZZ_DICTIONARY = """\
case="case "
case_1="case 1\\x0a"
newline="\\x0a"
crlf="\\x0d\\x0a"
start_row="+B+B+B+B"
alice_row="A+A+A+A+"
empty_row="O+O+O+O+"
kings="+K+k+O+O"
zeros="000"
nul="\\x00"
high_byte="\\xff"
"""

GAME = Game(
    name="draughts",
    title="CSCI 561 HW4",
    run_mode="graded",
    run_words="as BIN input.txt output.txt",
    packages=("g++", "default-jdk-headless", "mono-mcs"),  # (handed in in C, C++, Java, C# or Python 3)
    seed_case="examples/opening",
    # every kind of path through the allocations (the mutants' out-of-memory stage walks the first)
    oom_cases=(
        "kings/kings-18-s1",                          # the longest trace: 1043 lines, a move list per node
        "examples/handout-case5",                     # the handout's board
        "examples/several-cases-crlf-blank-lines",    # several cases, the output buffer reused
        "examples/malformed-piece-on-light-square",   # a malformed case after a good one
    ),
    corpus_pipeline=("src/corpus/draughts-pipeline", "--generator", "build/tools/draughts-corpus-gen",
                     "--engine", "build/draughts",
                     "--oracle", "python3 src/corpus/draughts-oracle/draughts_oracle.py"),
    # The handout fixes neither the order of moves nor the spacing: under the
    # assignment profile a run is judged by the rules of the game
    # (src/draughts-judge, JUDGE.md), not compared with our bytes.
    judge="build/draughts-judge",
    judge_faults="src/games/draughts-faults.tsv",
    explain=explain,
    corpus_minimums=tuple(CorpusMinimum((name,), minimum) for name, minimum in (
        ("examples", 14), ("opening", 50), ("midgame", 60), ("lategame", 50), ("kings", 50), ("jumps", 40),
        ("crowning", 30), ("terminal", 40), ("no-move-at-root", 10), ("pruning", 40), ("ties", 25),
        ("several-cases", 20), ("input-forms", 20), ("malformed", 40))),
    corpus_total=600,
    # (the corpus has no "official" category: the handout's own cases are examples)
    visible_categories=("examples",),
    # a readme.txt, and the handed-in output.txt against the program's
    deliverables=("readme", "handed_output"),
    # The handout's input.txt is not published whole: the one case it
    # prints (its case 5) stands for it when a submission hands in none.
    handout_input="examples/handout-case5",
    fuzz_dictionary=FUZZ_DICTIONARY,
    line_region=line_region,
    region_symptom=region_symptom,
    memcheck_cases=memcheck_cases,
    corpus_stats_rows=corpus_stats_rows,
    contract_violations=contract_violations,
    case_view=case_view,
)
