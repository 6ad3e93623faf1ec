"""The pure parts of harness.check: the judge's symptom (the fault in the
game's terms, never cut inside a backquote), printable reports, shell
quoting, where stdout first differs, the groups and the table, junit.xml
as src/golden/junit.awk writes it, Valgrind's summary, the options."""

import io
import subprocess

import pytest

from harness import games, paths
from harness.cases import ResultRow
from harness.check import memcheck, options, report
from harness.check.compare import first_difference_line, head, printable, shell_quote
from harness.check.judge import cut, judge_symptom
from harness.check.junit import test_cases as junit_cases, write_junit

FAULTS = [(row.rule, row.fault) for row in games.get("draughts").judge_fault_table()]


def symptom(rule: str) -> str:
    return judge_symptom(FAULTS, f"wrong answer in case 1 (input case 1 of 1) at output line 5:\nrequired: {rule}")


def test_judge_symptom_is_the_fault_in_the_games_terms():
    assert symptom("a B4 line carries `; h=V`: Alice's men + 2 x her kings - Bill's men - 2 x his kings, or -inf "
                   "when Alice then has no legal move") == "judge: a node's value is wrong (h= at B4)"
    assert symptom("a line at ply N has N - 1 `|-` before its label: A1, |-B2, |-|-A3, |-|-|-B4") == \
        "judge: the program prints a line of its own (its `|-` prefix fits no ply)"
    assert symptom("after each child, when alpha >= beta and moves remain, the node prunes them (cut on equality): "
                   "a pruning line lists them") == "judge: a node goes on where it must prune (alpha >= beta, cut on equality)"
    assert symptom("a rule of tomorrow about many things and more and more and more of them, with `a quoted piece "
                   "that runs on` past the limit") == \
        "judge: a rule of tomorrow about many things and more and more and more of them, with..."
    assert cut("short", 100) == "short"


def test_every_rule_of_the_table_is_the_judges():
    sources = " ".join(p.read_text() for p in sorted((paths.SRC / "draughts-judge").glob("*.c")))
    import re
    sources = re.sub(r'"\s*"', "", sources.replace("\n", " "))
    assert FAULTS
    for prefix, _ in FAULTS:
        assert prefix in sources, prefix


def test_printable_and_quoting():
    assert printable(b"BOARD\x01SIZE\xff\t\n") == b"BOARD\\x01SIZE\\xff\t\n"
    assert printable(b"\x00") == b"\\x00"
    assert shell_quote("build/checkers") == "build/checkers"
    assert shell_quote("/tmp/my checkers") == "/tmp/my\\ checkers"
    # (as bash's printf %q, checked by bash itself)
    for text in ("/tmp/my checkers", "it's", "a$b", "tab\there"):
        done = subprocess.run(["bash", "-c", 'printf %s "$(eval "printf %s $1")"', "_", shell_quote(text)],
                              capture_output=True, text=True)
        assert done.stdout == text


def test_first_difference_line():
    assert first_difference_line(b"a\nb\nc\n", b"a\nb\nc\n") is None
    assert first_difference_line(b"a\nb\nc\n", b"a\nB\nc\n") == 2
    assert first_difference_line(b"a\nb\n", b"a\nb\nc\n") == 3
    assert first_difference_line(b"", b"x") == 1


def test_head_as_head_gives_it():
    assert head(b"a\nb\nc", 10) == b"a\nb\nc"
    assert head(b"a\nb\nc\n", 2) == b"a\nb\n"
    assert head(b"", 3) == b""


ROWS = [ResultRow("a/1", "a", "pass"), ResultRow("a/2", "a", "fail", "printed nothing", "nothing"),
        ResultRow("b/1", "b", "fail", "crash (SIGSEGV)", "crash"),
        ResultRow("b/2", "b", "fail", "printed nothing", "nothing"),
        ResultRow("c/1", "c", "pass", "stdout differs only in white space (trailing spaces)", "whitespace")]


