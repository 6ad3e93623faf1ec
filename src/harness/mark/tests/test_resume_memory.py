"""scripts/mark --resume after the corpus or the scheme changed (issue
43): a class of two checkers submissions (the reference and a copy with
the catalogued fault win-not-reported) marked by scripts/mark on the
official cases by a scheme of one part, 10 marks proportional; then a copy
of the corpus changed (harness.paths.TESTDATA pointed at the copy in this
process: a case added, a golden changed, a case removed) or the scheme,
and the same command with --resume run here, with the program runs of the
regrade counted (check-engine's worker's check) and a full marking's
workers forbidden.

By hand: 9 official cases. ref passes them all (10.00); nowin passes all 9
(10.00). The new case is a win by a block: ref passes it (10 of 10, 10.00),
nowin does not report the win and fails it (9 of 10, 9.00). test0's golden
with a line more fails both: 8 of 9, 8.89. Without test1, 8 of 8: 10.00.
The scheme worth 20: 20.00."""

from __future__ import annotations

import csv
import email
import email.policy
import os
import shutil
from pathlib import Path

import pytest

from harness import paths
from harness.cases.tests.impact_class import NEW_CASE, SCHEME, mark
from harness.check.worker import Worker
from harness.diagnose import faultbuild
from harness.mark.cli import regrade, run, workers

NEW = "official/new-block"
# (impact_class.mark's options: another one would change every key, and mark in full)
ARGS = ["--category", "official", "--memcheck", "0", "--timeout", "1"]


@pytest.fixture(scope="module")
def marked(tmp_path_factory) -> Path:
    """The class (FOLDER/class), its scheme and roster, marked once with the
    real corpus by scripts/mark into FOLDER/marked."""
    folder = tmp_path_factory.mktemp("resume")
    submissions = folder / "class"
    submissions.mkdir()
    shutil.copytree(paths.SRC / "checkers", submissions / "ref")
    built = faultbuild.Builder(str(folder / "build")).build("checkers", ["win-not-reported"])
    shutil.copytree(built + ".src", submissions / "nowin")
    (folder / "scheme.tsv").write_text(SCHEME)
    (folder / "roster.csv").write_text("name,email\nref,ref@uni.example\nnowin,nowin@uni.example\n")
    mark([submissions / "ref", submissions / "nowin"], folder / "scheme.tsv", folder / "marked")
    return folder


@pytest.fixture
def klass(marked, tmp_path) -> Path:
    """A copy of the marked class for each test."""
    return Path(shutil.copytree(marked / "marked", tmp_path / "marked", symlinks=True))


@pytest.fixture
def corpus(tmp_path, monkeypatch) -> Path:
    """A copy of the corpus (hard links), the one this process marks with."""
    copy = tmp_path / "testdata"
    shutil.copytree(paths.TESTDATA / "checkers", copy / "checkers", copy_function=os.link)
    monkeypatch.setattr(paths, "TESTDATA", copy)
    return copy / "checkers"


@pytest.fixture
def runs(monkeypatch) -> list[str]:
    """The cases the regrade runs, in order; a full marking's workers fail the test."""
    ran: list[str] = []

    class Counting(Worker):
        def check(self, case_id):
            ran.append(case_id)
            return super().check(case_id)

    def no_full_marking(*_args, **_kwargs):
        raise AssertionError("a submission was marked in full")

    monkeypatch.setattr(regrade, "Worker", Counting)
    monkeypatch.setattr(run, "run_here", no_full_marking)
    return ran


def resume(marked: Path, klass: Path, scheme: Path | None = None, *extra: str) -> int:
    """The first marking's command again, with --resume, in this process."""
    return run.main([*ARGS, "--scheme", str(scheme or marked / "scheme.tsv"), "--output", str(klass), "--resume",
                     *extra, str(marked / "class" / "nowin"), str(marked / "class" / "ref")])


def rows(klass: Path) -> dict[str, dict[str, str]]:
    with open(klass / "marks.csv", encoding="utf-8", newline="") as handle:
        return {row["name"]: row for row in csv.DictReader(handle)}


def add_case(corpus: Path) -> None:
    for suffix in (".in", ".out", ".reason"):
        shutil.copyfile(f"{NEW_CASE}{suffix}", corpus / f"{NEW}{suffix}")


