"""The catalogue of faults: one TSV per game (GAME.tsv), read by its
header's names, and where each fault's patch and faulted build live.

The catalogue is data, kept apart from this code in src/diagnose/faults/
(paths.SRC / "diagnose" / "faults"); a Catalogue of another folder (the
tests' broken ones: check_catalogue --faults DIR) reads the same way."""
import csv
import dataclasses
import os

from harness import paths

DEFAULT_FOLDER = str(paths.SRC / "diagnose" / "faults")
COLUMNS = ("code", "description", "patch", "match")
MATCHES = ("exact", "tokens", "judge", "superset")


class CatalogueError(Exception):
    pass


@dataclasses.dataclass(frozen=True)
class Catalogue:
    """A catalogue folder: GAME.tsv per game, the patches beside them."""

    folder: str = DEFAULT_FOLDER

    def games(self):
        """The games with a catalogue (GAME.tsv), sorted."""
        return tuple(sorted(name[:-4] for name in os.listdir(self.folder) if name.endswith(".tsv")))

    def read(self, game):
        """The faults of GAME, in the catalogue's order, as dicts by column."""
        path = os.path.join(self.folder, game + ".tsv")
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

    def by_code(self, game):
        return {row["code"]: row for row in self.read(game)}

    def patch_path(self, row):
        return os.path.join(self.folder, row["patch"])


def binary(build, game, codes):
    """build/faults/GAME/CODE, or CODE1+CODE2 for faults applied together."""
    return os.path.join(build, "faults", game, "+".join(codes))
