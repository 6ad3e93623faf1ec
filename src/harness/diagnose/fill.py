"""fill, `python3 -m harness.diagnose.fill`: every built faulted reference
of the catalogue run on every case of the corpus, once, into
build/faults/GAME.runs (corpusruns.py), with the judge's verdicts for a
game with a judge; `make faults` runs it after building the faults. What
is kept and still current is not run again, so a second fill after a
changed case or patch runs only what changed; rows that can no longer be
read (another binary, another input) are dropped."""
from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import os
import sys
from typing import Dict, List, Tuple

from harness import paths
from harness.cases import corpus
from harness.diagnose import catalogue, corpusruns, evaluate, runs
from harness.diagnose import game as games
from harness.diagnose.compare import Judge

PROG = "python3 -m harness.diagnose.fill"
BATCH = 500


@dataclasses.dataclass(frozen=True)
class Corpus:
    """A game's cases by input digest: the input's path, the expected output."""

    inputs: Dict[str, Tuple[str, bytes]]

    @classmethod
    def read(cls, cases_dir: str) -> "Corpus":
        inputs = {}
        for case_id in corpus.list_ids(cases_dir):
            stem = os.path.join(cases_dir, case_id)
            with open(stem + ".in", "rb") as handle:
                key = corpusruns.digest(handle.read())
            inputs[key] = (stem + ".in", runs.expected(cases_dir, case_id).out)
        return cls(inputs)


def fault_binaries(game: str, build: str) -> Dict[str, str]:
    """{binary digest: path} of GAME's single faults built in BUILD."""
    found = {}
    for row in catalogue.Catalogue().read(game):
        path = catalogue.binary(build, game, [row["code"]])
        if os.access(path, os.X_OK):
            found[corpusruns.file_digest(path)] = path
    return found


def stale(kept: Dict[Tuple[str, str], object], cases: Corpus, binaries: Dict[str, str]) -> List[Tuple[str, str]]:
    """The (binary, input) pairs with no current kept run."""
    todo = []
    for binary in binaries:
        for key, (_, expected) in cases.inputs.items():
            if (binary, key) not in kept:
                todo.append((binary, key))
            elif kept[(binary, key)] is not None and kept[(binary, key)] != corpusruns.digest(expected):
                todo.append((binary, key))
    return todo


def run_all(game: str, todo, cases: Corpus, binaries, writer: corpusruns.Writer, jobs: int) -> int:
    """Each (binary, input) of TODO run and kept, JOBS at once; how many were kept."""
    def one(pair):
        binary, key = pair
        input_path, expected = cases.inputs[key]
        run = runs.run_reference(game, binaries[binary], input_path)
        if run.status is None:
            return None
        if run.out == expected:
            return (binary, key, run.status, corpusruns.digest(expected), None)
        return (binary, key, run.status, None, run.out)
    kept = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for start in range(0, len(todo), BATCH):
            rows = [row for row in pool.map(one, todo[start:start + BATCH]) if row is not None]
            writer.keep_runs(rows)
            kept += len(rows)
    return kept


def judge_all(judge_path: str, cases: Corpus, writer: corpusruns.Writer, jobs: int) -> int:
    """The judge's verdict on every kept run that is not the expected output."""
    judge, name = Judge(judge_path), corpusruns.file_digest(judge_path)
    todo = [key for key in writer.unverdicted(name) if key[1] in cases.inputs]
    outs = {pair: writer.out(*pair) for pair in todo}  # (read here: the connection is this thread's)

    def one(pair):
        binary, key = pair
        return (binary, key, name, judge.verdict(cases.inputs[key][0], outs[pair]))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        writer.keep_verdicts(pool.map(one, todo))
    return len(todo)


def fill(game: str, build: str, cases_dir: str, jobs: int) -> str:
    """GAME's runs filled; the line that says what was done."""
    cases, binaries = Corpus.read(cases_dir), fault_binaries(game, build)
    writer = corpusruns.Writer(corpusruns.path_for(build, game))
    try:
        kept = run_all(game, stale(writer.expected_of(), cases, binaries), cases, binaries, writer, jobs)
        judged = 0
        judge_path = games.facts(game).judge
        if judge_path and os.access(judge_path, os.X_OK):
            judged = judge_all(judge_path, cases, writer, jobs)
        writer.keep_only(set(binaries), set(cases.inputs))
    finally:
        writer.close()
    return ("fill: %s: %d faults on %d cases, %d runs newly kept, %d verdicts newly judged"
            % (game, len(binaries), len(cases.inputs), kept, judged))


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=games.names(), help="only this game (default: both)")
    parser.add_argument("--build", default=str(paths.BUILD), help="build folder (default: build/)")
    parser.add_argument("--cases", metavar="DIR", help="the corpus (default: testdata/GAME; with --game)")
    parser.add_argument("--jobs", type=int, default=evaluate.default_jobs(), help="runs at once")
    args = parser.parse_args(argv)
    for game in [args.game] if args.game else games.names():
        print(fill(game, args.build, args.cases or str(paths.TESTDATA / game), args.jobs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
