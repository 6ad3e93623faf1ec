"""The catalogue of faults: one TSV per game (faults/GAME.tsv), read by its
header's names, and where each fault's patch and faulted build live."""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
# DIAGNOSE_FAULTS: another catalogue folder (the tests' broken ones).
FAULTS = os.environ.get("DIAGNOSE_FAULTS") or os.path.join(HERE, "faults")
COLUMNS = ("code", "description", "patch", "match")
MATCHES = ("exact", "tokens", "judge", "superset")


class CatalogueError(Exception):
    pass


def read(game):
    """The faults of GAME, in the catalogue's order, as dicts by column."""
    path = os.path.join(FAULTS, game + ".tsv")
    if not os.path.isfile(path):
        raise CatalogueError("no catalogue of faults for %r (%s)" % (game, path))
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    for number, row in enumerate(rows, start=2):
        if any(not row.get(column) for column in COLUMNS):
            raise CatalogueError("%s line %d: a column of %s is empty"
                                 % (path, number, ", ".join(COLUMNS)))
        if row["match"] not in MATCHES:
            raise CatalogueError("%s line %d: match %r is not one of %s"
                                 % (path, number, row["match"], ", ".join(MATCHES)))
    return rows


def by_code(game):
    return {row["code"]: row for row in read(game)}


def patch_path(row):
    return os.path.join(FAULTS, row["patch"])


def binary(build, game, codes):
    """build/faults/GAME/CODE, or CODE1+CODE2 for faults applied together."""
    return os.path.join(build, "faults", game, "+".join(codes))
