"""--impact of add-case and bless on a draughts class (impact_class's
make_draughts_class: the reference and the catalogued fault no-crowning,
marked on the handout's given cases, the examples, judged by the rules),
its marks computed by hand here."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harness.cases.add_case.tool import main as add_case
from harness.cases.bless.tool import main as bless
from harness.cases.tests.helpers import run_main
from harness.cases.tests.impact_class import DRAUGHTS_NEW_CASE, impact_rows, make_draughts_class

# By hand: 6 examples under the assignment profile, one part of 10 marks.
# ref passes all 6 (10.00) and the new crowning: 7 of 7, 10.00; nocrown
# passes 5 of 6 (8.33) and fails the crowning: 5 of 7, 7.14.
EXPECTED = {"nocrown": ("8.33", "7.14", "examples/new-crown"), "ref": ("10.00", "10.00", "")}


@pytest.fixture(scope="module")
def marked(tmp_path_factory) -> Path:
    return make_draughts_class(tmp_path_factory.mktemp("impact-draughts"))


@pytest.mark.slow
def test_add_case_impact_on_a_draughts_class(klass, tmp_path):
    ran = run_main(add_case, ["--program", "draughts", "--cases", str(tmp_path / "corpus"), "--impact", str(klass),
                              "examples", "new-crown", "a man crowned", f"{DRAUGHTS_NEW_CASE}.in"], b"", CI="1")
    assert ran.status == 0, ran.err
    assert impact_rows(klass) == EXPECTED
    assert "the new case examples/new-crown fails 1 of 2 submissions" in ran.out
    assert "  nocrown: 8.33 -> 7.14\n" in ran.out
    assert "not recorded: CI is set" in ran.out


def test_bless_impact_on_a_changed_draughts_golden(klass, tmp_path):
    corpus = tmp_path / "corpus" / "draughts" / "examples"
    corpus.mkdir(parents=True)
    for suffix in (".in", ".reason"):
        shutil.copyfile(f"{DRAUGHTS_NEW_CASE}{suffix}", corpus / f"new-crown{suffix}")
    (corpus / "new-crown.out").write_bytes(b"an old golden\n")
    ran = run_main(bless, ["--program", "draughts", "--cases", str(tmp_path / "corpus" / "draughts"), "--impact",
                           str(klass), "examples/new-crown"], b"", CI="1")
    assert ran.status == 0, ran.err
    assert "the changed case examples/new-crown fails 1 of 2 submissions" in ran.out
    assert impact_rows(klass) == EXPECTED
    assert (corpus / "new-crown.out").read_bytes() == b"an old golden\n"