@pytest.mark.slow
def test_a_case_added_runs_that_case_alone_and_remembers_the_marks(marked, klass, corpus, runs, capsys):
    before = rows(klass)
    assert (before["ref"]["final_mark"], before["nowin"]["final_mark"]) == ("10.00", "10.00")
    assert before["nowin"]["previous_final"] == ""
    add_case(corpus)
    assert resume(marked, klass, None, "--roster", str(marked / "roster.csv"), "--feedback",
                  str(klass / "feedback")) == 0
    printed = capsys.readouterr().out
    assert "0 of 2 submissions to mark" in printed and "2 to regrade" in printed
    assert sorted(runs) == [NEW, NEW]
    after = rows(klass)
    assert (after["ref"]["final_mark"], after["ref"]["previous_final"]) == ("10.00", "")
    assert (after["nowin"]["final_mark"], after["nowin"]["previous_final"]) == ("9.00", "10.00")
    assert after["nowin"]["passed"] == "9" and after["nowin"]["total"] == "10"
    why = "Your mark changed from 10 to 9 because case %s was added (your program fails it" % NEW
    assert after["nowin"]["mark_change"].startswith(why)
    page = (klass / "submissions" / "nowin" / "index.html").read_text()
    assert why in page
    assert "Changed marks" in (klass / "index.html").read_text()
    assert "(was 10.00)" in (klass / "index.html").read_text()
    message = email.message_from_bytes((klass / "feedback" / "nowin.eml").read_bytes(), policy=email.policy.default)
    body = " ".join(message.get_body(("plain",)).get_content().split())
    assert why in body


def test_nothing_changed_runs_nothing_and_changes_nothing(marked, klass, corpus, runs):
    add_case(corpus)
    assert resume(marked, klass) == 0
    runs.clear()
    first = (klass / "marks.csv").read_bytes()
    assert resume(marked, klass) == 0
    assert runs == []
    assert (klass / "marks.csv").read_bytes() == first
    assert rows(klass)["nowin"]["previous_final"] == "10.00"
    # A case's reason decides no verdict: the corpus changed, nothing runs, nothing moves.
    (corpus / f"{NEW}.reason").write_text("the same case, said better\n")
    assert resume(marked, klass) == 0
    assert runs == []
    assert (klass / "marks.csv").read_bytes() == first


def test_a_changed_expected_output_runs_that_case_alone(marked, klass, corpus, runs):
    case = corpus / "official" / "test0.out"
    text = case.read_bytes()
    case.unlink()  # (a hard link: the repository's file is left alone)
    case.write_bytes(text + b"one more line\n")
    assert resume(marked, klass) == 0
    assert runs == ["official/test0", "official/test0"]
    after = rows(klass)
    assert (after["ref"]["final_mark"], after["ref"]["previous_final"]) == ("8.89", "10.00")
    assert "the expected result of case official/test0 changed (your program now fails it" \
        in after["ref"]["mark_change"]


def test_a_scheme_changed_runs_nothing_and_says_so(marked, klass, corpus, runs, tmp_path):
    scheme = tmp_path / "scheme.tsv"
    scheme.write_text(SCHEME.replace("\t10\t", "\t20\t"))
    assert resume(marked, klass, scheme) == 0
    assert runs == []
    after = rows(klass)
    assert (after["ref"]["final_mark"], after["ref"]["previous_final"]) == ("20.00", "10.00")
    assert after["ref"]["mark_change"] == "Your mark changed from 10 to 20 because the marking scheme changed."


def test_a_case_removed_runs_nothing_and_drops_its_verdict(marked, klass, corpus, runs):
    for path in corpus.glob("official/test1.*"):
        path.unlink()
    assert resume(marked, klass) == 0
    assert runs == []
    after = rows(klass)
    # Both passed test1 and pass the other 8: 8 of 8, the same 10.00, nothing to tell.
    assert [(after[name]["passed"], after[name]["total"], after[name]["final_mark"], after[name]["previous_final"])
            for name in ("nowin", "ref")] == [("8", "8", "10.00", "")] * 2
    results = (klass / "submissions" / "ref" / "check" / "results.tsv").read_text()
    assert "official/test1\t" not in results and "official/test2\t" in results
    assert (klass / "submissions" / "ref" / "regrade.tsv").read_text().split("\n")[1] == "official/test1\tremoved\tpass\t"
