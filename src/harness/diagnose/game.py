"""game.py -- what diagnosis needs to know of a game, asked of its record
(harness.games) rather than branched on by name: how a program gets a case
(run mode stdin, or graded: input.txt and output.txt in its folder) and the
judge of the assignment profile (empty where stdout is compared byte for
byte, and then the exit status counts too)."""

import collections
import functools

from harness import games
from harness.diagnose.catalogue import Catalogue

Facts = collections.namedtuple("Facts", "run_mode judge")


@functools.lru_cache(maxsize=None)
def facts(name):
    """The game NAME's facts; ValueError for a name that is no game."""
    try:
        game = games.get(name)
    except games.UnknownGame as error:
        raise ValueError(str(error)) from None
    return Facts(game.run_mode, str(game.path(game.judge)) if game.judge else "")


def names():
    """The games with a catalogue of faults (src/diagnose/faults/GAME.tsv)."""
    return Catalogue().games()
