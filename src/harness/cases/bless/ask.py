"""bless's question about one changed case, and the answer read: y, n or
q, or eof when the answers ran out (a last line without its newline is no
answer). A piped answer is echoed, so that a log shows it."""

from __future__ import annotations

from typing import BinaryIO

from harness.cases.tool import say

ANSWERS = {"y": "y", "yes": "y", "n": "n", "no": "n", "": "n", "q": "q", "quit": "q"}


def ask(label: str, stdin: BinaryIO, verb: str = "bless") -> str:
    """Asks whether to VERB LABEL until an answer is one of ANSWERS; "y",
    "n", "q" or "eof"."""
    while True:
        say(f"{verb} {label}? [y/n/q] ")
        line = stdin.readline()
        if not line.endswith(b"\n"):
            say("\n")
            return "eof"
        answer = line[:-1].decode("utf-8", errors="surrogateescape")
        if not stdin.isatty():
            say(f"{answer}\n")
        if answer in ANSWERS:
            return ANSWERS[answer]
