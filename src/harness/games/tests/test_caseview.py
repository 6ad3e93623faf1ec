"""A failing case in the game's terms (each game's case_view, on corpus
cases whose output is changed here at one known line): checkers marks
that line in the side-by-side block, shows the board before it and the
input action that made it; draughts shows the input's board, the judge's
sentence and the trace around the line it names; and the command that
reruns a case, from a language's run line."""

import pytest

from harness import games, languages, paths
from harness.games.caseview import CaseFiles, local_run, rerun_command

CHECKERS, DRAUGHTS = paths.TESTDATA / "checkers", paths.TESTDATA / "draughts"


def changed(tmp_path, corpus, case_id, line, text):
    """CaseFiles of the case whose output has line LINE (1-based) as TEXT."""
    lines = (corpus / (case_id + ".out")).read_text(encoding="utf-8").split("\n")
    lines[line - 1] = text
    actual = tmp_path / "actual.out"
    actual.write_text("\n".join(lines), encoding="utf-8")
    return CaseFiles(corpus / (case_id + ".in"), corpus / (case_id + ".out"), actual, 0)


def boxes(view, kind):
    return [box for box in view["boxes"] if box["kind"] == kind]


def test_checkers_marks_the_line_the_board_before_and_the_action(tmp_path):
    # examples/seed-game-A: line 25 is BLACK ACTION #1's column letters; its 2nd action's cost at 45
    view = games.get("checkers").case_view(changed(tmp_path, CHECKERS, "examples/seed-game-A", 45, "BOARD COST: 9"))
    assert "line 45" in view["sentences"][0] and "WHITE ACTION #2: H3-G4" in view["sentences"][0]
    sides = boxes(view, "sides")[0]
    assert [row["number"] for row in sides["rows"] if row["marked"]] == [45]
    assert sides["rows"][0]["expected"] == "=" * 37
    board = boxes(view, "lines")[1]
    assert board["title"] == "the board before WHITE ACTION #2"
    assert board["rows"][8]["text"] == " 4 | . | . | . | . | . | . | . | . |"  # (H3-G4 not yet played)
    assert board["rows"][10]["text"].endswith("| . | b |")  # (G6-H5 played: H5 black)
    inputs = boxes(view, "lines")[0]
    assert [row["text"] for row in inputs["rows"] if row["marked"]] == ["H3-G4"]


def test_checkers_in_the_setup_board_has_no_board_before(tmp_path):
    view = games.get("checkers").case_view(changed(tmp_path, CHECKERS, "examples/seed-game-A", 5, " 1 | x |"))
    assert "the setup board" in view["sentences"][0]
    assert [box["title"] for box in view["boxes"]][1:] == ["the expected output and yours, from line 1"]
    assert not any(row["marked"] for row in boxes(view, "lines")[0]["rows"])


def test_draughts_the_board_the_judges_sentence_and_the_trace(tmp_path):
    if not (paths.ROOT / games.get("draughts").judge).exists():
        pytest.skip("the judge is not built (make all)")
    case = "examples/crowned-man-moves-back-as-king"
    view = games.get("draughts").case_view(changed(tmp_path, DRAUGHTS, case, 5, "|-|-|-B4: (6,1)=>(7,0); h=7."))
    assert view["sentences"][0].startswith("wrong answer in case 4") and "output line 5" in view["sentences"][0]
    board, trace = view["boxes"]
    assert [row["text"] for row in board["rows"]][:2] == ["case 4", "+O+O+O+O"]
    assert [row["number"] for row in trace["rows"] if row["marked"]] == [5]
    assert trace["rows"][0]["number"] == 1 and len(trace["rows"]) == 9


@pytest.mark.parametrize("name, main, expected", [
    ("c", None, "./program"), ("java", None, "java -cp . hw4"), ("csharp", None, "mono ./hw4.exe"),
    ("python", "hw4.py", "python3 ./hw4.py"), ("python", "my game.py", "python3 './my game.py'")])
def test_a_languages_run_line_in_the_programs_own_folder(name, main, expected):
    assert local_run(languages.get(name).run, main) == expected


def test_the_rerun_command_as_the_game_runs_a_program():
    assert rerun_command("stdin", "./program", "examples-x") == "./program < examples-x.in | diff - examples-x.expected"
    assert rerun_command("graded", "./hw4", "ex") == "cp ex.in input.txt && ./hw4 input.txt output.txt; diff output.txt ex.expected"
    assert "'a b.in'" in rerun_command("stdin", "./program", "a b")


def test_a_run_killed_at_the_time_limit_is_said_so(tmp_path):
    files = changed(tmp_path, CHECKERS, "examples/seed-game-A", 45, "BOARD COST: 9")
    hung = CaseFiles(files.input, files.expected, files.actual, None)
    assert any("time limit" in s for s in games.get("checkers").case_view(hung)["sentences"])
    assert not any("time limit" in s or "exit status" in s for s in games.get("checkers").case_view(files)["sentences"])
