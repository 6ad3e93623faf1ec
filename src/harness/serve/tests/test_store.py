"""The database layer and the queue: schema, roster, one transaction per
submission, supersede, cache, claims that never hand a job out twice,
leases that run out. Run by make unit (SQLite) and by serve.bats (on
PostgreSQL): PYTHONPATH=src /usr/bin/python3 -m unittest
harness.serve.tests.test_store"""

import multiprocessing
import os
import tempfile
import time
import unittest

from harness.serve import leases, store
from harness.serve.db import Database


def database_url(folder):
    """The database of a test: an SQLite file in folder, or the PostgreSQL
    database SERVE_TEST_POSTGRESQL names (emptied first): the same tests
    on both engines."""
    return os.environ.get("SERVE_TEST_POSTGRESQL") or "sqlite:///" + os.path.join(folder, "s.sqlite")


def fresh(folder):
    db = Database(database_url(folder))
    if db.dialect == "postgresql":
        db.execute("DROP SCHEMA public CASCADE")
        db.execute("CREATE SCHEMA public")
    db.create_schema()
    with open(os.path.join(folder, "roster.csv"), "w") as handle:
        handle.write("name,token,email\n" + "".join("s%d,token-%d,\n" % (n, n) for n in range(40)))
    store.import_roster(db, os.path.join(folder, "roster.csv"))
    return db


def claimer(url, worker, out):
    db = Database(url)
    got = []
    while True:
        job = leases.claim(db, worker, 60)
        if job is None:
            if not db.one("SELECT COUNT(*) FROM jobs WHERE state = 'queued'")[0]:
                break
            continue
        got.append(job[0])
        leases.finish(db, job[0], worker, {"summary": "ok", "passed": 1, "failed": 0, "total": 1, "compiled": 1})
    db.close()
    out.put(got)


def create_schema(url):
    db = Database(url)
    db.create_schema()
    db.close()


class StoreTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.db = fresh(self.tmp.name)

    def tearDown(self):
        self.db.close()
        self.tmp.cleanup()

    def test_schema_is_idempotent_and_wal(self):
        self.db.create_schema()
        if self.db.dialect == "sqlite":
            self.assertEqual(self.db.one("PRAGMA journal_mode")[0], "wal")

    def test_fronts_starting_at_once_create_the_schema_once(self):
        if self.db.dialect == "postgresql":
            self.db.execute("DROP SCHEMA public CASCADE")
            self.db.execute("CREATE SCHEMA public")
        procs = [multiprocessing.Process(target=create_schema, args=(database_url(self.tmp.name),))
                 for _ in range(4)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        self.assertEqual([p.exitcode for p in procs], [0] * 4)
        self.assertEqual(self.db.one("SELECT value FROM settings WHERE name = 'schema_version'")[0], "5")
        self.assertEqual(self.db.setting("session_key", lambda: "a"), self.db.setting("session_key", lambda: "b"))

    def test_tokens_only_as_hashes(self):
        self.assertEqual(store.student_of(self.db, "token-3"), "s3")
        self.assertIsNone(store.student_of(self.db, "token-x"))
        stored = [str(row) for row in self.db.all("SELECT * FROM students")]
        self.assertTrue(stored)
        self.assertNotIn("token-3", "".join(stored))

    def test_roster_without_token_column_is_refused(self):
        path = os.path.join(self.tmp.name, "bad.csv")
        with open(path, "w") as handle:
            handle.write("name,email\na,b\n")
        with self.assertRaises(ValueError):
            store.import_roster(self.db, path)

    def test_roster_read_as_mark_reads_it(self):
        # harness.mark.roster: columns by name in any case, addresses kept,
        # a student without a token left out, the same name twice refused.
        path = os.path.join(self.tmp.name, "class.csv")
        with open(path, "w") as handle:
            handle.write("\ufeffEmail,Name,Token,group\nann@example.edu,ann,t-ann,A\n,ben,,B\n")
        self.assertEqual(store.import_roster(self.db, path), 1)
        self.assertEqual(self.db.one("SELECT email FROM students WHERE name = 'ann'")[0], "ann@example.edu")
        self.assertEqual(store.student_of(self.db, "t-ann"), "ann")
        with open(path, "a") as handle:
            handle.write("x@example.edu,ann,t-2,A\n")
        with self.assertRaisesRegex(ValueError, "class.csv:4: 'ann' is on the roster twice"):
            store.import_roster(self.db, path)

    def test_submission_and_job_together_and_supersede(self):
        first, state = store.submit(self.db, "s1", b"x", ["a.c"], "k1")
        self.assertEqual(state, "queued")
        second, _ = store.submit(self.db, "s1", b"y", ["a.c"], "k2")
        self.assertEqual(store.submission(self.db, first)["state"], "superseded")
        self.assertEqual(store.submission(self.db, second)["position"], 1)
        self.assertEqual(self.db.one("SELECT COUNT(*) FROM jobs WHERE state = 'queued'")[0], 1)
        self.assertIsNone(store.submission(self.db, second, "s2"))

    def test_cache_answers_identical_sources(self):
        sid, _ = store.submit(self.db, "s1", b"x", ["a.c"], "same")
        job = leases.claim(self.db, "w", 30)
        leases.finish(self.db, job[0], "w", {"compiled": 1, "passed": 3, "failed": 1, "total": 4, "summary": "s"})
        again, state = store.submit(self.db, "s2", b"x", ["a.c"], "same")
        self.assertEqual(state, "done")
        found = store.submission(self.db, again)
        self.assertEqual((found["passed"], found["total"], found["cached"]), (3, 4, 1))
        self.assertNotEqual(sid, again)

    def test_queue_limit(self):
        store.submit(self.db, "s1", b"x", ["a.c"], "a", queue_limit=1)
        self.assertEqual(store.submit(self.db, "s2", b"x", ["a.c"], "b", queue_limit=1), (None, "full"))
        # replacing one's own queued job does not grow the queue
        self.assertEqual(store.submit(self.db, "s1", b"x", ["a.c"], "c", queue_limit=1)[1], "queued")

    def test_one_running_job_per_student(self):
        store.submit(self.db, "s1", b"x", ["a.c"], "a")
        first = leases.claim(self.db, "w1", 30)
        store.submit(self.db, "s1", b"y", ["a.c"], "b")
        self.assertIsNone(leases.claim(self.db, "w2", 30))
        leases.finish(self.db, first[0], "w1", {"summary": "ok"})
        self.assertIsNotNone(leases.claim(self.db, "w2", 30))

    def test_expired_lease_requeued_then_error(self):
        sid, _ = store.submit(self.db, "s1", b"x", ["a.c"], "a")
        for attempt in range(1, 4):
            self.assertEqual(leases.claim(self.db, "w%d" % attempt, -1)[0], sid)
            self.assertFalse(leases.heartbeat(self.db, sid, "other", 30))
            expected = (1, 0) if attempt < 3 else (0, 1)
            self.assertEqual(leases.requeue_expired(self.db, max_tries=3), expected)
        found = store.submission(self.db, sid)
        self.assertEqual(found["state"], "error")
        self.assertIn("3 times", found["summary"])
        self.assertFalse(leases.finish(self.db, sid, "w3", {"summary": "late"}))

    def test_claims_race_yet_each_job_runs_once(self):
        for n in range(40):
            store.submit(self.db, "s%d" % n, b"x", ["a.c"], "k%d" % n)
        out = multiprocessing.Queue()
        url = database_url(self.tmp.name)
        procs = [multiprocessing.Process(target=claimer, args=(url, "w%d" % i, out)) for i in range(4)]
        for p in procs:
            p.start()
        got = [sid for _ in procs for sid in out.get(timeout=120)]
        for p in procs:
            p.join()
        self.assertEqual(len(got), 40)
        self.assertEqual(len(set(got)), 40)
        self.assertEqual(self.db.one("SELECT COUNT(*) FROM jobs WHERE state = 'done' AND tries = 1")[0], 40)

    def test_rate_window(self):
        for n in range(3):
            store.submit(self.db, "s1", b"x", ["a.c"], "k%d" % n)
        count, oldest = store.recent_count(self.db, "s1")
        self.assertEqual(count, 3)
        self.assertLessEqual(oldest, time.time())


if __name__ == "__main__":
    unittest.main()
