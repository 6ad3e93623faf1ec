"""A corpus of golden cases: listing its ids, their categories, the
strict-only cases, and the ids a run checks (as cases.bash's corpus_list,
corpus_categories, corpus_strict_only, corpus_select_ids, which the bash
suites keep using; the tests hold the two to the same answers)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Sequence

# The profile that runs every case; any other (assignment) leaves out the
# strict-only ones.
STRICT = "strict"


@dataclass(frozen=True)
class Case:
    """One golden case: ROOT/ID.in, .out, .reason, .status, .err."""

    root: Path
    id: str

    @property
    def prefix(self) -> Path:
        return Path(self.root) / self.id

    def path(self, suffix: str) -> Path:
        """The case's file with SUFFIX (".in", ".out", ...)."""
        # (one Path made, not three: check-engine asks this five times a case)
        return Path(f"{self.root}/{self.id}{suffix}")

    @property
    def category(self) -> str:
        return category_of(self.id)

    def expected_status(self) -> int:
        """The expected exit status: P.status's first line, 0 without one."""
        try:
            text = self.path(".status").read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return 0
        return int(text.split("\n", 1)[0].strip())

    def reason(self) -> str:
        """Why the case exists: P.reason's first line."""
        try:
            text = self.path(".reason").read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return "(no reason recorded)"
        return text.split("\n", 1)[0]


@dataclass(frozen=True)
class StrictOnlyGlob:
    """A line of ROOT/strict-only: the decision (of NOTES.md) its block
    names, "?" before any block, and the glob over category/name."""

    decision: str
    glob: str


def category_of(case_id: str) -> str:
    """The category of an id: what comes before its first slash."""
    return case_id.split("/", 1)[0]


def _inputs(folder: Path, relative: str) -> Iterator[str]:
    """The ids under FOLDER (relative to the root): every NAME.in that is
    a file or a link, links to folders not followed (as find(1))."""
    with os.scandir(folder) as entries:
        for entry in entries:
            rel = f"{relative}{entry.name}"
            if entry.is_dir(follow_symlinks=False):
                yield from _inputs(Path(entry.path), rel + "/")
            elif entry.name.endswith(".in") and (entry.is_symlink() or entry.is_file(follow_symlinks=False)):
                yield rel[: -len(".in")]


def _c_order(ids: Iterable[str]) -> list[str]:
    """IDS sorted byte by byte, as LC_ALL=C sort."""
    return sorted(ids, key=os.fsencode)


def list_ids(root: Path | str) -> list[str]:
    """The case ids (category/name) under ROOT, in corpus order."""
    return _c_order(_inputs(Path(root), ""))


def categories(root: Path | str) -> list[str]:
    """The categories of ROOT's cases, sorted."""
    return _c_order(set(category_of(case_id) for case_id in list_ids(root)))


def unknown_categories(root: Path | str, wanted: Iterable[str]) -> list[str]:
    """The categories of WANTED that ROOT has no case of, in WANTED's order."""
    known = set(categories(root))
    return [category for category in wanted if category not in known]


def strict_only_globs(root: Path | str) -> list[StrictOnlyGlob]:
    """The globs of ROOT/strict-only (none without the file): comments and
    blank lines left out, `== DECISION: words` opening a block."""
    path = Path(root) / "strict-only"
    if not path.is_file():
        return []
    globs, decision = [], ""
    for line in _lines(path.read_text(encoding="utf-8", errors="surrogateescape")):
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("== "):
            words = line.split()
            decision = words[1].removesuffix(":") if len(words) > 1 else ""
            continue
        globs.append(StrictOnlyGlob(decision or "?", line))
    return globs


def _lines(text: str) -> list[str]:
    """TEXT's lines as awk reads them: split at newlines only, a last line
    without one still a line."""
    lines = text.split("\n")
    return lines[:-1] if text.endswith("\n") or not text else lines


def glob_source(glob: str) -> str:
    """A glob over category/name as a regular expression's text, for a
    full match with re.DOTALL: only `*` is special, and it matches any
    text, slashes included (text, not compiled: strict_only joins them)."""
    return "".join(".*" if char == "*" else re.escape(char) for char in glob)


def strict_only(root: Path | str, ids: Sequence[str] | None = None) -> list[str]:
    """The ids of ROOT (or of IDS, ROOT's listing) that ROOT/strict-only puts
    in the strict profile only, in corpus order."""
    globs = strict_only_globs(root)
    if not globs:
        return []
    # (one pattern of every glob's: an id is matched once, not once a glob,
    # which cost every check-engine start 0.05 s on checkers' 230 globs;
    # nor each compiled alone first, which cost it 13 ms more)
    anyone = re.compile("|".join(f"(?:{glob_source(entry.glob)})" for entry in globs), re.DOTALL)
    listed = list_ids(root) if ids is None else ids
    return [case_id for case_id in listed if anyone.fullmatch(case_id)]


def select_ids(root: Path | str, profile: str, wanted: Iterable[str] = (),
               excluded: Iterable[str] = ()) -> list[str]:
    """The ids a run with these options checks (check-engine, mark, the
    service), in corpus order: those of the WANTED categories (all when
    none), less the EXCLUDED ones; any profile but strict leaves out the
    strict-only cases."""
    wanted, excluded = set(wanted), set(excluded)
    ids = list_ids(root)
    left_out = set() if profile == STRICT else set(strict_only(root, ids))
    return [case_id for case_id in ids
            if (not wanted or _selected_category(case_id) in wanted)
            and _selected_category(case_id) not in excluded
            and case_id not in left_out]


def _selected_category(case_id: str) -> str:
    """The category as corpus_select_ids cuts it (before the last slash;
    the same as category_of for every id of category/name)."""
    return case_id.rpartition("/")[0] or case_id
