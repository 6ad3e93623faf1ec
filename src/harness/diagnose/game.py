"""game.py -- what diagnosis needs to know of a game, asked of its adapter
(src/games/GAME.bash, as every script of the harness asks it) rather than
branched on by name: how a program gets a case (GAME_RUN_MODE: stdin, or
graded: input.txt and output.txt in its folder) and the judge of the
assignment profile (GAME_JUDGE: empty where stdout is compared byte for
byte, and then the exit status counts too)."""

import collections
import functools
import os
import subprocess

from harness import paths
from harness.diagnose.catalogue import Catalogue

Facts = collections.namedtuple("Facts", "run_mode judge")


@functools.lru_cache(maxsize=None)
def facts(name):
    """The game NAME's facts; ValueError for a name that is no game."""
    script = ('source "$1/src/games/game.bash" && game_load "$2" && '
              'printf "%s\\t%s\\n" "$GAME_RUN_MODE" "$GAME_JUDGE"')
    done = subprocess.run(["bash", "-c", script, "-", str(paths.ROOT), name],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise ValueError("%s is no game of src/games/" % name)
    run_mode, judge = done.stdout.rstrip("\n").split("\t")
    return Facts(run_mode, os.path.join(paths.ROOT, judge) if judge else "")


def names():
    """The games with a catalogue of faults (src/diagnose/faults/GAME.tsv)."""
    return Catalogue().games()
