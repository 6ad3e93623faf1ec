"""A wrong program's failure on a corpus case, as check-engine reports it
and as its case view shows it, made without a program: a wrong output
(the expected one with lines changed), compared by check-engine's own
code (harness.check.compare, or the game's judge: harness.check.judge),
and the game's view of it (harness.games.caseview.views); for the tests
of views rebuilt from a stored report (rebuilt.py)."""

import json
import re
from pathlib import Path

from harness import games, paths
from harness.cases import Case
from harness.check.compare import Actual, Settings, compare, printable
from harness.check.judge import judge_one
from harness.games.caseview import views

# The case each game's tests fail: long enough that a change far down
# leaves a board before it (checkers), a trace of several plies (draughts).
CASES = {"checkers": "examples/win-at-A", "draughts": "examples/crowned-man-moves-back-as-king"}


def wrong_output(game_name, changes=1):
    """The case's expected output with CHANGES lines changed: checkers, a
    man (b) made a king (B) on a board from line 300 on, one every 200
    lines; draughts, a move's value h=N made h=N+7."""
    lines = (Path(games.get(game_name).corpus) / (CASES[game_name] + ".out")).read_text().split("\n")
    pattern, changed, at = (r"\| b \|", "| B |", 300) if game_name == "checkers" else (r"h=-?\d+", None, 0)
    for _ in range(changes):
        at = next(i for i in range(at, len(lines)) if re.search(pattern, lines[i]))
        lines[at] = re.sub(pattern, changed or (lambda m: "h=%d" % (int(m.group()[2:]) + 7)), lines[at], count=1)
        at += 200
    return "\n".join(lines).encode()


def failure(game_name, out, folder):
    """(check-engine's report of the run that printed OUT, as text; the
    game's view of it), the run kept in FOLDER/outputs as check-engine
    keeps it."""
    game = games.get(game_name)
    case = Case(Path(game.corpus), CASES[game_name])
    actual = Actual(0, out, b"", Path(folder, "run"))
    settings = Settings(game, "5", "./program", stdout_only=True)
    if game.judge:
        report = judge_one(str(paths.ROOT / game.judge), [], case, actual, settings, Path(folder, "feedback")).report
    else:
        report = compare(case, case.path(".out").read_bytes(), actual, settings).report
    kept = Path(folder, "outputs", case.id)
    kept.parent.mkdir(parents=True, exist_ok=True)
    Path(str(kept) + ".out").write_bytes(out)
    Path(str(kept) + ".status").write_text("0\n")
    return printable(report).decode(), views(game, folder, [case.id])[case.id]


def old_report(game_name, text):
    """A report as the service stored one before the case views: the
    results and the failure's report, no views, no run command."""
    case_id = CASES[game_name]
    return json.dumps({"results": [[case_id, case_id.split("/")[0], "fail", "stdout differs", "stdout"]],
                       "reports": {case_id: text}, "output": "", "build": ""})
