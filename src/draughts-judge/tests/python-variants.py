#!/usr/bin/python3
"""usage: python-variants.py INPUT OUTDIR VARIANT...

Test driver of judge.bats: the Python test player (players/python/player.py)
run on INPUT for each VARIANT in one process, each variant's output.txt
written to OUTDIR/VARIANT.txt, byte for byte what
`HW4_VARIANT=VARIANT python3 player.py INPUT output.txt` writes.

The format-only variants (FORMAT_ONLY: the player's Formatter alone reads
them, its search never does) share one search: reference-like's, whose
every line is formatted once per such variant. Every other variant runs a
search of its own. The judge, not this driver, is what the tests check.
"""
import importlib.util
import os
import sys

FORMAT_ONLY = ("reference-like", "spacing", "no-dot", "inf-int", "inf-word",
               "no-header", "upper-case")


def load_player():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "players", "python", "player.py")
    spec = importlib.util.spec_from_file_location("player", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Each(tuple):
    """One formatter call's result for every format-only variant, in order."""


class FanOut:
    """A Formatter for the Player that formats each line once per variant."""

    def __init__(self, player, variants):
        self.formats = [player.Formatter(v) for v in variants]

    def move_line(self, *args):
        return Each(f.move_line(*args) for f in self.formats)

    def prune_line(self, *args):
        return Each(f.prune_line(*args) for f in self.formats)

    def header(self, number):
        return [Each(f.header(number) for f in self.formats)]

    def first_move(self, m):
        return [Each(f.first_move(m) for f in self.formats)]


def lines_of(items, i):
    """Variant i's lines out of a fanned-out Player's lines."""
    for item in items:
        one = item[i]
        if isinstance(one, list):
            yield from one
        else:
            yield one


def write(outdir, variant, lines):
    with open(os.path.join(outdir, variant + ".txt"), "w") as out:
        out.write("".join(line + "\n" for line in lines))


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return
    if len(argv) < 4:
        sys.exit(__doc__.strip())
    player = load_player()
    with open(argv[1], "rb") as source:
        cases = player.read_cases(source.read())
    variants = argv[3:]
    unknown = [v for v in variants if v not in player.CORRECT + player.FAULTS]
    if unknown:
        sys.exit("python-variants.py: unknown variant %r" % unknown[0])
    shared = [v for v in variants if v in FORMAT_ONLY]
    if shared:
        search = player.Player("reference-like")
        search.fmt = FanOut(player, shared)
        for number, board in cases:
            search.play(number, board)
        for i, variant in enumerate(shared):
            write(argv[2], variant, lines_of(search.lines, i))
    for variant in variants:
        if variant not in FORMAT_ONLY:
            one = player.Player(variant)
            for number, board in cases:
                one.play(number, board)
            write(argv[2], variant, one.lines)


if __name__ == "__main__":
    main(sys.argv)
