"""db.py -- one interface over SQLite (the default: a file in the data
folder, WAL mode) and PostgreSQL (psycopg). Every statement of the service
is written once, with `?` placeholders and SQL both engines run; the few
differences (placeholder style, a blob's type, the transaction that takes
the write lock, row locks for the claim) live here and nowhere else.
"""

import contextlib
import os
import sqlite3
import urllib.parse

# The schema: the same tables and columns on both engines; {blob} and
# {real} are each engine's names for bytes and a float. Idempotent.
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS students (
        name TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE,
        email TEXT NOT NULL DEFAULT '', active INTEGER NOT NULL DEFAULT 1)""",
    """CREATE TABLE IF NOT EXISTS submissions (
        id TEXT PRIMARY KEY, student TEXT NOT NULL REFERENCES students(name),
        created {real} NOT NULL, files {blob} NOT NULL, file_names TEXT NOT NULL,
        cache_key TEXT NOT NULL, state TEXT NOT NULL, cached INTEGER NOT NULL DEFAULT 0,
        compiled INTEGER, passed INTEGER, failed INTEGER, total INTEGER,
        summary TEXT NOT NULL DEFAULT '', report TEXT NOT NULL DEFAULT '',
        finished {real}, seconds {real})""",
    """CREATE INDEX IF NOT EXISTS submissions_student ON submissions (student, created)""",
    """CREATE INDEX IF NOT EXISTS submissions_cache ON submissions (cache_key, state)""",
    """CREATE TABLE IF NOT EXISTS jobs (
        id TEXT PRIMARY KEY REFERENCES submissions(id), student TEXT NOT NULL,
        state TEXT NOT NULL, created {real} NOT NULL, tries INTEGER NOT NULL DEFAULT 0,
        worker TEXT NOT NULL DEFAULT '', lease_until {real}, heartbeat {real},
        reason TEXT NOT NULL DEFAULT '')""",
    """CREATE INDEX IF NOT EXISTS jobs_state ON jobs (state, created)""",
    """CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)""",
    # version 2: every claim of a job, for the staff's view (workers'
    # heartbeats and throughput) and to show from data that no job ran twice
    # at once (a claim ends before the job's next claim starts)
    """CREATE TABLE IF NOT EXISTS claims (
        job TEXT NOT NULL REFERENCES jobs(id), try INTEGER NOT NULL, worker TEXT NOT NULL,
        claimed {real} NOT NULL, heartbeat {real} NOT NULL, ended {real}, outcome TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (job, try))""",
    """CREATE INDEX IF NOT EXISTS claims_worker ON claims (worker, heartbeat)""",
    # version 3: the page's sessions, kept here so that they can be ended
    # (log-out, a new token): the cookie holds only a random id, stored as
    # its hash with who it is (kind student or staff, name), the hash of
    # the credential it was opened with, and when it ends
    """CREATE TABLE IF NOT EXISTS sessions (
        id_hash TEXT PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, credential TEXT NOT NULL,
        created {real} NOT NULL, expires {real} NOT NULL)""",
    """CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires)""",
    # and the failed log-ins of the last minutes, per address and per name
    # (throttle.py), shared by every front
    """CREATE TABLE IF NOT EXISTS failures (key TEXT NOT NULL, at {real} NOT NULL)""",
    """CREATE INDEX IF NOT EXISTS failures_key ON failures (key, at)""",
    # version 4: how far a running job's check is (check-engine's
    # OUTPUT/progress.tsv, stored by the lease's holder; cleared at a claim)
    """CREATE TABLE IF NOT EXISTS progress (
        job TEXT PRIMARY KEY REFERENCES jobs(id), done INTEGER NOT NULL, total INTEGER NOT NULL,
        at {real} NOT NULL)""",
    # version 5: the remote workers started with --weak-sandbox (their
    # sandbox does not contain here), as their claims say: why, and when
    # last; the staff's view names them and a report of a job one ran says so
    """CREATE TABLE IF NOT EXISTS weak_workers (
        worker TEXT PRIMARY KEY, why TEXT NOT NULL, seen {real} NOT NULL)""",
)
SCHEMA_VERSION = "5"
# The advisory lock's key that serialises schema creation (PostgreSQL's
# CREATE TABLE IF NOT EXISTS is not safe when two fronts start at once).
SCHEMA_LOCK = 310031

TYPES = {"sqlite": {"blob": "BLOB", "real": "REAL"},
         "postgresql": {"blob": "BYTEA", "real": "DOUBLE PRECISION"}}


class DamagedDatabase(ValueError):
    """A database that cannot be trusted: its file is no SQLite database,
    or SQLite's quick_check finds it damaged. The service refuses to start
    on it (a damaged file is never written on, so a backup can replace it)."""


class Database:
    """A connection of one process. `dialect` is sqlite or postgresql."""

    def __init__(self, url):
        if url.startswith(("postgresql://", "postgres://")):
            import psycopg  # Debian's python3-psycopg, only when asked for
            self.dialect = "postgresql"
            self.conn = psycopg.connect(url, autocommit=True)
        else:
            path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else url
            self.dialect = "sqlite"
            # (a front's connection serves one request at a time, but not
            # always on the thread that made it: context.Connections)
            self.conn = sqlite3.connect(path, isolation_level=None, timeout=30, check_same_thread=False)
            try:
                self.conn.execute("PRAGMA journal_mode=WAL")
            except sqlite3.DatabaseError as error:
                self.conn.close()
                raise DamagedDatabase(damaged(path, str(error))) from None
            self.conn.execute("PRAGMA synchronous=FULL")
            self.conn.execute("PRAGMA busy_timeout=30000")
            self.conn.execute("PRAGMA foreign_keys=ON")

    def create_schema(self):
        """Creates or upgrades the schema (idempotent); on PostgreSQL under
        an advisory lock, so fronts starting together take turns."""
        with self.transaction():
            if self.dialect == "postgresql":
                self.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
            for statement in SCHEMA:
                self.execute(statement.format(**TYPES[self.dialect]))
            self.execute("INSERT INTO settings (name, value) VALUES ('schema_version', ?) ON CONFLICT (name) "
                         "DO UPDATE SET value = excluded.value", (SCHEMA_VERSION,))

    def setting(self, name, make):
        """A shared setting (e.g. the session key every front signs with):
        make() is stored by the first process that asks."""
        with self.transaction():
            self.execute("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                         (name, make()))
            return self.one("SELECT value FROM settings WHERE name = ?", (name,))[0]

    def _sql(self, sql):
        return sql.replace("?", "%s") if self.dialect == "postgresql" else sql

    def execute(self, sql, args=()):
        """Runs one statement; returns the cursor (rowcount, fetch*)."""
        cursor = self.conn.cursor()
        cursor.execute(self._sql(sql), tuple(args))
        return cursor

    def all(self, sql, args=()):
        return self.execute(sql, args).fetchall()

    def one(self, sql, args=()):
        return self.execute(sql, args).fetchone()

    def blob(self, data):
        """Bytes as the engine stores them."""
        return sqlite3.Binary(data) if self.dialect == "sqlite" else data

    def lock_rows(self):
        """What a SELECT of queue rows to claim ends with: PostgreSQL locks
        the row and skips those other claimers hold; SQLite's BEGIN
        IMMEDIATE already holds the one write lock."""
        return " FOR UPDATE SKIP LOCKED" if self.dialect == "postgresql" else ""

    @contextlib.contextmanager
    def transaction(self):
        """One transaction: SQLite takes the write lock at its start (BEGIN
        IMMEDIATE), so a read-then-update in it cannot race another process."""
        self.conn.execute("BEGIN IMMEDIATE" if self.dialect == "sqlite" else "BEGIN")
        try:
            yield self
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def close(self):
        self.conn.close()


def check_intact(url):
    """DamagedDatabase when SQLite's quick_check finds URL's file damaged,
    read through a read-only connection, so that nothing (not even the
    switch to WAL) is written on a damaged file before it is refused. A
    file not made yet, and PostgreSQL (which keeps its own pages whole),
    pass."""
    path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else url
    if url.startswith(("postgresql://", "postgres://")) or not os.path.exists(path):
        return
    try:
        conn = sqlite3.connect("file:%s?mode=ro" % urllib.parse.quote(path), uri=True, timeout=30)
        try:
            found = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        found = [str(error)]
    if found != ["ok"]:
        raise DamagedDatabase(damaged(path, "; ".join(found[:3])))


def damaged(path, found):
    """The refusal's words: what SQLite found, and what to do."""
    return ("the database %s is damaged (%s): not started; move it aside and restore the last backup "
            "(or start with a new --data folder)" % (path, found))


def default_url(data_dir):
    """The embedded default: an SQLite file in the data folder."""
    return "sqlite:///" + os.path.join(os.path.abspath(data_dir), "serve.sqlite")
