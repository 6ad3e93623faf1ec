"""languages.tsv read by its header's names, in Python and in bash
(languages.bash): the same records; a table whose columns are reordered
reads the same; one that lacks a column is refused, naming it."""

import pytest

from harness import languages, paths
from harness.tests.bash import lines, run_bash

LANGUAGES_BASH = "source src/languages/languages.bash; "
FIELDS = ("files", "build", "product", "run", "older")


def bash_fields(table_dir=None):
    """{language: [cell per FIELDS]} as language_field reads them (from the
    table in TABLE_DIR when given)."""
    point = 'LANGUAGES_DIR="$1"; ' if table_dir else ""
    script = (LANGUAGES_BASH + point + 'for lang in $(language_names); do for col in ' + " ".join(FIELDS)
              + '; do language_field "$lang" "$col"; done; done; language_names')
    out = lines(run_bash(script, *([str(table_dir)] if table_dir else [])))
    names = out[len(out) - len(out) // (len(FIELDS) + 1):]
    cells = out[: len(names) * len(FIELDS)]
    return {name: cells[i * len(FIELDS):(i + 1) * len(FIELDS)] for i, name in enumerate(names)}


def as_cells(language):
    def cell(value):
        return "-" if value is None else value
    return [" ".join(language.files), cell(language.build), cell(language.product), language.run,
            cell(language.older)]


def test_records_as_bash():
    table = languages.read_table()
    assert [l.name for l in table] == ["c", "cpp", "java", "csharp", "python"]
    assert {l.name: as_cells(l) for l in table} == bash_fields()
    assert languages.get("cpp").older_command() == run_bash(LANGUAGES_BASH + "language_older_command cpp").strip()
    native = lines(run_bash(LANGUAGES_BASH + 'for l in "$@"; do if language_native "$l"; then echo "$l"; fi; done',
                            *languages.names()))
    assert [l.name for l in table if l.native] == native == ["c", "cpp"]
    assert languages.get("java").older_command() is None


def reordered(tmp_path, drop=None):
    """The real table, comments kept, its columns in another order (less
    the column DROP), written as TMP_PATH/languages.tsv."""
    header = None
    out = []
    for line in languages.LANGUAGES_TSV.read_text(encoding="utf-8").split("\n"):
        if line.startswith("#") or not line:
            out.append(line)
            continue
        cells = line.split("\t")
        header = header or cells
        cell = dict(zip(header, cells))
        out.append("\t".join(cell[name] for name in ORDER if name != drop))
    (tmp_path / "languages.tsv").write_text("\n".join(out), encoding="utf-8")
    return tmp_path / "languages.tsv"


ORDER = ("older", "product", "language", "run", "build", "files")


def test_reordered_columns_read_the_same(tmp_path):
    path = reordered(tmp_path)
    assert "\nolder\tproduct\tlanguage\trun\tbuild\tfiles\n" in path.read_text()
    assert languages.read_table(path) == languages.read_table()
    assert bash_fields(tmp_path) == bash_fields()


@pytest.mark.parametrize("column", ["files", "older", "language"])
def test_a_missing_column_is_refused_naming_it(tmp_path, column):
    path = reordered(tmp_path, drop=column)
    with pytest.raises(languages.LanguagesError, match=f"no column {column} in its header"):
        languages.read_table(path)
    script = LANGUAGES_BASH + 'LANGUAGES_DIR="$1"; language_field cpp "$2" 2>&1; echo "status $?"'
    said = lines(run_bash(script, str(tmp_path), "run" if column == "language" else column))
    assert said[0].startswith(f"languages.tsv: no column {column} in its header") and said[-1] == "status 2"


def test_an_unknown_language_or_a_short_row_is_refused(tmp_path):
    with pytest.raises(languages.UnknownLanguage, match=r"no language 'cobol' \(c, cpp, java, csharp, python\)"):
        languages.get("cobol")
    (tmp_path / "languages.tsv").write_text("language\tfiles\tbuild\tproduct\trun\tolder\nc\t*.c\tgcc\n")
    with pytest.raises(languages.LanguagesError, match="the row 'c' has 3 cells, its header 6"):
        languages.read_table(tmp_path / "languages.tsv")
    assert paths.SRC / "languages" / "languages.tsv" == languages.LANGUAGES_TSV
