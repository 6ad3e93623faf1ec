"""harness.check.explain.checkers says only what the program did: "another
order" only where the check it reported fails too on that action; a
refusal "with other words" only for an error line (a win line is a win);
a tie "later in the specified order" only where the reference's own cost
of the program's action, in the candidates printed with it, is the best,
and, where the reference searching to another depth chooses that action
and no tie pattern does, the depth instead. The reference is build/checkers
(make), run on corpus cases; the program's output is the expected one
edited, or the reference's at --depth 2."""

import re
import subprocess

import pytest

from harness import paths
from harness.check.explain import explain_failure, text_lines
from harness.check.explain.checkers import explain

REFERENCE = paths.BUILD / "checkers"
CASES = paths.TESTDATA / "checkers"


def explained(case: str, actual: bytes, line: int, reference=REFERENCE) -> list[str]:
    """The explain lines for CASE where the program printed ACTUAL."""
    path = CASES / (case + ".in")
    return explain_failure(explain, reference, path, (CASES / (case + ".out")).read_bytes(), actual,
                           line).decode("latin-1").splitlines()


def edited(case: str, line: int, text: str | None, keep: bool = False) -> bytes:
    """CASE's expected output with line LINE replaced by TEXT (None: cut
    there), what follows it kept or not."""
    lines = text_lines((CASES / (case + ".out")).read_bytes())
    rest = lines[line:] if keep else []
    return "".join(f"{each}\n" for each in lines[:line - 1] + ([text] if text is not None else []) + rest).encode()


needs_reference = pytest.mark.skipif(not REFERENCE.exists(), reason="build/checkers is not built (make)")


@needs_reference
def test_a_win_and_a_stop_is_not_told_it_refused():
    # official/test6: the reference refuses WHITE ACTION #2 (check 4) at line 43
    said = explained("official/test6", edited("official/test6", 43, "BLACK WIN!"), 43)
    assert not any("refused ACTION #2 too" in line for line in said)
    assert "explain: this program printed `BLACK WIN!` where the reference refuses ACTION #2: it did not " \
           "refuse the action, it found the game over" in said
    other = explained("official/test6", edited("official/test6", 43, "Bye"), 43)
    assert "explain: this program printed `Bye` where the reference refuses ACTION #2: that is not an " \
           "error line" in other
    words = explained("official/test6", edited("official/test6", 43, "Error: illegal move"), 43)
    assert any("refused ACTION #2 too, at the same point, but with other words" in line for line in words)


@needs_reference
def test_another_order_only_where_the_reported_check_fails_too():
    # WHITE ACTION #2 is G2-A8: G2 holds w (its own), A8 holds b (check 4 fails)
    case = "official/test6"
    later = explained(case, edited(case, 43, "ERROR: Illegal action."), 43)
    assert any("it applies the checks in another order (check 6 fails here too" in line for line in later)
    own = explained(case, edited(case, 43, "ERROR: Source cell holds opponent's piece/tower."), 43)
    assert "explain: this program reported check 5 (Source cell holds opponent's piece/tower.), which comes " \
           "after check 4, but check 5 passes here (G2 holds w): does this program read the action, or the " \
           "board, otherwise?" in own
    assert not any("another order" in line for line in own)


@needs_reference
def test_a_cell_outside_is_not_another_order():
    # error2-target-outside: check 2 fails on its first action (F0)
    case = "examples/error2-target-outside"
    lines = text_lines((CASES / (case + ".out")).read_bytes())
    said = explained(case, edited(case, len(lines), "ERROR: Illegal action."), len(lines))
    assert not any("another order" in line for line in said)
    assert any(re.search(r"but F0 is outside the board and check 2 comes first", line) for line in said)


def candidates(said: list[str]) -> dict[str, str]:
    """The reference's costs, as the candidates line prints them."""
    listed = [line for line in said if "the reference's candidates in the specified order" in line]
    assert listed, said
    pairs = listed[0].split(": ", 2)[2].split(", ")
    return dict(pair.split(" ") for pair in pairs if pair != "...")


@needs_reference
@pytest.mark.parametrize("case", ["next-action/black-mid-game-s1", "next-action/black-short-game-s1",
                                  "next-action/black-capture-or-move-s1", "official/test3"])
