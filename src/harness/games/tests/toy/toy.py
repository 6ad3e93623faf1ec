"""toy -- a third game the harness's tests register to show that a game is
one module (src/harness/games/tests/test_third_game.py copies this file to
src/harness/games/toy.py in a copy of the repository, with its engine
sum.c, its corpus testdata/ and its scheme scheme.tsv as data). A program
reads lines of two integers on stdin and prints each line's sum; a line
that is not two integers ends the run: `toy: line N: expected two
integers` on stderr, exit 2."""

from __future__ import annotations

from harness.games.game import CorpusMinimum, Game, Region, RunOutcome, stderr_shape


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
    explain=lambda reference, expected, given, line, rerun: [],
    corpus_minimums=(CorpusMinimum(("examples",), 2), CorpusMinimum(("more",), 2)),
    corpus_total=4,
    visible_categories=("examples",),
    deliverables=(),
    handout_input="",
    fuzz_dictionary='space=" "\nminus="-"\n',
    # (a toy's specifics are one-liners: no words beyond the line, a
    # region per input line, one case under Valgrind, no rows of its own)
    line_region=lambda expected, line: Region("sum", f"the sum of input line {line}"),
    region_symptom=lambda region: "stdout differs in a sum",
    memcheck_cases=lambda root, ids: list(ids[:1]),
    corpus_stats_rows=lambda root: [],
    contract_violations=contract_violations,
)
