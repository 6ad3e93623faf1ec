"""The engines' contract for any input (scripts/fuzz): each game's
contract_violations against its bash twin on made-up runs, good and bad."""

import pytest

from harness import games, paths
from harness.games.game import RunOutcome
from harness.tests.bash import run_bash

SETUP = (paths.TESTDATA / "checkers" / "edge-input" / "empty.out").read_bytes()
MALFORMED = b'checkers: line 4: malformed action "G6-F" (expected e.g. G6-F5, A or P)\n'
TRACE = b"case 1\nA1: (5,0)=>(4,1)\n|-B2: (2,1)=>(3,2); h=0\nfirst move: (5,0)=>(4,1)\n"
RUNS = {
    "checkers": [
        RunOutcome(0, SETUP, b""),
        RunOutcome(0, SETUP, b"a word\n"),
        RunOutcome(1, SETUP + b"ERROR: Source cell is outside of the board.\n", b""),
        RunOutcome(1, SETUP, b""),
        RunOutcome(2, SETUP, MALFORMED),
        RunOutcome(2, SETUP, MALFORMED + MALFORMED),
        RunOutcome(2, SETUP, b"checkers: something else\n"),
        RunOutcome(0, b"garbage\n", b""),
        RunOutcome(139, SETUP[:10], b"boom\nmore\n"),
        RunOutcome(124, b"", b""),
        RunOutcome(3, SETUP, b"checkers: out of memory\n"),
    ],
    "draughts": [
        RunOutcome(0, TRACE + TRACE.replace(b"case 1", b"case 2"), b""),
        RunOutcome(0, b"", b""),
        RunOutcome(0, TRACE, b"noise\n"),
        RunOutcome(0, b"stray line\n" + TRACE, b""),
        RunOutcome(0, TRACE + b"case 2\nA1: (5,0)=>(4,1)\n", b""),
        RunOutcome(0, b"case 1\ncase 2\nfirst move: x\n", b""),
        RunOutcome(0, b"case 1x\nfirst move: x\n", b""),
        RunOutcome(0, TRACE.replace(b"case 1\n", b"case 1\r\n"), b""),
        RunOutcome(2, TRACE, b"draughts: line 12: a board line of 7 squares\n"),
        RunOutcome(2, TRACE, b"draughts: line 0: x\n"),
        RunOutcome(2, b"", b""),
        RunOutcome(134, b"", b""),
        RunOutcome(4, b"", b"draughts: output.txt: cannot write\n"),
    ],
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_contract_violations_as_bash(name, tmp_path):
    game = games.get(name)
    prefixes = []
    for number, run in enumerate(RUNS[name]):
        prefix = tmp_path / str(number)
        prefix.with_suffix(".status").write_text(f"{run.status}\n")
        prefix.with_suffix(".out").write_bytes(run.out)
        prefix.with_suffix(".err").write_bytes(run.err)
        prefixes.append(str(prefix))
    script = ('source src/cases/cases.bash; game_load "$1"; shift; '
              'for run in "$@"; do game_contract_violations "$run"; echo ==; done')
    expected = run_bash(script, name, *prefixes).split("==\n")[:-1]
    mine = ["".join(f"{line}\n" for line in game.contract_violations(RunOutcome.from_files(p))) for p in prefixes]
    assert mine == expected
    assert expected[0] == "" and sum(1 for answer in expected if answer) >= 7
