"""Files of a case written whole (add-case, bless): each into a temporary
file beside it, then renamed over it, so that a runner, or a run
interrupted in the middle, sees the old file or the new one, never half
of one. A temporary file not yet renamed is removed by cleanup(); one
left by a kill that no cleanup survives is hidden (a dot first), and
check-corpus names it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import BinaryIO

MODE = 0o644


def fill(file: BinaryIO, data: bytes) -> None:
    """Writes DATA into the temporary FILE (a function of its own, so that
    a test can stop a run in the middle of it)."""
    file.write(data)


class Placer:
    """Places files whole; remembers the temporary files not yet renamed."""

    def __init__(self) -> None:
        self.pending: list[Path] = []

    def place(self, target: Path | str, data: bytes, temporary_prefix: str) -> None:
        """TARGET holds DATA, mode 644, written as TEMPORARY_PREFIX + a
        random tail in TARGET's folder, then renamed."""
        target = Path(target)
        handle, name = tempfile.mkstemp(prefix=temporary_prefix, dir=target.parent)
        self.pending.append(Path(name))
        with os.fdopen(handle, "wb") as file:
            fill(file, data)
        os.chmod(name, MODE)
        os.replace(name, target)
        self.pending.pop()

    def cleanup(self) -> None:
        """Removes the temporary files not renamed into place."""
        for path in self.pending:
            path.unlink(missing_ok=True)
        self.pending.clear()
