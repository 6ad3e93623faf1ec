"""The facts file: what the worker finds about a submission (state,
reason, compiled, warnings, errors, memcheck, build_note, and
harness.mark.deliverables'), `key<TAB>value` lines under a header, the last
one of a key winning; harness.mark.result_row makes the row from it."""

from __future__ import annotations

import re
from pathlib import Path

SPACED = re.compile(r"[\t\n]")


class Facts:
    """The facts file at PATH, begun with its header."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.write_text("key\tvalue\n", encoding="utf-8")

    def add(self, key: str, value: object) -> None:
        """KEY's VALUE, its tabs and line breaks made spaces."""
        with open(self.path, "a", encoding="utf-8", errors="surrogateescape") as facts:
            facts.write(f"{key}\t{SPACED.sub(' ', str(value))}\n")
