"""Which language a program handed in as a folder is, from its files (as
the bash language_of, language_files and language_python_main of before:
src/harness/languages/tests/test_detect.py holds their answers)."""

from __future__ import annotations

import fnmatch
import os
import re
from pathlib import Path
from typing import Optional

from harness.languages.table import LANGUAGES_TSV, Language, read_table

MAIN_TEST = re.compile(r"__name__ *== *.__main__.")


class NoLanguage(ValueError):
    """A folder with no source file of a known language, or with sources in
    several: the message is the sentence a report shows."""


def _files(folder: Path) -> list[str]:
    """Every regular file under FOLDER (links not followed), relative to it."""
    found = []
    for parent, dirs, files in os.walk(folder):
        for name in dirs + files:
            full = os.path.join(parent, name)
            if os.path.isfile(full) and not os.path.islink(full):
                found.append(os.path.relpath(full, folder))
    return found


def source_files(folder: Path | str, language: Language) -> list[str]:
    """LANGUAGE's source files under FOLDER, relative to it, byte-sorted."""
    return sorted((rel for rel in _files(Path(folder))
                   if any(fnmatch.fnmatchcase(os.path.basename(rel), pattern) for pattern in language.files)),
                  key=os.fsencode)


def language_of(folder: Path | str, table: Optional[tuple[Language, ...]] = None) -> Language:
    """The one language of FOLDER's sources (TABLE: languages.tsv's)."""
    table = read_table(LANGUAGES_TSV) if table is None else table
    files = [os.path.basename(rel) for rel in _files(Path(folder))]
    found = [language for language in table
             if any(fnmatch.fnmatchcase(name, pattern) for name in files for pattern in language.files)]
    if len(found) == 1:
        return found[0]
    if not found:
        patterns = ", ".join("/".join(p.removeprefix("*") for p in language.files) for language in table)
        raise NoLanguage(f"no source file of a known language ({patterns})")
    raise NoLanguage(f"sources in several languages ({' '.join(l.name for l in found)}): one language a program")


def python_main(folder: Path | str, language: Language) -> Optional[str]:
    """The Python file to run: hw4.py, else the only one of LANGUAGE's
    files, else the only one that tests __name__ == "__main__"; None when
    there is no such one."""
    folder = Path(folder)
    if (folder / "hw4.py").is_file():
        return "hw4.py"
    files = source_files(folder, language)
    if len(files) == 1:
        return files[0]
    mains = [rel for rel in files
             if MAIN_TEST.search((folder / rel).read_text(encoding="utf-8", errors="replace"))]
    return mains[0] if len(mains) == 1 else None