def test_groups_largest_first_and_the_table():
    groups = report.failure_groups(ROWS)
    assert [(g.name, g.count, g.categories, g.first) for g in groups] == [
        ("printed nothing", 2, ["a", "b"], "a/2"), ("crash (SIGSEGV)", 1, ["b"], "b/1")]
    out = io.StringIO()
    report.report_groups(groups, "strict", out)
    assert out.getvalue() == ("failures by symptom (profile strict):\n  2 cases: printed nothing\n"
                              "      categories: a b; e.g. a/2\n  1 case: crash (SIGSEGV)\n"
                              "      categories: b; e.g. b/1\n")
    out = io.StringIO()
    counts = report.report_table(ROWS, "strict", out)
    assert out.getvalue().split("\n")[1:5] == ["  a                          1       1  FAILED",
                                               "  b                          0       2  FAILED",
                                               "  c                          1       0",
                                               "  total                      2       3"]
    assert report.last_line(counts, "strict") == \
        ("2 passed, 3 failed (profile strict; 1 passed only with white space ignored)", 3)
    assert report.last_line(counts, "p", (2, 1))[0].startswith("3 passed, 4 failed (profile p, memcheck of 2 cases")


def test_groups_under_a_likely_cause(tmp_path):
    (tmp_path / "causes.tsv").write_text("code\tdescription\treproduced\tfailures\nnone\tno output at all\t2\t3\n")
    (tmp_path / "causes-cases.tsv").write_text("code\tcase\nnone\ta/2\nnone\tb/2\n")
    groups = report.failure_groups(ROWS, tmp_path)
    assert [(g.name, g.count) for g in groups] == [("likely cause: no output at all (none)", 2),
                                                   ("crash (SIGSEGV)", 1)]
    out = io.StringIO()
    report.report_groups(groups, "strict", out)
    assert out.getvalue().startswith("failures by likely cause, then by symptom (profile strict):\n")


def test_junit_of_the_rows(tmp_path):
    """junit.xml: a testcase per row, a failure's report its text, escaped
    so that an XML parser reads back what was written."""
    import xml.etree.ElementTree as ET
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "2.txt").write_text('case:   a/2\n<b> & "c"\\n\tx\n')
    rows = ROWS[:3] + [ResultRow("b/\\x", "b", "fail", "a\\b symptom", "odd")]
    assert junit_cases(rows[:2], "checkers", tmp_path)[1].text == 'case:   a/2\n<b> & "c"\\n\tx\n'
    write_junit(tmp_path / "junit.xml", rows, "checkers", "checkers (profile strict)", tmp_path)
    suite = ET.parse(tmp_path / "junit.xml").getroot().find("testsuite")
    assert suite.get("name") == "checkers (profile strict)" and suite.get("failures") == "3"
    cases = suite.findall("testcase")
    assert [(c.get("classname"), c.get("name")) for c in cases] == [
        ("checkers.a", "a/1"), ("checkers.a", "a/2"), ("checkers.b", "b/1"), ("checkers.b", "b/\\x")]
    assert cases[0].find("failure") is None
    assert cases[1].find("failure").get("message") == "printed nothing"
    assert cases[1].find("failure").text == 'case:   a/2\n<b> & "c"\\n\tx\n'
    assert cases[3].find("failure").get("message") == "a\\b symptom"


def test_valgrind_summary():
    log = ("==1== Invalid read of size 4\n==1== Invalid read of size 1\n==1== Invalid write of size 4\n"
           "==1== Conditional jump or move depends on uninitialised value(s)\n"
           "==1==    definitely lost: 64 bytes in 1 blocks\n==1==    indirectly lost: 0 bytes in 0 blocks\n")
    assert memcheck.summary(log) == ("2 invalid reads, 1 invalid writes, 1 uses of uninitialised values, "
                                     "definitely lost: 64 bytes in 1 blocks")
    assert memcheck.summary("==1== All heap blocks were freed\n") == ""
    assert memcheck.chosen(["a/1", "a/2", "b/1", "a/3"], 1) == ["a/1", "b/1"]


def test_memcheck_a_log_cut_short_or_of_other_errors_is_not_clean():
    """A log without Valgrind's closing ERROR SUMMARY (the run killed by
    the timeout before the leak check) is not complete, so never clean;
    errors of kinds summary() does not name still count."""
    cut = "==7== Memcheck, a memory error detector\n==7== Command: ./program\n"
    assert not memcheck.complete(cut)
    whole = cut + "==7== All heap blocks were freed\n==7== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)\n"
    assert memcheck.complete(whole) and memcheck.verdict(whole, 0, "10") == ("clean", "")
    found, said = memcheck.verdict(cut, 124, "10")
    assert found == "incomplete" and said.startswith("Valgrind's report was cut short: the run ended with ")
    mismatched = cut + "==7== Mismatched free() / delete / delete []\n==7== ERROR SUMMARY: 1 errors from 1 contexts\n"
    assert memcheck.summary(mismatched) == "1 errors of other kinds (see the log)"


