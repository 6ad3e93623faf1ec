"""bless (harness.cases.bless): its command line, the cases it resolves,
the question and its answers, and what it writes: only the changed parts
a person accepted, whole, an unchanged case untouched, never under CI."""

import io
from pathlib import Path

import pytest

from harness.cases.bless import ask, options, tool
from harness.cases.tests.helpers import fake_engine, run_main, tree
from harness.cases.tool import ToolExit


@pytest.fixture
def cases(tmp_path):
    """TMP_PATH/cases: stage0/hello, as the stand-in engine answers it, and
    bad/fails, its stdout, status and stderr recorded."""
    root = tmp_path / "cases"
    (root / "stage0").mkdir(parents=True)
    (root / "bad").mkdir()
    for path, content in {"stage0/hello.in": "hello\n", "stage0/hello.out": "echo: hello\n",
                          "stage0/hello.reason": "  says hello\n", "bad/fails.in": "fail\n",
                          "bad/fails.out": "half a board\n", "bad/fails.reason": "a bad line\n",
                          "bad/fails.status": "2\n", "bad/fails.err": "engine: bad line\n"}.items():
        (root / path).write_text(content)
    return root


def bless(tmp_path, *argv, stdin=b"", **environ):
    """bless with the stand-in engine on the cases under TMP_PATH/cases."""
    return run_main(tool.main, ["--engine", fake_engine(tmp_path), "--cases", str(tmp_path / "cases"), *argv],
                    stdin, **environ)


def test_parse_options_and_cases_in_any_order():
    parsed = options.parse(["a/b", "-y", "--program", "draughts", "c/d", "--", "--all"], {"ENGINE": "/e"})
    assert (parsed.yes, parsed.all, parsed.requested) == (True, False, ["a/b", "c/d", "--all"])
    assert (parsed.common.program, parsed.common.engine) == ("draughts", "/e")
    with pytest.raises(ToolExit) as raised:
        options.parse(["a/b", "--bogus", "--help"], {})
    assert (raised.value.message, raised.value.status, raised.value.usage) == ("unknown option '--bogus'", 2, True)


def test_resolve_by_id_by_file_or_by_prefix(cases, monkeypatch):
    monkeypatch.chdir(cases.parent)
    assert options.resolve("cases", "stage0/hello") == "cases/stage0/hello"
    assert options.resolve("cases", "stage0/hello.reason") == "cases/stage0/hello"
    assert options.resolve("elsewhere", f"{cases}/bad/fails.err") == f"{cases}/bad/fails"
    with pytest.raises(ToolExit) as raised:
        options.resolve("cases", "stage0/nothing.out")
    assert raised.value.message == ("no case 'stage0/nothing.out' "
                                    "(neither cases/stage0/nothing.in nor stage0/nothing.in exists)")


@pytest.mark.parametrize("argv, environ, message", [
    (["--all"], {"CI": "true"}, "refusing to run with CI set ('true'): goldens are re-recorded by a person who "
                                "has read the diff"),
    (["--all", "stage0/hello"], {}, "give either --all or case names, not both"),
    ([], {}, None),
])
def test_check_refusals(cases, argv, environ, message):
    given = options.parse(["--engine", "/bin/true", "--cases", str(cases), *argv], environ)
    with pytest.raises(ToolExit) as raised:
        options.check(given, environ)
    assert (raised.value.message, raised.value.status) == (message, 2)


def test_all_is_every_case_in_corpus_order(cases):
    plan = options.check(options.parse(["--engine", "/bin/true", "--cases", str(cases), "--all"], {}), {})
    assert [plan.label(path) for path in plan.case_paths] == ["bad/fails", "stage0/hello"]


@pytest.mark.parametrize("given, answer, shown", [
    (b"y\n", "y", "bless x? [y/n/q] y\n"), (b"\n", "n", "bless x? [y/n/q] \n"),
    (b"maybe\nquit\n", "q", "bless x? [y/n/q] maybe\nbless x? [y/n/q] quit\n"),
    (b"", "eof", "bless x? [y/n/q] \n"), (b"yes", "eof", "bless x? [y/n/q] \n"),
])
def test_ask(capsys, given, answer, shown):
    assert ask.ask("x", io.BytesIO(given)) == answer
    assert capsys.readouterr().out == shown


