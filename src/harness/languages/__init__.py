"""harness.languages -- the languages a program may be handed in in, as
named records read from src/languages/languages.tsv by its header's column
names, and which language a folder's sources are.

    read_table(path)        every Language, in the table's order
    get(name)               one Language; UnknownLanguage naming the choices
    language_of(folder)     the folder's Language; NoLanguage with today's sentence
    source_files(folder, language)
                            its sources, relative, byte-sorted
"""

from harness.languages.detect import NoLanguage, language_of, python_main, source_files
from harness.languages.table import (COLUMNS, LANGUAGES_TSV, Language, LanguagesError, UnknownLanguage, get,
                                     names, read_table)

__all__ = ["COLUMNS", "LANGUAGES_TSV", "Language", "LanguagesError", "NoLanguage", "UnknownLanguage", "get",
           "language_of", "names", "python_main", "read_table", "source_files"]