@pytest.mark.parametrize("argv, message", [
    (["x", "--jobs", "0"], "--jobs needs a positive whole number"), (["x", "--show", "x"], "--show needs a whole number"),
    (["x", "--timeout", "soon"], "--timeout needs a number of seconds"),
    (["x", "--profile", "lax"], "--profile is assignment or strict"),
    (["x", "--compare", "loose"], "--compare is exact or whitespace"),
    (["x", "--program", "chess"], "--program is checkers or draughts"),
    (["x", "--stop-after-hangs", "two"], "--stop-after-hangs needs a whole number")])
def test_bad_values(argv, message, tmp_path):
    program = tmp_path / "x"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    given = options.parse([str(program)] + argv[1:])
    with pytest.raises(options.UsageError, match=f"^{message}$"):
        options.check(given, valgrind=True)


def test_unknown_option_and_two_programs():
    with pytest.raises(options.UsageError, match="^unknown option '--no-such-option'$"):
        options.parse(["a", "--no-such-option"])
    with pytest.raises(options.UsageError, match=r"^one program at a time \('a', then 'b'\)$"):
        options.parse(["a", "b"])
    with pytest.raises(options.UsageError, match="^--build needs a command$"):
        options.parse(["a", "--build", ""])
    assert options.parse(["--as", "me", "a"]).name == "me"


def test_stderr_shape(tmp_path):
    """Without --exact-stderr one line of other words, ended by a newline,
    stands for the case's one line; none, two, or one without its newline do not."""
    from harness.cases import Case
    from harness.check.compare import Actual
    from harness.check.worker import accept_stderr_shape
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "x.err").write_bytes(b"checkers: line 1: malformed\n")
    case = Case(tmp_path, "c/x")
    for err, fits in ((b"my words\n", True), (b"my words", False), (b"one\ntwo\n", False), (b"", False),
                      (b"\n", False), (b"my words \0\n", False)):
        actual = Actual(2, b"", err, tmp_path / "a")
        assert accept_stderr_shape(case, actual) is fits, err
        assert actual.err == (b"checkers: line 1: malformed\n" if fits else err)
    assert accept_stderr_shape(Case(tmp_path, "c/none"), Actual(0, b"", b"chatty\n", tmp_path / "a"))


class _Logs:
    """A box whose memcheck runs leave the LOGS given, one a run."""

    def __init__(self, folder, logs):
        self.folder, self.logs, self.runs = folder, list(logs), 0

    def run(self, input_path, graded, how):
        from harness.sandbox import Run
        self.runs += 1
        log = self.folder / f"run{self.runs}.log"
        log.write_text(self.logs.pop(0))
        return Run(124 if "SUMMARY" not in log.read_text() else 0, log, log, log)


def test_memcheck_timeout_is_valgrinds():
    """A run under Valgrind has ten times the case's timeout."""
    assert memcheck.timeout_under_valgrind("2") == "20" and memcheck.timeout_under_valgrind("0.5") == "5"


def test_memcheck_a_case_cut_short_runs_once_more(tmp_path):
    """The first report cut short (a loaded machine's timeout) is the
    checker's: the case runs again; cut short twice, it is incomplete."""
    cut = "==7== Memcheck\n"
    whole = cut + "==7== ERROR SUMMARY: 0 errors from 0 contexts\n"
    box = _Logs(tmp_path, [cut, whole])
    assert memcheck._checked(box, tmp_path / "in", False, tmp_path / "kept.log", "10") == ("clean", "")
    assert box.runs == 2 and (tmp_path / "kept.log").read_text() == whole
    box = _Logs(tmp_path, [cut, cut])
    assert memcheck._checked(box, tmp_path / "in", False, tmp_path / "kept.log", "10")[0] == "incomplete"
    assert box.runs == 2
