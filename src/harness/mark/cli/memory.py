"""memory.py -- what --resume remembers of a submission's marking, to mark
again only what changed: the cases it was marked on, each with the hash of
what decides its verdict (CASE_HASHES: the input, the expected output,
status and stderr; not the reason), and its key without the corpus
(BASE_KEY: its files, the options, the checking code). A submission whose
base key is unchanged, that was marked in full (state `marked`, a program
built) and whose worker kept its facts is regraded: only its new and
changed cases are run (regrade.py); the others keep their verdicts."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from harness.mark.result_file import read_result
from harness.mark.result_row import read_tsv

CASE_HASHES = "case-hashes.tsv"
BASE_KEY = "base-key"
# What decides a case's verdict, by the corpus's suffixes (the reason does not).
VERDICT_FILES = (".in", ".out", ".status", ".err")


@dataclass(frozen=True)
class Plan:
    """One submission's regrade: its folder's name, the cases to run (new
    or changed, in the corpus's order) and those gone from the corpus
    ({case: "added" | "changed" | "removed"} for each)."""

    folder: str
    run: tuple[str, ...]
    changes: dict[str, str]


def case_hash(cases: Path, case_id: str) -> str:
    """SHA-256 over CASE_ID's files that decide its verdict (a missing one counts as missing)."""
    digest = hashlib.sha256()
    for suffix in VERDICT_FILES:
        path = cases / f"{case_id}{suffix}"
        digest.update(suffix.encode() + (b"=%d:" % path.stat().st_size + path.read_bytes() if path.is_file()
                                         else b"-"))
    return digest.hexdigest()


def case_hashes(cases: Path, ids: tuple[str, ...]) -> dict[str, str]:
    """{case: case_hash} of IDS, in their order."""
    return {case_id: case_hash(cases, case_id) for case_id in ids}


def write_memory(dest: Path, hashes: dict[str, str], base_key: str) -> None:
    """DEST's CASE_HASHES (a header, a line per case) and BASE_KEY."""
    (dest / CASE_HASHES).write_text("case\thash\n" + "".join(f"{case}\t{made}\n" for case, made in hashes.items()),
                                    encoding="utf-8")
    (dest / BASE_KEY).write_text(base_key + "\n", encoding="utf-8")


def recorded(dest: Path) -> dict[str, str] | None:
    """{case: hash} DEST was marked on; None when it holds no record."""
    if not (dest / CASE_HASHES).is_file():
        return None
    return {row["case"]: row["hash"] for row in read_tsv(dest / CASE_HASHES) if row.get("case")}


def regradable(dest: Path, base_key: str) -> bool:
    """DEST was marked in full under BASE_KEY, with a program, its facts kept."""
    try:
        kept = (dest / BASE_KEY).read_text(encoding="utf-8").rstrip("\n")
    except OSError:
        return False
    if kept != base_key or not (dest / "done").is_file() or not (dest / "facts.tsv").is_file() \
            or not (dest / "result.tsv").is_file() or not (dest / "check" / "results.tsv").is_file():
        return False
    has_program = (dest / "program").is_file() or (dest / "built").is_dir()
    return has_program and read_result(dest / "result.tsv").fields.get("state") == "marked"


def plan(dest: Path, folder: str, hashes: dict[str, str]) -> Plan | None:
    """DEST's regrade against the corpus's HASHES; None when it cannot be
    regraded (no record)."""
    before = recorded(dest)
    if before is None:
        return None
    changes = {case: "added" if case not in before else "changed"
               for case, made in hashes.items() if before.get(case) != made}
    changes.update((case, "removed") for case in before if case not in hashes)
    return Plan(folder, tuple(case for case in hashes if case in changes), changes)
