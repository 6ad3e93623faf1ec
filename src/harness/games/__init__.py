"""harness.games -- the games the harness knows, one module each
(harness/games/NAME.py defining GAME, a harness.games.game.Game), found by
the registry here: a new game is one more module in this package, and
nothing outside a game's module branches on a game's name. (Today's bash
still loads src/games/NAME.bash; the tools switch over step by step.)

    get(name)      the Game named NAME; UnknownGame naming the games there are
    names()        the games there are, sorted
    choices()      "checkers or draughts", for messages
    DEFAULT        the game a tool takes when given none
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Optional

from harness.games.game import Game

# The game every tool takes when given no --program.
DEFAULT = "checkers"


class UnknownGame(ValueError):
    """A name that is no game; its message names the games there are."""


def _package() -> ModuleType:
    return importlib.import_module(__name__)


def _games(package: Optional[ModuleType] = None) -> dict[str, Game]:
    """{name: Game} of every module of PACKAGE (this one by default) that
    defines GAME; a module whose GAME bears another name is refused."""
    package = package or _package()
    found = {}
    for module_info in pkgutil.iter_modules(package.__path__):
        if module_info.name.startswith("_") or module_info.ispkg:
            continue
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        game = getattr(module, "GAME", None)
        if not isinstance(game, Game):
            continue
        if game.name != module_info.name:
            raise ValueError(f"{module.__file__}: its GAME is named {game.name!r}, not {module_info.name!r}")
        found[game.name] = game
    return found


def names(package: Optional[ModuleType] = None) -> list[str]:
    """The games there are, sorted."""
    return sorted(_games(package))


def choices(package: Optional[ModuleType] = None) -> str:
    """The games in words: "checkers or draughts"."""
    listed = names(package)
    return " or ".join([", ".join(listed[:-1]), listed[-1]] if len(listed) > 1 else listed)


def get(name: str, package: Optional[ModuleType] = None) -> Game:
    """The game NAME; UnknownGame, naming the choices, for a name that is none."""
    games = _games(package)
    if name not in games:
        raise UnknownGame(f"no game {name!r} ({choices(package)})")
    return games[name]


__all__ = ["DEFAULT", "Game", "UnknownGame", "choices", "get", "names"]
