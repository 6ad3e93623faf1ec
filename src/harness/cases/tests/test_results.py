"""results.tsv's one reader and one writer: the writer's file is the one
the bash check-engine wrote (src/check/check-results.bash, its bytes kept
below since harness.check replaced it), and the reader finds each column
by its name."""

import pytest

from harness import cases
from harness.cases.results import ROW_FIELDS, Verdict

IDS = ["examples/a", "examples/b", "malformed/c", "play/d"]
VERDICTS = {"examples/a": Verdict("pass"),
            "examples/b": Verdict("fail", "stdout", "stdout differs in an action's block"),
            "play/d": Verdict("fail", "timeout", "a hang (killed after 20s)")}


def test_columns_are_the_rows_fields():
    assert ROW_FIELDS == cases.RESULTS_COLUMNS


def test_writer_writes_what_check_engine_wrote(tmp_path):
    """The same ids and verdicts give the bytes the bash writer gave (the
    header, a row per id in order, a case without a verdict stopped)."""
    cases.write_results(tmp_path / "results.tsv", cases.rows_for(IDS, VERDICTS))
    assert (tmp_path / "results.tsv").read_text() == (
        "case\tcategory\tverdict\tsymptom\tcode\n"
        "examples/a\texamples\tpass\t\t\n"
        "examples/b\texamples\tfail\tstdout differs in an action's block\tstdout\n"
        "malformed/c\tmalformed\tfail\tno verdict (the worker stopped)\tstopped\n"
        "play/d\tplay\tfail\ta hang (killed after 20s)\ttimeout\n")
    rows = cases.read_results(tmp_path / "results.tsv")
    assert [r.case for r in rows] == IDS
    assert rows[2] == cases.ResultRow("malformed/c", "malformed", "fail", "no verdict (the worker stopped)",
                                      "stopped")
    assert [r.passed for r in rows] == [True, False, False, False]


def test_reader_reads_by_name_whatever_the_order(tmp_path):
    path = tmp_path / "results.tsv"
    path.write_text("code\textra\tverdict\tcase\tsymptom\tcategory\n"
                    "stdout\tx\tfail\tplay/d\tits words\tplay\n"
                    "\t\tpass\texamples/a\t\texamples\n")
    assert cases.read_results(path) == [cases.ResultRow("play/d", "play", "fail", "its words", "stdout"),
                                        cases.ResultRow("examples/a", "examples", "pass", "", "")]


def test_a_missing_column_is_refused_by_name(tmp_path):
    path = tmp_path / "results.tsv"
    path.write_text("case\tcategory\tverdict\tcode\nplay/d\tplay\tpass\t\n")
    with pytest.raises(cases.ResultsError, match=r"no column symptom in its header"):
        cases.read_results(path)
    path.write_text("")
    with pytest.raises(cases.ResultsError, match="empty"):
        cases.read_results(path)


def test_a_row_of_another_width_is_refused(tmp_path):
    path = tmp_path / "results.tsv"
    path.write_text("case\tcategory\tverdict\tsymptom\tcode\nplay/d\tplay\tpass\n")
    with pytest.raises(cases.ResultsError, match="line 2 has 3 cells, its header 5"):
        cases.read_results(path)


def test_a_cell_that_would_break_the_format_is_refused(tmp_path):
    row = cases.ResultRow("play/d", "play", "fail", "two\twords", "stdout")
    with pytest.raises(cases.ResultsError, match="symptom holds a tab"):
        cases.write_results(tmp_path / "results.tsv", [row])
