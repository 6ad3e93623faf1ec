"""toy -- a third game the harness's tests register to show that a game is
one module (src/harness/games/tests/test_third_game.py copies this file to
src/harness/games/toy.py in a copy of the repository, with its engine
sum.c, its corpus testdata/ and its scheme scheme.tsv as data). A program
reads lines of two integers on stdin and prints each line's sum; a line
that is not two integers ends the run: `toy: line N: expected two
integers` on stderr, exit 2."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from harness.games.game import CorpusMinimum, Game, Region, RunOutcome, StatsRow, stderr_shape


def explain(reference: list[str], expected: list[str], given: list[str], line: int) -> list[str]:
    """No words beyond the line: a sum is a sum."""
    del reference, expected, given, line
    return []


def line_region(expected: Path, line: int) -> Region:
    del expected
    return Region("sum", f"the sum of input line {line}")


def region_symptom(region: str) -> str:
    del region
    return "stdout differs in a sum"


def memcheck_cases(root: Path, ids: Sequence[str]) -> list[str]:
    del root
    return list(ids[:1])


def corpus_stats_rows(root: Path) -> list[StatsRow]:
    del root
    return []


def contract_violations(run: RunOutcome) -> list[str]:
    lines, _ = stderr_shape(run.err)
    if run.status == 0 and lines:
        return ["exit 0 with a message on stderr"]
    if run.status == 2 and lines != 1:
        return ["exit 2 without exactly one message on stderr"]
    return []


GAME = Game(
    name="toy",
    title="Sums (the harness's toy game)",
    run_mode="stdin",
    run_words="on stdin",
    packages=(),
    seed_case="examples/two-lines",
    oom_cases=(),
    corpus_pipeline=(),
    judge="",
    judge_faults="",
    explain=explain,
    corpus_minimums=(CorpusMinimum(("examples",), 2), CorpusMinimum(("more",), 2)),
    corpus_total=4,
    visible_categories=("examples",),
    deliverables=(),
    handout_input="",
    fuzz_dictionary='space=" "\nminus="-"\n',
    line_region=line_region,
    region_symptom=region_symptom,
    memcheck_cases=memcheck_cases,
    corpus_stats_rows=corpus_stats_rows,
    contract_violations=contract_violations,
)
