"""languages.tsv read by its header's names: the records the table
holds; a table whose columns are reordered reads the same; one that lacks
a column is refused, naming it."""

import pytest

from harness import languages, paths

FIELDS = ("files", "build", "product", "run", "older")
# The table's cells, as it is written today (a changed table changes these).
CELLS = {
    "c": ["*.c", 'gcc -std=c99 -Wall -Wextra -Wpedantic -O2 -o program "$@" -lm', "program",
          '"$SANDBOX_FOLDER/program"', "-"],
    "cpp": ["*.cpp *.cc", 'g++ "$@" -o hw4', "hw4", '"$SANDBOX_FOLDER/hw4"', "-std=gnu++98"],
    "java": ["*.java", "javac *.java", "hw4.class", 'java -cp "$SANDBOX_FOLDER" hw4', "-"],
    "csharp": ["*.cs", 'mcs -out:hw4.exe "$@"', "hw4.exe", 'mono "$SANDBOX_FOLDER/hw4.exe"', "-"],
    "python": ["*.py", "-", "-", 'python3 "$SANDBOX_FOLDER/{main}"', "-"],
}


def as_cells(language):
    def cell(value):
        return "-" if value is None else value
    return [" ".join(language.files), cell(language.build), cell(language.product), language.run,
            cell(language.older)]


def test_records():
    table = languages.read_table()
    assert [l.name for l in table] == ["c", "cpp", "java", "csharp", "python"]
    assert {l.name: as_cells(l) for l in table} == CELLS
    assert languages.get("cpp").older_command() == 'g++ -std=gnu++98 "$@" -o hw4'
    assert [l.name for l in table if l.native] == ["c", "cpp"]
    assert languages.get("java").older_command() is None
    assert languages.get("python").older_command() is None


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


@pytest.mark.parametrize("column", ["files", "older", "language"])
def test_a_missing_column_is_refused_naming_it(tmp_path, column):
    path = reordered(tmp_path, drop=column)
    with pytest.raises(languages.LanguagesError, match=f"no column {column} in its header"):
        languages.read_table(path)


def test_an_unknown_language_or_a_short_row_is_refused(tmp_path):
    with pytest.raises(languages.UnknownLanguage, match=r"no language 'cobol' \(c, cpp, java, csharp, python\)"):
        languages.get("cobol")
    (tmp_path / "languages.tsv").write_text("language\tfiles\tbuild\tproduct\trun\tolder\nc\t*.c\tgcc\n")
    with pytest.raises(languages.LanguagesError, match="the row 'c' has 3 cells, its header 6"):
        languages.read_table(tmp_path / "languages.tsv")
    assert paths.SRC / "languages" / "languages.tsv" == languages.LANGUAGES_TSV
