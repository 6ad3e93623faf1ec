"""draughts -- CSCI 561 HW4 (src/draughts). A program is run as the
handout's grader runs it, `PROGRAM input.txt output.txt` in its own
folder; per case its output is a `case N` header, the alpha-beta trace (a
line per visited node, `|-` once per ply) and a first-move line. (Today's
bash: src/games/draughts.bash.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

from harness import cases
from harness.check.explain.draughts import explain
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
)
