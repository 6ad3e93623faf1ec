"""add-case (harness.cases.add_case): its command line, what it shows for
review, the files it writes, and what it refuses (names, reasons, an
existing case, an input some case has, a crash, a hang)."""

import os
from pathlib import Path

import pytest

from harness.cases.add_case import options, review, tool
from harness.cases.tests.helpers import fake_engine, run_main, tree
from harness.cases.tool import Common, ToolExit


def add(tmp_path, *argv, stdin=b"", **environ):
    """add-case with the stand-in engine on the cases under TMP_PATH/cases."""
    return run_main(tool.main, ["--engine", fake_engine(tmp_path), "--cases", str(tmp_path / "cases"), *argv],
                    stdin, **environ)


def test_parse_options_then_three_or_four_operands():
    parsed = options.parse(["--program", "draughts", "--", "cat", "name", "why", ""], {"CASES": "/c"})
    assert (parsed.common.program, parsed.common.cases) == ("draughts", "/c")
    assert (parsed.category, parsed.name, parsed.reason, parsed.input) == ("cat", "name", "why", "-")
    late = options.parse(["cat", "name", "why", "--engine"], {})
    assert late.input == "--engine"  # options end at the first operand


@pytest.mark.parametrize("argv, status, message", [
    (["--help"], 0, None), (["-h", "--bogus"], 0, None), (["cat", "name"], 2, None),
    (["--bogus", "a", "b", "c"], 2, "unknown option '--bogus'"), (["a", "b", "c", "d", "e"], 2, None),
    (["--program", "chess", "a", "b", "c"], 2, "--program is checkers or draughts"),
])
def test_parse_refusals(argv, status, message):
    with pytest.raises(ToolExit) as raised:
        options.parse(argv, {})
    assert (raised.value.status, raised.value.message, raised.value.usage) == (status, message, message is None
                                                                                or "unknown" in message)


@pytest.mark.parametrize("category, name, reason, words", [
    ("stage0", "dot.ted", "r", "'dot.ted' is not a safe name"), ("-dash", "n", "r", "'-dash' is not a safe name"),
    ("a/b", "n", "r", "is not a safe name"), ("stage0", "", "r", "'' is not a safe name"),
    ("stage0", "two", "one\ntwo", "the reason must be one non-empty line"),
    ("stage0", "blank", " \t\v", "the reason must be one non-empty line"),
])
def test_check_refuses_unsafe_names_and_reasons(tmp_path, category, name, reason, words):
    given = options.Options(Common(engine="/bin/true", cases=str(tmp_path)), category, name, reason)
    with pytest.raises(ToolExit) as raised:
        options.check(given)
    assert words in raised.value.message and raised.value.status == 2


def test_check_refuses_any_file_of_an_existing_case(tmp_path):
    (tmp_path / "stage0").mkdir()
    (tmp_path / "stage0" / "partial.out").write_text("")
    given = options.Options(Common(engine="/bin/true", cases=str(tmp_path)), "stage0", "partial", "why")
    with pytest.raises(ToolExit) as raised:
        options.check(given)
    assert raised.value.status == 1
    assert raised.value.message == f"{tmp_path}/stage0/partial already exists; use scripts/bless to re-record it"
    given.name = "partial-two"
    assert options.check(given).case_path == f"{tmp_path}/stage0/partial-two"


def test_last_action_from_the_last_delimiter_each_line_ended():
    assert review.last_action(b"a\n===\nb\n==\nc\nd") == b"==\nc\nd\n"
    assert review.last_action(b"a\nb\n") == b"a\nb\n"
    assert review.last_action(b"a\n= =\n") == b"a\n= =\n"


def test_adds_a_case_from_stdin(tmp_path):
    ran = add(tmp_path, "stage0", "hello", "says hello", stdin=b"hello\n")
    assert ran.status == 0, ran.err
    assert ran.out == ("echo: hello\n--- exit status 0\n"
                       f"added {tmp_path}/cases/stage0/hello: check the output above against the specification\n"
                       "  (says hello), then run it alone with:\n"
                       f"  scripts/run-golden --filter '^stage0/hello$' --cases {tmp_path}/cases\n")
    assert tree(tmp_path / "cases") == {"stage0/hello.in": b"hello\n", "stage0/hello.out": b"echo: hello\n",
                                        "stage0/hello.reason": b"says hello\n"}
    assert oct(os.stat(tmp_path / "cases/stage0/hello.in").st_mode & 0o777) == "0o644"


def test_records_a_status_and_stderr_from_a_file(tmp_path, monkeypatch):
    (tmp_path / "input.txt").write_bytes(b"fail\n")
    monkeypatch.chdir(tmp_path)
    ran = run_main(tool.main, ["--program", "draughts", "--engine", fake_engine(tmp_path), "--cases", "cases",
                               "bad", "fails", "a bad line", "input.txt"])
    assert ran.status == 0, ran.err
    assert ran.out.startswith("half a board\n--- stderr:\nengine: bad line\n--- exit status 2\nadded cases/bad/fails:")
    assert ran.out.endswith("  scripts/run-golden --program draughts --filter '^bad/fails$' --cases cases\n")
    assert tree(tmp_path / "cases") == {"bad/fails.err": b"engine: bad line\n", "bad/fails.in": b"fail\n",
                                        "bad/fails.out": b"half a board\n", "bad/fails.reason": b"a bad line\n",
                                        "bad/fails.status": b"2\n"}


def test_a_long_output_shows_its_last_action_only(tmp_path):
    ran = add(tmp_path, "play", "long", "a long game", stdin=b"long\n")
    assert ran.out.startswith("... (70 lines; the last action, its board and the result follow)\n"
                              "=====\nthe last board\n--- exit status 0\n")


def test_refuses_an_input_some_case_has(tmp_path):
    assert add(tmp_path, "stage0", "first", "first", stdin=b"same\n").status == 0
    before = tree(tmp_path / "cases")
    ran = add(tmp_path, "wins", "second", "second", stdin=b"same\n")
    assert (ran.status, ran.out) == (1, "")
    assert ran.err == f"add-case: the same input is already the case {tmp_path}/cases/stage0/first\n"
    assert tree(tmp_path / "cases") == before


@pytest.mark.parametrize("given, words", [(b"crash\n", "a crash (signal SIGSEGV)"),
                                          (b"hang\n", "a hang (killed after 0.2s)")])
def test_refuses_a_crash_or_a_hang(tmp_path, given, words):
    ran = add(tmp_path, "stage0", "bad", "bad", stdin=given, CORPUS_TIMEOUT="0.2")
    assert (ran.status, ran.out) == (1, "")
    assert ran.err == f"add-case: the engine gave {words}: not a golden\n"
    assert not (tmp_path / "cases").exists()


def test_refuses_a_missing_input_or_engine(tmp_path):
    ran = add(tmp_path, "stage0", "x", "why", str(tmp_path / "nothing"))
    assert (ran.status, ran.err) == (2, f"add-case: no input file '{tmp_path}/nothing'\n")
    ran = run_main(tool.main, ["--engine", str(tmp_path / "none"), "--cases", str(tmp_path), "s", "x", "why"])
    assert (ran.status, ran.err) == (2, f"add-case: engine '{tmp_path}/none' is not an executable (run make)\n")
    assert [path.name for path in Path(tmp_path).iterdir()] == ["engine"]
