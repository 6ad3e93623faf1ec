"""--impact of add-case and bless on a real class (impact_class: the
reference, two catalogued faults, one that hangs), its marks computed by
hand here; and the faults a new case catches against adequacy's table."""

from __future__ import annotations

import csv
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from harness.cases.add_case.tool import main as add_case
from harness.cases.bless.tool import main as bless
from harness.cases.impact import assess, bench, faults
from harness.cases.impact.record import read_class
from harness.cases.impact.runs import Candidates
from harness.cases.tests.helpers import run_main, tree
from harness.cases.tests.impact_class import NEW_CASE, impact_rows, make_class, make_python_class

# Slow, all of it (make test-full only): its module's classes are marked
# once (about 40 CPU-s), which every test reads.
pytestmark = pytest.mark.slow

# By hand: 9 official cases, one part of 10 marks. nopromo passes 6 of 9
# (6.67) and passes the new case: 7 of 10, 7.00; nowin passes all 9
# (10.00) and fails it: 9 of 10, 9.00; ref stays 10.00; hangs 0 of 9, then
# 0 of 10, and hangs on it.
EXPECTED = {"hangs": ("0.00", "0.00", "official/new-block"), "nopromo": ("6.67", "7.00", ""),
            "nowin": ("10.00", "9.00", "official/new-block"), "ref": ("10.00", "10.00", "")}


@pytest.fixture(scope="module")
def marked(tmp_path_factory) -> Path:
    return make_class(tmp_path_factory.mktemp("impact"))


def add(klass: Path, corpus: Path, answer: bytes, **environ: str):
    return run_main(add_case, ["--cases", str(corpus), "--impact", str(klass), "official", "new-block",
                               "a win by a block", str(NEW_CASE) + ".in"], answer, **environ)


def test_marks_before_are_the_marks_mark_gave(klass):
    record = read_class(klass)
    with open(klass / "marks.csv", encoding="utf-8", newline="") as handle:
        given = {row["name"]: Decimal(row["mark"]) for row in csv.DictReader(handle)}
    for submission in record.submissions:
        assert assess.mark_of(record, record.owner, submission.verdicts, submission) == given[submission.name]


def test_add_case_impact_then_no_records_nothing(klass, tmp_path):
    ran = add(klass, tmp_path / "corpus", b"n\n")
    assert ran.status == 0, ran.err
    assert impact_rows(klass) == EXPECTED
    assert "the new case official/new-block fails 2 of 4 submissions" in ran.out
    assert "  nopromo: 6.67 -> 7.00\n  nowin: 10.00 -> 9.00\n" in ran.out
    assert "  hangs: hang on official/new-block" in ran.out
    assert ran.out.index("impact.tsv") < ran.out.index("record official/new-block? [y/n/q]")
    assert not (tmp_path / "corpus").exists() or tree(tmp_path / "corpus") == {}


def test_add_case_impact_records_on_yes(klass, tmp_path):
    ran = add(klass, tmp_path / "corpus", b"y\n")
    assert ran.status == 0, ran.err
    assert (tmp_path / "corpus/official/new-block.out").read_bytes() == Path(f"{NEW_CASE}.out").read_bytes()


def test_add_case_impact_under_ci_records_nothing_but_writes_the_impact(klass, tmp_path):
    ran = add(klass, tmp_path / "corpus", b"y\n", CI="true")
    assert ran.status == 0, ran.err
    assert "not recorded: CI is set" in ran.out
    assert impact_rows(klass) == EXPECTED
    assert not (tmp_path / "corpus/official/new-block.in").exists()


def test_bless_impact_on_a_changed_golden(klass, tmp_path):
    corpus = tmp_path / "corpus" / "official"
    corpus.mkdir(parents=True)
    for suffix in (".in", ".reason"):
        shutil.copyfile(f"{NEW_CASE}{suffix}", corpus / f"new-block{suffix}")
    (corpus / "new-block.out").write_bytes(b"an old golden\n")
    ran = run_main(bless, ["--cases", str(tmp_path / "corpus"), "--impact", str(klass), "official/new-block"],
                   b"", CI="1")
    assert ran.status == 0, ran.err
    assert "the changed case official/new-block fails 2 of 4 submissions" in ran.out
    assert impact_rows(klass) == EXPECTED
    assert (corpus / "new-block.out").read_bytes() == b"an old golden\n"


def test_faults_caught_that_no_case_caught_before(tmp_path):
    corpus = tmp_path / "cases" / "official"
    corpus.mkdir(parents=True)
    for suffix in (".in", ".out", ".reason"):
        shutil.copyfile(f"{NEW_CASE}{suffix}", corpus / f"new-block{suffix}")
    table = tmp_path / "checkers.tsv"
    table.write_text("fault\tcases_failing\tonly_case\nwin-not-reported\t0\t\nno-tower-promotion\t0\t\n")
    found = faults.run_faults("checkers", "strict", Candidates(tmp_path / "cases", ("official/new-block",)), 1,
                              table)
    assert found.caught["win-not-reported"] == ["official/new-block"]
    assert found.caught["no-tower-promotion"] == []
    assert found.uncaught_before == {"win-not-reported", "no-tower-promotion"}
    told = tmp_path / "told.txt"
    with open(told, "w") as stream:
        faults.tell(found, "checkers", stream)
    assert "of which no case caught before (build/adequacy/checkers.tsv): win-not-reported\n" in told.read_text()


def test_the_bench_grows_a_class_its_impact_reads(klass, tmp_path):
    grown = bench.replicate(klass, 6, tmp_path / "grown")
    record = read_class(grown)
    names = [submission.name for submission in record.submissions]
    assert names == ["s000", "s001", "s002", "s003", "s004", "s005"]
    original = read_class(klass).submissions
    assert [s.verdicts for s in record.submissions[:4]] == [s.verdicts for s in original]
    assert all(s.program is not None and s.program.is_file() for s in record.submissions)


def test_a_python_submission_runs_from_its_built_folder(tmp_path):
    klass = make_python_class(tmp_path / "python")
    ran = add(klass, tmp_path / "corpus", b"", CI="1")
    assert ran.status == 0, ran.err
    assert "  py: crash on official/new-block" in ran.out
    assert impact_rows(klass) == {"py": ("0.00", "0.00", "official/new-block")}