def test_a_depth_2_program_is_told_of_its_depth_and_a_tie_only_where_its_cost_is_the_best(case):
    path = CASES / (case + ".in")
    with open(path, "rb") as given:
        actual = subprocess.run([str(REFERENCE), "--depth", "2"], stdin=given, stdout=subprocess.PIPE,
                                check=False).stdout
    expected = text_lines((CASES / (case + ".out")).read_bytes())
    stop = next(i for i, (a, b) in enumerate(zip(text_lines(actual), expected), start=1) if a != b)
    said = explained(case, actual, stop)
    chose = next(line for line in said if line.startswith("explain: reference chose"))
    best, mine = re.search(r"\(cost (-?[0-9]+)\); this program chose ([A-H][1-8]-[A-H][1-8])", chose).groups()
    costs = candidates(said)
    if "ties at" in chose:
        assert costs[mine] == best
        assert "explain:   or: the reference searching the tree to depth 2, not 3, chooses %s here: does " \
               "this program search to another depth?" % mine in said
    elif "whose cost is" in chose:
        assert costs[mine] == best
        assert "the reference searching the tree to depth 2, not 3, chooses %s here" % mine in chose
    else:
        assert costs[mine] != best and "which the reference costs %s" % costs[mine] in chose
    assert any("depth 2, not 3" in line for line in said)


@needs_reference
def test_without_asking_the_reference_a_tie_is_said_as_before():
    case = "next-action/black-mid-game-s1"
    with open(CASES / (case + ".in"), "rb") as given:
        actual = subprocess.run([str(REFERENCE), "--depth", "2"], stdin=given, stdout=subprocess.PIPE,
                                check=False).stdout
    expected = text_lines((CASES / (case + ".out")).read_bytes())
    stop = next(i for i, (a, b) in enumerate(zip(text_lines(actual), expected), start=1) if a != b)
    with open(CASES / (case + ".in"), "rb") as given:
        notes = subprocess.run([str(REFERENCE), "--explain"], stdin=given, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, check=False).stderr
    said = explain([line for line in text_lines(notes) if line.startswith("explain: ")], expected,
                   text_lines(actual), stop)
    assert any("ties at" in line for line in said)
    assert not any("depth" in line for line in said)


def over_empty_oracle(folder) -> str:
    """The checkers oracle (src/corpus/checkers-oracle, written apart from
    the reference) jumping over empty cells in the input and in its own
    play, at depth 3 (issue 41's jump-over-empty-in-play): its main."""
    for source in (paths.SRC / "corpus/checkers-oracle").glob("*.py"):
        (folder / source.name).write_bytes(source.read_bytes())
    for name, old, new in (("oracle_input.py", "    if board[middle] != EMPTY and OWNER[board[middle]] != side:",
                            "    if board[middle] == EMPTY or OWNER[board[middle]] != side:"),
                           ("oracle_rules.py", "            elif (behind is not None and board[behind] == EMPTY\n"
                            "                  and OWNER[adjacent_cell] == opponent):",
                            "            if (behind is not None and board[behind] == EMPTY\n"
                            "                  and (adjacent_cell == EMPTY or OWNER[adjacent_cell] == opponent)):")):
        text = (folder / name).read_text()
        assert text.count(old) == 1, (name, old)
        (folder / name).write_text(text.replace(old, new))
    return str(folder / "checkers_oracle.py")


@needs_reference
@pytest.mark.parametrize("case", ["bench/largest-tree-white", "bench/middle-game-83-actions"])
def test_a_program_of_depth_3_that_jumps_over_empty_cells_is_not_asked_of_its_depth(case, tmp_path):
    # at its first difference the reference at depth 2 (4) chooses the program's action too, but goes on
    # otherwise within an action: the depth is not why; its own tree's actions are asked of, with its costs
    with open(CASES / (case + ".in"), "rb") as given:
        actual = subprocess.run(["/usr/bin/python3", over_empty_oracle(tmp_path)], stdin=given,
                                stdout=subprocess.PIPE, check=True).stdout
    expected = text_lines((CASES / (case + ".out")).read_bytes())
    stop = next(i for i, (a, b) in enumerate(zip(text_lines(actual), expected), start=1) if a != b)
    said = explained(case, actual, stop)
    chose = next(line for line in said if line.startswith("explain: reference chose"))
    assert "which the reference costs" in chose and "or find the actions of the boards below" in chose, said
    assert not any("another depth" in line for line in said), said


@needs_reference
def test_the_same_action_then_another_win_line_is_not_said_to_differ_in_its_board():
    # wins/black-blocks-white-during-p: BLACK ACTION #73 (D1-E2) leaves white no action; the win line after it
    case = "wins/black-blocks-white-during-p"
    lines = text_lines((CASES / (case + ".out")).read_bytes())
    stop = lines.index("BLACK WIN!") + 1
    said = explained(case, edited(case, stop, "WHITE WIN!"), stop)
    assert "explain: both chose D1-E2 for ACTION #73 (cost INT_MAX); then this program printed `WHITE WIN!` " \
           "where the reference prints `BLACK WIN!`" in said, said
    assert not any("in the board" in line for line in said)
    board = explained(case, edited(case, stop - 2, " 8 | . | . | . | . | . | . | w | . |", keep=True), stop - 2)
    assert any("the difference is in the board or the board cost printed after it" in line for line in board), board
