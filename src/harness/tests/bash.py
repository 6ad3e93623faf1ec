"""Today's bash, run from the package's tests to hold each port to the
same answers: a script run with the top folder as its current folder."""

from __future__ import annotations

import subprocess

from harness import paths


def run_bash(script: str, *args: str, check: bool = True) -> str:
    """SCRIPT's stdout, run by bash -c from the top folder with ARGS as $1...;
    a failure raises (CalledProcessError) unless CHECK is false."""
    done = subprocess.run(["bash", "-c", script, "bash", *args], cwd=paths.ROOT, capture_output=True,
                          text=True, errors="surrogateescape", check=check)
    return done.stdout


def lines(text: str) -> list[str]:
    """TEXT's lines (none for empty text)."""
    return text.split("\n")[:-1] if text else []
