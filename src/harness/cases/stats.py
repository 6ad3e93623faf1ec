"""corpus-stats: how many cases each category holds, against the minimums
each game's corpus promises (harness.games: Game.corpus_minimums,
corpus_total, corpus_stats_rows), so that a category that thins out fails
loudly. Run by the door scripts/corpus-stats (make corpus-stats)."""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from harness import games, paths
from harness.cases.corpus import category_of, list_ids

USAGE = """\
usage: scripts/corpus-stats [--program P] [--cases DIR]
Prints, for program P (checkers, draughts; default: both), the number of
cases per category under DIR (default: testdata/P), how many of them a
generator wrote (names ending in -s<N>), and each minimum the corpus
promises. For checkers, also the cases whose output ends with a win, by
side and by command (the last line of the input, A or P). Exit status 1
when any minimum is not met.
"""
GENERATED = re.compile(r"-s[0-9]+$")


@dataclass
class Tally:
    """The rows printed so far and how many fell short."""

    lines: list[str]
    short: int = 0

    def row(self, name: str, cases: int, generated: str | int, minimum: int) -> None:
        verdict = "ok"
        if cases < minimum:
            verdict = f"SHORT by {minimum - cases}"
            self.short += 1
        self.lines.append(f"  {name:<24} {cases:6d} {str(generated):>10} {minimum:8d}  {verdict}")


def stats_of(game: games.Game, root: Path, tally: Tally) -> None:
    """The rows of one game's corpus at ROOT."""
    ids = list_ids(root)
    count = Counter(category_of(case_id) for case_id in ids)
    generated = Counter(category_of(case_id) for case_id in ids if GENERATED.search(case_id))
    tally.lines.append(f"  {'category':<24} {'cases':>6} {'generated':>10} {'minimum':>8}")
    listed: set[str] = set()
    for promise in game.corpus_minimums:
        listed.update(promise.categories)
        tally.row(promise.name, sum(count[c] for c in promise.categories),
                  sum(generated[c] for c in promise.categories), promise.minimum)
    for category in sorted(count, key=lambda c: c.encode()):
        if category not in listed:
            tally.row(category, count[category], generated[category], 0)
    tally.row("total", len(ids), sum(generated.values()), game.corpus_total)
    for extra in game.corpus_stats_rows(root):
        tally.row(extra.row, extra.cases, "-", extra.minimum)


class UsageError(Exception):
    """Bad usage: the message, then the usage, on stderr; exit 2."""


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The options; UsageError for anything else."""
    options = argparse.Namespace(help=False, program=None, cases=None)
    words = list(argv)
    while words:
        word = words.pop(0)
        if word in ("-h", "--help"):
            options.help = True
        elif word in ("--program", "--cases") and words and words[0]:
            setattr(options, word[2:], words.pop(0))
        elif word in ("--program", "--cases"):
            raise UsageError(f"{word} needs a {'name' if word == '--program' else 'directory'}")
        else:
            raise UsageError(f"unknown argument '{word}'")
    return options


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        options = parse(sys.argv[1:] if argv is None else argv)
    except UsageError as error:
        print(f"corpus-stats: {error}\n{USAGE}", end="", file=sys.stderr)
        return 2
    if options.help:
        print(USAGE, end="")
        return 0
    try:
        chosen = [games.get(options.program)] if options.program else [games.get(n) for n in games.names()]
    except games.UnknownGame as error:
        print(f"corpus-stats: {error}", file=sys.stderr)
        return 2
    tally = Tally([])
    for game in chosen:
        root = Path(options.cases) if options.cases else paths.TESTDATA / game.name
        if not root.is_dir():
            print(f"corpus-stats: no cases directory '{root}'", file=sys.stderr)
            return 2
        shown = options.cases or f"{paths.TESTDATA / game.name}"
        tally.lines.append(f"{game.name} ({shown})")
        stats_of(game, root, tally)
    print("\n".join(tally.lines))
    if tally.short:
        print(f"corpus-stats: {tally.short} minimum(s) not met")
        return 1
    print("corpus-stats: every minimum met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
