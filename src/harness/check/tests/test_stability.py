"""A failing case run twice (issue 41): what counts as two runs differing,
the report's section with both runs, and the cases not deterministic
counted apart in the table and the last line."""

import io

from harness.cases import ResultRow, Verdict
from harness.cases.status import HANG
from harness.check import report
from harness.check.compare import Actual
from harness.check.stability import Outcome, difference, unstable_report, unstable_verdict


def outcome(verdict, status, out, tmp_path):
    symptom = "" if verdict == "pass" else "stdout differs in the setup board"
    return Outcome(Verdict(verdict, "" if verdict == "pass" else "stdout-setup", symptom),
                   Actual(status, out, b"", tmp_path / "actual"), b"", status)


def test_what_differs(tmp_path):
    failed = outcome("fail", 0, b"a\n", tmp_path)
    assert difference(failed, outcome("fail", 0, b"a\n", tmp_path)) == ""
    assert difference(failed, outcome("pass", 0, b"b\n", tmp_path)) == "it failed once and passed once"
    assert difference(failed, outcome("fail", 139, b"a\n", tmp_path)) == "the exit status differs between two runs"
    assert difference(failed, outcome("fail", 0, b"c\n", tmp_path)) == "the output differs between two runs"
    # (a hang: where it stands at the kill depends on the machine's load, not on the program)
    hang = outcome("fail", HANG, b"a\n", tmp_path)
    assert difference(hang, outcome("fail", HANG, b"a\na\n", tmp_path)) == ""
    assert difference(hang, outcome("fail", 139, b"", tmp_path)) == ""
    assert difference(outcome("fail", 139, b"", tmp_path), hang) == ""
    assert difference(hang, outcome("pass", 0, b"b\n", tmp_path)) == "it failed once and passed once"


def test_the_report_shows_both_runs(tmp_path):
    first, second = outcome("fail", 0, b"same\nfirst 17\n", tmp_path), outcome("fail", 0, b"same\nsecond 4\n", tmp_path)
    text = unstable_report(first, second, "the output differs between two runs", "10", tmp_path / "runs").decode()
    assert text.startswith("not deterministic: the case was run twice, with the same limits, and the output differs")
    assert "first run:  failed (stdout differs in the setup board), exit status 0\n" in text
    assert "--- first run\n+++ second run\n" in text
    assert "-first 17\n+second 4\n" in text
    assert unstable_verdict("x") == Verdict("unstable", "unstable", "not deterministic: x")


ROWS = [ResultRow("a/1", "a", "pass"), ResultRow("a/2", "a", "fail", "printed nothing", "nothing"),
        ResultRow("a/3", "a", "unstable", "not deterministic: it failed once and passed once", "unstable"),
        ResultRow("b/1", "b", "unstable", "not deterministic: the output differs between two runs", "unstable")]


def test_counted_apart_in_the_table_and_the_last_line():
    out = io.StringIO()
    counts = report.report_table(ROWS, "assignment", out)
    assert out.getvalue().split("\n")[:4] == [
        "  category              passed  failed not deterministic   (profile assignment)",
        "  a                          1       1                 1  FAILED",
        "  b                          0       0                 1  FAILED",
        "  total                      1       1                 2"]
    assert report.last_line(counts, "assignment") == \
        ("1 passed, 1 failed, 2 not deterministic (profile assignment)", 3)
    groups = report.failure_groups(ROWS)
    assert sorted(group.name for group in groups) == [
        "not deterministic: it failed once and passed once", "not deterministic: the output differs between two runs",
        "printed nothing"]


def test_none_not_deterministic_keeps_the_table_and_line_as_they_were():
    out = io.StringIO()
    counts = report.report_table(ROWS[:2], "assignment", out)
    assert "not deterministic" not in out.getvalue()
    assert report.last_line(counts, "assignment") == ("1 passed, 1 failed (profile assignment)", 1)
