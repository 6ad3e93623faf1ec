"""The impact tests' shared fixture: `klass`, a copy of the module's
`marked` class (each test module marks its own class, test_impact.py
checkers', test_impact_draughts.py draughts'), so that each test writes
its own impact.tsv."""

import shutil
from pathlib import Path

import pytest


@pytest.fixture
def klass(marked, tmp_path) -> Path:
    """A copy of the marked class, so that each test writes its own impact.tsv."""
    return Path(shutil.copytree(marked, tmp_path / "marked", symlinks=True))
