"""A class run's builds kept by their inputs (mark-one --build-cache DIR):
a submission whose sources, language, build commands and build options
are those of a build already made in the same run is given that build's
product and messages instead of being built again (a class of copies, as
the tests mark, compiles once). The key holds every input of a build but
the machine's compilers and the sandbox, which are the same for every
build of one run on one machine: the cache is a folder of that one run
(scripts/mark makes it and removes it at the end; the machines of
--sshloginfile get none). Only a build that succeeded is kept: a failed
or stopped one is built again, as without the cache."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from harness.languages import Language

# What a kept build holds beside its key's folder: the product, the log,
# the handout's command's log (when the older standard built it), the note.
BUILT, LOG, HANDOUT, NOTE = "built", "log", "log.handout", "note"


@dataclass(frozen=True)
class Inputs:
    """A build's inputs but the folder's files: the language's record, the
    command given (--compile), its limit, whether it runs in the sandbox
    and whether the older standard may be tried."""

    language: Language
    command: str
    compile_timeout: str
    sandbox: bool
    older_standards: bool


def key(folder: str | Path, inputs: Inputs) -> str:
    """The hash of every input of FOLDER's build: each entry under FOLDER
    (its path, kind, permission bits, and its bytes or a link's target)
    and INPUTS."""
    digest = hashlib.sha256()
    digest.update(repr(inputs).encode())
    root = Path(folder)
    for parent, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(dirs + files):
            path = Path(parent) / name
            status = path.lstat()
            digest.update(b"\0entry\0" + os.fsencode(path.relative_to(root)) + b"\0")
            digest.update(f"{status.st_mode:o}\0".encode())
            if path.is_symlink():
                digest.update(os.fsencode(os.readlink(path)))
            elif path.is_file():
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def fetch(cache: Path, build_key: str, out: Path, log: Path) -> Optional[str]:
    """The kept build of BUILD_KEY copied to OUT and LOG (LOG.handout too
    when kept): its note; None when there is none."""
    kept = cache / build_key
    if not (kept / NOTE).is_file():
        return None
    if os.path.lexists(out):
        shutil.rmtree(out)
    shutil.copytree(kept / BUILT, out, symlinks=True)
    shutil.copyfile(kept / LOG, log)
    handout = Path(f"{log}.handout")
    handout.unlink(missing_ok=True)
    if (kept / HANDOUT).is_file():
        shutil.copyfile(kept / HANDOUT, handout)
    return (kept / NOTE).read_text(encoding="utf-8")


def keep(cache: Path, build_key: str, out: Path, log: Path, note: str) -> None:
    """A successful build (OUT, LOG, LOG.handout, NOTE) kept under BUILD_KEY;
    written aside and renamed, so that a worker never reads a half-kept
    build (when two made the same build at once, the first kept stays)."""
    if (cache / build_key).exists():
        return
    aside = Path(tempfile.mkdtemp(prefix=".keeping.", dir=cache))
    try:
        shutil.copytree(out, aside / BUILT, symlinks=True)
        shutil.copyfile(log, aside / LOG)
        if Path(f"{log}.handout").is_file():
            shutil.copyfile(f"{log}.handout", aside / HANDOUT)
        (aside / NOTE).write_text(note, encoding="utf-8")
        os.rename(aside, cache / build_key)
    except OSError:
        shutil.rmtree(aside, ignore_errors=True)
