"""results.tsv's one reader and one writer: the writer's file is the one
check-engine writes today (src/check/check-results.bash), and the reader
finds each column by its name."""

import pytest

from harness import cases
from harness.cases.results import ROW_FIELDS, Verdict
from harness.tests.bash import run_bash

IDS = ["examples/a", "examples/b", "malformed/c", "play/d"]
VERDICTS = {"examples/a": Verdict("pass"),
            "examples/b": Verdict("fail", "stdout", "stdout differs in an action's block"),
            "play/d": Verdict("fail", "timeout", "a hang (killed after 20s)")}


def test_columns_are_the_rows_fields():
    assert ROW_FIELDS == cases.RESULTS_COLUMNS


def test_writer_writes_what_check_engine_writes(tmp_path):
    """The bash writer, given the same ids and worker lines (verdict, id,
    code, symptom), writes the same bytes."""
    (tmp_path / "ids").write_text("".join(f"{i}\n" for i in IDS))
    (tmp_path / "verdicts").write_text("".join(f"{v.verdict}\t{i}\t{v.code}\t{v.symptom}\n"
                                               for i, v in VERDICTS.items()))
    (tmp_path / "bash").mkdir()
    run_bash('source src/check/check-results.bash; write_results "$1/ids" "$1/verdicts" "$1/bash" "checkers x"',
             str(tmp_path))
    cases.write_results(tmp_path / "results.tsv", cases.rows_for(IDS, VERDICTS))
    assert (tmp_path / "results.tsv").read_bytes() == (tmp_path / "bash" / "results.tsv").read_bytes()
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
