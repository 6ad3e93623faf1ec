"""What the tests of add-case and bless share: a stand-in engine whose
answer depends on its input, and a command run with its output caught."""

from __future__ import annotations

import contextlib
import io
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

# The stand-in engine: "crash" dies of SIGSEGV, "hang" sleeps, "fail" says
# something on stderr and exits 2, "long" prints 70 lines and a game's
# delimiter before its last two; anything else is echoed back.
ENGINE = """#!/bin/sh
input=$(cat)
case $input in
    crash*) kill -SEGV $$ ;;
    hang*) exec sleep 30 ;;
    fail*) echo "half a board"; echo "engine: bad line" >&2; exit 2 ;;
    long*) seq 68; echo "====="; echo "the last board" ;;
    *) printf 'echo: %s\\n' "$input" ;;
esac
"""


def fake_engine(folder: Path, text: str = ENGINE) -> str:
    """An executable of TEXT in FOLDER; its path."""
    path = folder / "engine"
    path.write_text(text)
    os.chmod(path, 0o755)
    return str(path)


@dataclass
class Ran:
    status: int
    out: str
    err: str


def run_main(main: Callable[..., int], argv: list[str], stdin: bytes = b"", **environ: str) -> Ran:
    """MAIN(ARGV) with ENVIRON only and STDIN; what it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv, environ, io.BytesIO(stdin))
    return Ran(status, out.getvalue(), err.getvalue())


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under FOLDER, hidden ones too: {relative path: bytes}."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}
