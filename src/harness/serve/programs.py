"""programs.py -- the students' programs the tests and the rush play:
correct (this repository's checkers engine, its sources as handed in),
wrong, not compiling, hanging. `tag` makes each copy's sources differ
(a comment), so that the cache does not answer them."""

import glob
import os

from harness import paths

ROOT = str(paths.ROOT)
KINDS = ("correct", "wrong", "broken", "hanging")

WRONG = b'#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n'
BROKEN = b'int main(void) { return 0 }\n'
HANGING = b'#include <unistd.h>\nint main(void) { for (;;) pause(); }\n'


def sources(kind, tag=""):
    """{file name: bytes} of a program of this kind."""
    note = ("/* %s */\n" % tag).encode() if tag else b""
    if kind == "correct":
        files = {}
        for path in sorted(glob.glob(os.path.join(ROOT, "src/checkers/*.[ch]"))):
            with open(path, "rb") as handle:
                files[os.path.basename(path)] = handle.read()
        files["main.c"] = note + files["main.c"]
        return files
    return {"program.c": note + {"wrong": WRONG, "broken": BROKEN, "hanging": HANGING}[kind]}
