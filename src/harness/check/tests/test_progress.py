"""check-engine's OUTPUT/progress.tsv: its one row (done, total, failed)
follows the verdicts as they come, from 0 before the first case ends (the
pre-submission service shows it while a check runs)."""

import csv

from harness.cases import Verdict
from harness.check.dispatch import Progress


def row(path):
    with open(path, encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def test_progress_file_counts_each_verdict(tmp_path):
    file = tmp_path / "progress.tsv"
    progress = Progress(3, file, every=0)
    assert row(file) == [{"done": "0", "total": "3", "failed": "0"}]
    progress("official/a", Verdict("pass"))
    progress("official/b", Verdict("fail", "C", "stdout differs"))
    assert row(file) == [{"done": "2", "total": "3", "failed": "1"}]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.tsv"]  # (nothing left aside)


def test_no_file_unless_asked(tmp_path):
    Progress(2)("official/a", Verdict("pass"))
    assert list(tmp_path.iterdir()) == []


def test_written_at_most_every_interval_and_at_the_last_case(tmp_path):
    file = tmp_path / "progress.tsv"
    progress = Progress(3, file, every=3600)
    progress("official/a", Verdict("pass"))
    progress("official/b", Verdict("pass"))
    assert row(file) == [{"done": "0", "total": "3", "failed": "0"}]
    progress("official/c", Verdict("fail", "C", "stdout differs"))
    assert row(file) == [{"done": "3", "total": "3", "failed": "1"}]
