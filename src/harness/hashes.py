"""hashes.py -- the hashes a submission's mark is keyed on, so that a resumed
run marks again exactly what changed: a folder's files (its sources, the
corpus) and the checking code (harness.check.checking_code).

The hashes are the same bytes as the shell's `sha256sum` pipelines they
replace (`find . -type f | sort | xargs sha256sum | sha256sum`), so that a
class marked before keeps its keys."""

import hashlib
import os
from pathlib import Path


def _line(path: Path, shown: str) -> bytes:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return f"{digest.hexdigest()}  {shown}\n".encode()


def files_hash(root: Path, shown: list[str]) -> str:
    """One SHA-256 over `sha256sum`'s lines of the files `shown` (paths
    relative to root, in the order given)."""
    total = hashlib.sha256()
    for name in shown:
        total.update(_line(root / name, name))
    return total.hexdigest()


def regular_files(folder: Path) -> list[str]:
    """Every regular file under folder, as './a/b', sorted bytewise (as
    LC_ALL=C sort does); symbolic links and special files are never read."""
    found = []
    for here, dirs, names in os.walk(folder):
        dirs.sort()
        for name in names:
            full = Path(here) / name
            if full.is_file() and not full.is_symlink():
                found.append("./" + str(full.relative_to(folder)))
    return sorted(found, key=os.fsencode)


def tree_hash(folder: str | Path) -> str:
    """One SHA-256 over the names and bytes of every regular file under
    folder (the corpus's hash, a submission's sources' hash)."""
    folder = Path(folder)
    return files_hash(folder, regular_files(folder))
