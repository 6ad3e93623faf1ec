"""corpusruns.py -- every faulted reference's run on every case of the
corpus, computed once per catalogue and corpus (`make faults`, through
fill.py), as the goldens are, so that a diagnosis only reads them.

They are kept in one SQLite file per game (build/faults/GAME.runs), each
run keyed by the SHA-256 of the binary's bytes and of the case's input: a
changed patch or engine source is a rebuilt binary, hence other bytes, and
a changed case another input, so neither is ever answered from an old
run. A run that prints the case's expected output is kept as that
output's SHA-256, compared with the golden's when read (a re-recorded
golden is a miss); any other output is kept compressed (zlib: a board
repeats much). For a game with a judge, the judge's verdict on each
run that is not the expected output is kept too, keyed by the judge's
bytes as well. A hang is never kept. A diagnosis opens the file read-only
and reads only the rows of its cases; what is not there it runs as
before (runcache.py)."""
from __future__ import annotations

import hashlib
import os
import sqlite3
import urllib.parse
import zlib
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from harness.diagnose.runs import Run

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (binary TEXT NOT NULL, input TEXT NOT NULL, status INTEGER NOT NULL,
    expected TEXT, out BLOB, PRIMARY KEY (binary, input));
CREATE TABLE IF NOT EXISTS verdicts (binary TEXT NOT NULL, input TEXT NOT NULL, judge TEXT NOT NULL,
    verdict BLOB, PRIMARY KEY (binary, input, judge));
"""
# The layout's version (PRAGMA user_version): a file of another is rewritten.
VERSION = 1
# Rows asked for at once (SQLite's bound on a statement's parameters is larger).
CHUNK = 400
# A verdict's row that says "accepted" (the judge found nothing) when read.
ACCEPTED = None

Key = Tuple[str, str]  # (binary digest, input digest)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_digest(path: str) -> str:
    with open(path, "rb") as handle:
        return digest(handle.read())


def path_for(build: str, game: str) -> str:
    """Where GAME's runs are kept: BUILD/faults/GAME.runs."""
    return os.path.join(build, "faults", game + ".runs")


def chunks(items: Sequence[str]) -> Iterable[Sequence[str]]:
    for start in range(0, len(items), CHUNK):
        yield items[start:start + CHUNK]


class Reader:
    """The kept runs, read-only; a missing or unreadable file is empty."""

    def __init__(self, path: Optional[str]):
        self.connection = None
        self.digests: Dict[str, Tuple[bytes, str]] = {}  # {input digest: (expected, its digest)}
        if path and os.path.isfile(path):
            try:
                uri = "file:%s?mode=ro" % urllib.parse.quote(os.path.abspath(path))
                self.connection = sqlite3.connect(uri, uri=True, check_same_thread=False)
                version = self.connection.execute("PRAGMA user_version").fetchone()[0]
                self.connection.execute("SELECT 1 FROM runs LIMIT 1")
                if version != VERSION:
                    self.close()
                    self.connection = None
            except sqlite3.Error:
                self.connection = None

    def rows(self, query: str, first: Sequence[str], inputs: Sequence[str]) -> List[tuple]:
        if self.connection is None:
            return []
        found = []
        try:
            for part in chunks(sorted(set(inputs))):
                marks = ",".join("?" * len(part))
                found += self.connection.execute(query % marks, list(first) + list(part)).fetchall()
        except sqlite3.Error:
            return []
        return found

    def runs(self, binary: str, inputs: Dict[str, bytes]) -> Dict[str, Run]:
        """{input digest: Run} of the BINARY digest's kept runs on INPUTS
        ({input digest: the case's expected output}); a run kept as the
        expected output whose golden has changed since is left out."""
        found = {}
        query = "SELECT input, status, expected, out FROM runs WHERE binary = ? AND input IN (%s)"
        for key, status, expected, out in self.rows(query, [binary], list(inputs)):
            if expected is None:
                found[key] = Run(zlib.decompress(out), status)
            elif expected == self.expected_digest(key, inputs[key]):
                found[key] = Run(inputs[key], status)
        return found

    def expected_digest(self, key: str, expected: bytes) -> str:
        """EXPECTED's digest, once per case for all the faults asked."""
        known = self.digests.get(key)
        if known is None or known[0] is not expected:
            known = self.digests[key] = (expected, digest(expected))
        return known[1]

    def verdicts(self, binary: str, judge: str, inputs: Sequence[str]) -> Dict[str, Optional[bytes]]:
        """{input digest: the judge's kept verdict (None: accepted)}."""
        query = "SELECT input, verdict FROM verdicts WHERE binary = ? AND judge = ? AND input IN (%s)"
        return {key: (ACCEPTED if verdict is None else bytes(verdict))
                for key, verdict in self.rows(query, [binary, judge], inputs)}

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


class Writer:
    """The kept runs, written by fill.py (one writer: `make faults`)."""

    def __init__(self, path: str):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.connection = sqlite3.connect(path)
        self.dropped = 0  # rows (or whole tables) dropped: the file is compacted at the end
        if self.connection.execute("PRAGMA user_version").fetchone()[0] != VERSION:
            self.connection.executescript("DROP TABLE IF EXISTS runs; DROP TABLE IF EXISTS verdicts;")
            self.dropped = 1
        self.connection.executescript(SCHEMA + "PRAGMA user_version = %d;" % VERSION)

    def keys(self, table: str = "runs") -> set:
        return set(self.connection.execute("SELECT binary, input FROM %s" % table).fetchall())

    def expected_of(self) -> Dict[Key, Optional[str]]:
        return {(binary, key): expected for binary, key, expected
                in self.connection.execute("SELECT binary, input, expected FROM runs")}

    def keep_runs(self, rows: Iterable[tuple]) -> None:
        """(binary, input, status, expected digest or None, out or None)."""
        with self.connection:
            self.connection.executemany("INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?)",
                                        [row[:4] + (None if row[4] is None else zlib.compress(row[4]),)
                                         for row in rows])

    def keep_verdicts(self, rows: Iterable[tuple]) -> None:
        """(binary, input, judge, verdict or None)."""
        with self.connection:
            self.connection.executemany("INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?, ?)", rows)

    def unverdicted(self, judge: str) -> List[Key]:
        """The runs that are not the expected output and have no verdict of JUDGE."""
        return self.connection.execute(
            "SELECT r.binary, r.input FROM runs r WHERE r.expected IS NULL AND NOT EXISTS "
            "(SELECT 1 FROM verdicts v WHERE v.binary = r.binary AND v.input = r.input "
            "AND v.judge = ?)", [judge]).fetchall()

    def out(self, binary: str, key: str) -> bytes:
        return zlib.decompress(self.connection.execute("SELECT out FROM runs WHERE binary = ? AND input = ?",
                                             [binary, key]).fetchone()[0])

    def keep_only(self, binaries: set, inputs: set) -> None:
        """Rows of other binaries or inputs (a rebuilt fault, a changed
        case) dropped: they could never be read again."""
        for table in ("runs", "verdicts"):
            stale = [key for key in self.keys(table) if key[0] not in binaries or key[1] not in inputs]
            with self.connection:
                self.connection.executemany("DELETE FROM %s WHERE binary = ? AND input = ?" % table, stale)
            self.dropped += len(stale)

    def close(self) -> None:
        if self.dropped:
            self.connection.execute("VACUUM")
        self.connection.close()
