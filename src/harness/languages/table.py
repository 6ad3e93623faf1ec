"""languages.tsv as named records: a Language per row, each column found
by the header's name (comments, lines beginning with #, left out)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from harness import paths

LANGUAGES_TSV = paths.SRC / "languages" / "languages.tsv"
# The columns a table must have (in any order; more may follow).
COLUMNS = ("language", "files", "build", "product", "run", "older")
# A cell that holds nothing (no build, no product, no older standard).
NONE = "-"


class LanguagesError(ValueError):
    """A table that cannot be read as languages.tsv (a column missing, a
    row of another width)."""


class UnknownLanguage(LanguagesError):
    """A name that is no language of the table; its message names them."""


@dataclass(frozen=True)
class Language:
    """One language: its name, the file name patterns that make a folder
    this language, the build command (bash, the sources as "$@"; None for
    none), what it makes (None for nothing), the run command
    ($SANDBOX_FOLDER: the program's folder; {main}: the Python file), the
    older standard's options tried when the build fails (None for none)."""

    name: str
    files: tuple[str, ...]
    build: Optional[str]
    product: Optional[str]
    run: str
    older: Optional[str]

    @property
    def native(self) -> bool:
        """Whether the build makes the executable itself (C, C++: it can run
        alone, and under Valgrind)."""
        return self.product is not None and self.run == f'"$SANDBOX_FOLDER/{self.product}"'

    def older_command(self) -> Optional[str]:
        """The build command with the older options after the compiler's
        name (`g++ -std=gnu++98 "$@" -o hw4`); None without either."""
        if self.build is None or self.older is None:
            return None
        compiler, _, rest = self.build.partition(" ")
        return f"{compiler} {self.older} {rest}"


def _cell(text: str) -> Optional[str]:
    return None if text == NONE else text


def read_table(path: Path | str = LANGUAGES_TSV) -> tuple[Language, ...]:
    """Every language of the table at PATH, in its order."""
    rows = [line.split("\t") for line in Path(path).read_text(encoding="utf-8").split("\n")
            if line.strip() and not line.startswith("#")]
    if not rows:
        raise LanguagesError(f"{path}: no header line ({', '.join(COLUMNS)})")
    header = rows[0]
    missing = [column for column in COLUMNS if column not in header]
    if missing:
        raise LanguagesError(f"{path}: no column {', '.join(missing)} in its header ({', '.join(header)})")
    where = {column: header.index(column) for column in COLUMNS}
    languages = []
    for row in rows[1:]:
        if len(row) != len(header):
            raise LanguagesError(f"{path}: the row {row[0]!r} has {len(row)} cells, its header {len(header)}")
        cell = {column: row[index] for column, index in where.items()}
        languages.append(Language(cell["language"], tuple(cell["files"].split()), _cell(cell["build"]),
                                  _cell(cell["product"]), cell["run"], _cell(cell["older"])))
    return tuple(languages)


def names(path: Path | str = LANGUAGES_TSV) -> list[str]:
    """The languages' names, in the table's order."""
    return [language.name for language in read_table(path)]


def get(name: str, path: Path | str = LANGUAGES_TSV) -> Language:
    """The language NAME; UnknownLanguage naming the languages there are."""
    table = read_table(path)
    for language in table:
        if language.name == name:
            return language
    raise UnknownLanguage(f"no language {name!r} ({', '.join(l.name for l in table)})")