def test_unchanged_cases_are_left_alone(tmp_path, cases):
    stamps = {path: path.stat().st_mtime_ns for path in cases.rglob("*")}
    ran = bless(tmp_path, "--all")
    assert (ran.status, ran.out, ran.err) == (0, "bless: 0 blessed, 0 kept, 2 unchanged\n", "")
    assert stamps == {path: path.stat().st_mtime_ns for path in cases.rglob("*")}


def test_a_changed_case_is_shown_and_kept_on_no(tmp_path, cases):
    (cases / "stage0/hello.out").write_text("echo: hullo\n")
    before = tree(cases)
    ran = bless(tmp_path, "stage0/hello", stdin=b"n\n")
    assert ran.status == 0
    assert ran.out == ("=== stage0/hello: says hello\n--- old stage0/hello.out\n+++ new stage0/hello.out\n"
                       "@@ -1 +1 @@\n-echo: hullo\n+echo: hello\nbless stage0/hello? [y/n/q] n\n"
                       "kept stage0/hello\nbless: 0 blessed, 1 kept, 0 unchanged\n")
    assert tree(cases) == before


def test_yes_writes_the_changed_parts_only(tmp_path, cases):
    (cases / "bad/fails.err").unlink()
    (cases / "stage0/hello.status").write_text("1\n")
    ran = bless(tmp_path, "--yes", "bad/fails.in", "stage0/hello")
    assert ran.status == 0, ran.err
    assert "+++ new bad/fails.err\n@@ -0,0 +1 @@\n+engine: bad line\n" in ran.out
    assert "--- old stage0/hello.status\n+++ new stage0/hello.status\n@@ -1 +0,0 @@\n-1\n" in ran.out
    assert "+engine: bad line\nblessed bad/fails\n" in ran.out
    assert ran.out.endswith("blessed stage0/hello\nbless: 2 blessed, 0 kept, 0 unchanged\n"
                            f"review what changed with: git diff --stat -- {cases}\n")
    assert (cases / "bad/fails.err").read_text() == "engine: bad line\n"
    assert not (cases / "stage0/hello.status").exists()
    assert not [path for path in cases.rglob(".*")]


def test_no_answer_stops_and_writes_nothing(tmp_path, cases):
    (cases / "stage0/hello.out").write_text("echo: hullo\n")
    (cases / "bad/fails.out").write_text("")
    before = tree(cases)
    ran = bless(tmp_path, "--all", stdin=b"q\n")
    assert ran.status == 0 and "kept bad/fails; stopping\nbless: 0 blessed, 1 kept, 0 unchanged\n" in ran.out
    ran = bless(tmp_path, "--all")
    assert ran.status == 1
    assert ran.out.endswith("bless: 0 blessed, 0 kept, 0 unchanged, stopped before the end\n")
    assert ran.err == ("bless: no answer for bad/fails (end of input); stopping "
                       "(use --yes to accept every change)\n")
    assert tree(cases) == before


def test_a_crash_is_never_recorded(tmp_path, cases):
    (cases / "stage0/hello.in").write_text("crash\n")
    before = tree(cases)
    ran = bless(tmp_path, "-y", "--all")
    assert ran.status == 1
    assert ran.err == "bless: not re-recording stage0/hello: the engine gave a crash (signal SIGSEGV)\n"
    assert ran.out == "bless: 0 blessed, 0 kept, 1 unchanged, 1 not re-recorded (crash or hang)\n"
    assert tree(cases) == before


def test_main_refuses_under_ci_before_running(tmp_path, cases):
    ran = bless(tmp_path, "--yes", "--all", CI="1")
    assert (ran.status, ran.out) == (2, "")
    assert ran.err.startswith("bless: refusing to run with CI set ('1')")
    assert Path(cases / "stage0/hello.out").read_text() == "echo: hello\n"
