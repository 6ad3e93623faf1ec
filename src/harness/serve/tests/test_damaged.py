"""A damaged database is found at start and refused with a clear error
(exit 2), before anything is written on it: a file that is no database,
and a real one whose pages were overwritten (SQLite's quick_check)."""

import os
import sqlite3
import subprocess
import tempfile
import unittest

from harness import paths
from harness.serve.client import PYTHON, free_port, python_env, write_roster
from harness.serve.db import check_intact


def start(data):
    return subprocess.run(PYTHON + ["harness.serve", "--data", data, "--port", str(free_port()),
                                    "--roster", os.path.join(data, "roster.csv")],
                          capture_output=True, text=True, env=python_env(), cwd=str(paths.ROOT), timeout=60)


class DamagedDatabaseTest(unittest.TestCase):
    def refused(self, data, database):
        before = open(database, "rb").read()
        done = start(data)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("serve: the database %s is damaged (" % database, done.stderr)
        self.assertIn("not started; move it aside and restore the last backup", done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        self.assertEqual(open(database, "rb").read(), before, "the damaged file was written on")

    def test_a_file_that_is_no_database(self):
        with tempfile.TemporaryDirectory() as data:
            write_roster(data, ["ann"])
            database = os.path.join(data, "serve.sqlite")
            with open(database, "wb") as handle:
                handle.write(b"not a database at all\n" * 300)
            self.refused(data, database)

    def test_a_database_with_overwritten_pages(self):
        with tempfile.TemporaryDirectory() as data:
            database = filled(data, 3000)
            with open(database, "r+b") as handle:  # (pages past the first: the header stays good)
                handle.seek(5 * 4096)
                handle.write(bytes(range(256)) * 64)
            self.refused(data, database)

    def test_an_intact_database_is_kept(self):
        with tempfile.TemporaryDirectory() as data:
            check_intact("sqlite:///" + filled(data, 10))  # (no exception)
            check_intact("sqlite:///" + os.path.join(data, "not-made-yet.sqlite"))


def filled(data, rows):
    """DATA with a roster and the service's database file holding a table of
    ROWS rows and its index (pages enough to damage): its path."""
    write_roster(data, ["ann"])
    database = os.path.join(data, "serve.sqlite")
    conn = sqlite3.connect(database)
    conn.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("CREATE INDEX filler_text ON filler (text)")
    conn.executemany("INSERT INTO filler (text) VALUES (?)", [("row %d " % n * 20,) for n in range(rows)])
    conn.commit()
    conn.close()
    return database
