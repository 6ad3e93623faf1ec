"""The registry: the games are the modules of harness/games that define
GAME, as src/games/game.bash's game_names lists them; a name that is no
game is refused with the choices; a third game is one more module."""

import sys
import textwrap

import pytest

import harness.games
from harness import games
from harness.tests.bash import lines, run_bash


def test_names_and_choices_as_bash():
    listed = lines(run_bash("source src/games/game.bash; game_names"))
    assert games.names() == listed == ["checkers", "draughts"]
    assert games.choices() == run_bash("source src/games/game.bash; game_choices").strip()
    assert games.DEFAULT in games.names()
    assert games.DEFAULT == run_bash('source src/games/game.bash; echo "$GAME_DEFAULT"').strip()


@pytest.mark.parametrize("name", ["chess", "game", "../games/checkers", "", "Checkers"])
def test_an_unknown_name_is_refused_naming_the_games(name):
    with pytest.raises(games.UnknownGame) as refused:
        games.get(name)
    assert str(refused.value) == f"no game {name!r} (checkers or draughts)"


TOY = '''
    """othello -- a toy third game: one module, nothing else changed."""
    from harness.games import checkers
    from harness.games.game import Game
    from dataclasses import replace

    GAME = replace(checkers.GAME, name="othello", title="a toy", visible_categories=("openings",),
                   deliverables=())
'''


@pytest.fixture
def third_game(tmp_path, monkeypatch):
    """harness.games with one more module, othello.py, in a folder of its
    package's path (as a file dropped beside checkers.py would be)."""
    (tmp_path / "othello.py").write_text(textwrap.dedent(TOY))
    monkeypatch.setattr(harness.games, "__path__", list(harness.games.__path__) + [str(tmp_path)])
    yield tmp_path
    sys.modules.pop("harness.games.othello", None)


def test_a_third_game_is_one_module(third_game):
    assert games.names() == ["checkers", "draughts", "othello"]
    assert games.choices() == "checkers, draughts or othello"
    toy = games.get("othello")
    assert (toy.title, toy.visible_categories, toy.engine.name) == ("a toy", ("openings",), "othello")
    with pytest.raises(games.UnknownGame, match=r"\(checkers, draughts or othello\)"):
        games.get("go")


def test_a_module_whose_game_bears_another_name_is_refused(third_game):
    (third_game / "othello.py").write_text(textwrap.dedent(TOY).replace('name="othello"', 'name="reversi"'))
    with pytest.raises(ValueError, match="named 'reversi', not 'othello'"):
        games.names()


def test_a_module_without_a_game_is_no_game(third_game):
    (third_game / "helpers.py").write_text("VALUE = 1\n")
    assert games.names() == ["checkers", "draughts", "othello"]
    sys.modules.pop("harness.games.helpers", None)


def test_a_game_record_refuses_a_bad_run_mode_or_name():
    from dataclasses import replace
    with pytest.raises(ValueError, match="run mode 'file'"):
        replace(games.get("checkers"), run_mode="file")
    with pytest.raises(ValueError, match="lower-case letters"):
        replace(games.get("checkers"), name="Chess")
    with pytest.raises(ValueError, match="go together"):
        replace(games.get("checkers"), judge="build/x")
