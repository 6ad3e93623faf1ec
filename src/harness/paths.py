"""Where the repository's parts are, found from this package's own place
(src/harness/), so that a tool works from any current folder."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
BUILD = ROOT / "build"
TESTDATA = ROOT / "testdata"
