"""harness.mark.one, through its door src/mark/mark-one, against the
record the bash worker made (one-record/, one_record.py): every submission
marked again and every refused command line run again, each field
compared; any difference fails (the record is never made again to pass)."""

from pathlib import Path

import pytest

from harness.mark.tests import one_record
from harness.mark.tests.one_submissions import REFUSALS, SUBMISSIONS


@pytest.fixture(scope="module")
def marked(tmp_path_factory):
    folder = Path(tmp_path_factory.mktemp("class"))
    one_record.make_class(folder)
    return one_record.mark_all([str(one_record.WORKER)], folder)


@pytest.mark.slow
@pytest.mark.parametrize("name", [s.name for s in SUBMISSIONS] + [f"refused-{name}" for name, _ in REFUSALS])
def test_as_recorded(marked, name):
    recorded = one_record.read_record(name)
    assert [key for key, _ in marked[name]] == [key for key, _ in recorded]
    differences = [(key, value, was) for (key, value), (_, was) in zip(marked[name], recorded) if value != was]
    assert differences == []


def test_the_record_is_whole():
    """Every submission and refusal has its file, and nothing else is there."""
    names = {s.name for s in SUBMISSIONS} | {f"refused-{name}" for name, _ in REFUSALS}
    assert {path.stem for path in one_record.RECORD.glob("*.tsv")} == names
    assert sum(len(one_record.read_record(name)) for name in names) > 500
