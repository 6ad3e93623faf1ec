"""What add-case and bless share (harness.cases.tool, .run, .atomic): a
folder named as realpath -s --relative-base=. names it, a run as
cases.bash's corpus_run leaves it, files written whole."""

import os
import stat
from pathlib import Path

import pytest

from harness import paths
from harness.cases import atomic
from harness.cases.run import RunError, RunSettings, run_engine
from harness.cases.tests.helpers import fake_engine
from harness.cases.tool import Common, ToolExit, shown_path
from harness.tests.bash import run_bash


def test_shown_path_as_realpath(tmp_path, monkeypatch):
    (tmp_path / "cases" / "sub").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    for given in ("cases", "cases/", "./cases//sub/", str(tmp_path), str(tmp_path / "cases"), ".", "..",
                  "/tmp", "//tmp", "cases/sub/..", "new/folder"):
        done = os.popen(f"realpath -s --relative-base=. -- '{given}'").read().rstrip("\n")
        assert shown_path(given) == done, given


def test_common_options_take_the_environment_then_the_defaults():
    common = Common.from_environment({"ENGINE": "/bin/engine", "CASES": ""})
    assert (common.engine, common.cases) == ("/bin/engine", "")
    common.take("--engine", ["", "rest"])  # an empty --engine is the default, not $ENGINE
    assert common.settle().name == "checkers"
    assert (common.engine, common.cases) == (str(paths.BUILD / "checkers"), str(paths.TESTDATA / "checkers"))


def test_a_bad_program_and_a_missing_value_are_bad_usage():
    with pytest.raises(ToolExit) as raised:
        Common(program="chess").settle()
    assert (raised.value.message, raised.value.status) == ("--program is checkers or draughts", 2)
    with pytest.raises(ToolExit) as raised:
        Common().take("--cases", [])
    assert raised.value.usage and raised.value.status == 2


@pytest.mark.parametrize("given, status", [("hello", 0), ("fail", 2), ("crash", 139)])
def test_run_engine_leaves_what_corpus_run_leaves(tmp_path, given, status):
    engine = fake_engine(tmp_path)
    (tmp_path / "case.in").write_text(given)
    assert run_engine(engine, tmp_path / "case.in", tmp_path / "py", RunSettings()) == status
    run_bash('source src/cases/cases.bash; corpus_run "$1" "$2" "$3" 2>/dev/null',
             engine, str(tmp_path / "case"), str(tmp_path / "sh"))
    for suffix in (".out", ".err", ".status"):
        assert (tmp_path / f"py{suffix}").read_bytes() == (tmp_path / f"sh{suffix}").read_bytes(), suffix


def test_a_hang_is_killed_at_the_timeout(tmp_path):
    (tmp_path / "case.in").write_text("hang")
    settings = RunSettings.from_environment({"CORPUS_TIMEOUT": "0.3"})
    assert run_engine(fake_engine(tmp_path), tmp_path / "case.in", tmp_path / "a", settings) == 124
    assert settings.timeout == "0.3"


def test_run_settings_from_the_environment():
    assert RunSettings.from_environment({"CORPUS_TIMEOUT": ""}) == RunSettings("20", ())
    wrapped = RunSettings.from_environment({"CORPUS_WRAPPER": "/w", "CORPUS_TOOL_LOGS": "/logs"})
    assert wrapped.wrapper == ("/w", "/logs/case.log")
    with pytest.raises(RunError):
        RunSettings.from_environment({"CORPUS_WRAPPER": "/w"})


def test_placer_writes_whole_files_mode_644(tmp_path):
    target = tmp_path / "case.out"
    target.write_bytes(b"old")
    placer = atomic.Placer()
    placer.place(target, b"new\n", ".case.out.bless.")
    assert target.read_bytes() == b"new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["case.out"] and placer.pending == []


def test_placer_interrupted_leaves_the_old_file_and_cleans_up(tmp_path, monkeypatch):
    target = tmp_path / "case.out"
    target.write_bytes(b"old")

    def half(file, data):
        file.write(data[:2])
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic, "fill", half)
    placer = atomic.Placer()
    with pytest.raises(KeyboardInterrupt):
        placer.place(target, b"new\n", ".case.out.bless.")
    left = [p for p in tmp_path.iterdir() if p.name.startswith(".case.out.bless.")]
    assert target.read_bytes() == b"old" and len(left) == 1 and left[0].read_bytes() == b"ne"
    placer.cleanup()
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == ["case.out"]
