"""checking_code.py -- the one list of "the checking code": every file whose
change may change a verdict, found, never hand-kept (a hand-kept list left
out the draughts judge, the game adapters and the diagnosis once). mark's
resume key and the service's cache key are both made from it.

The files of ROOT that checking a program may run or read: the Makefile and
every file under scripts/ and src/, but the tests (*/tests/*, src/test-lib),
the docs (*.md), Python's caches, and the class pages' code and marking
schemes (src/harness/mark/report, src/mark/schemes), which make pages from
results already checked, and the students' feedback
(src/harness/mark/feedback, scripts/feedback), which mails them.

    python3 -m harness.check.checking_code [--list | --hash] [ROOT]
"""

import argparse
import os
import sys
from pathlib import Path

from harness import paths
from harness import hashes

LEFT_OUT = ("src/test-lib/", "src/harness/mark/report/", "src/mark/schemes/", "src/harness/mark/feedback/")


def _kept(name: str) -> bool:
    if name.startswith(LEFT_OUT) or name == "scripts/feedback" or name.endswith(".md"):
        return False
    parts = name.split("/")
    return "tests" not in parts[1:-1] and "__pycache__" not in parts


def listed(root: Path = paths.ROOT) -> list[str]:
    """The paths, relative to root, sorted bytewise."""
    found = ["Makefile"] if (root / "Makefile").is_file() else []
    for top in ("scripts", "src"):
        found += [f"{top}/{name[2:]}" for name in hashes.regular_files(root / top)]
    return sorted((name for name in found if _kept(name)), key=os.fsencode)


def code_hash(root: Path = paths.ROOT) -> str:
    """One SHA-256 over every path and its content."""
    return hashes.files_hash(root, listed(root))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m harness.check.checking_code",
                                     description=__doc__.split("\n\n")[1].replace("\n", " "))
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--list", action="store_true", help="the paths, one a line, sorted (the default)")
    mode.add_argument("--hash", action="store_true", help="one SHA-256 over every path and its content")
    parser.add_argument("root", nargs="?", type=Path, default=paths.ROOT, help="default: this repository")
    options = parser.parse_args(argv)
    if options.hash:
        print(code_hash(options.root))
    else:
        sys.stdout.write("".join(name + "\n" for name in listed(options.root)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
