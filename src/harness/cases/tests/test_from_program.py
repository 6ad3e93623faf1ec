"""add-case --from-program: a submission (here the reference with the
catalogued fault win-not-reported, a folder of sources built in the
sandbox) run beside the reference on an input where they differ; the
reference's output recorded only on a yes, never under CI."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.cases.add_case.from_program import window
from harness.cases.add_case.tool import main as add_case
from harness.cases.tests.helpers import run_main
from harness.cases.tests.impact_class import NEW_CASE
from harness.diagnose import faultbuild


@pytest.fixture(scope="module")
def faulty(tmp_path_factory) -> str:
    return faultbuild.Builder(str(tmp_path_factory.mktemp("faults"))).build("checkers", ["win-not-reported"]) + ".src"


def report(faulty: str, corpus: Path, answer: bytes, **environ: str):
    return run_main(add_case, ["--cases", str(corpus), "--from-program", faulty, "wins", "reported",
                               "a win by a block", f"{NEW_CASE}.in"], answer, **environ)


def test_both_outputs_side_by_side_and_recorded_on_yes(faulty, tmp_path):
    ran = report(faulty, tmp_path / "corpus", b"y\n")
    assert ran.status == 0, ran.err
    assert "--- stdout: they differ" in ran.out
    win = [line for line in ran.out.split("\n") if line.startswith("BLACK WIN!")]
    assert len(win) == 1 and win[0].rstrip().endswith("<")  # the reference's line, none beside it
    assert ran.out.index("they differ") < ran.out.index("record wins/reported? [y/n/q]")
    assert (tmp_path / "corpus/wins/reported.out").read_bytes() == Path(f"{NEW_CASE}.out").read_bytes()


@pytest.mark.parametrize("answer,environ,status", [(b"n\n", {}, 0), (b"", {}, 1), (b"y\n", {"CI": "1"}, 0)])
def test_nothing_recorded_without_a_yes(faulty, tmp_path, answer, environ, status):
    ran = report(faulty, tmp_path / "corpus", answer, **environ)
    assert ran.status == status, ran.err
    assert "not recorded" in ran.out
    assert not (tmp_path / "corpus/wins/reported.in").exists()


def test_the_input_must_be_a_file(faulty, tmp_path):
    ran = run_main(add_case, ["--cases", str(tmp_path), "--from-program", faulty, "wins", "x", "why"], b"y\n")
    assert ran.status == 2 and "give INPUT as a file" in ran.err


def test_window_whole_when_short_else_from_the_differing_action():
    assert window(b"a\nb\n", b"a\nc\n") == (0, 3)
    long = [b"line %d" % i for i in range(100)]
    long[50] = b"====="
    changed = list(long)
    changed[60] = b"other"
    assert window(b"\n".join(long), b"\n".join(changed)) == (50, 100)
