"""A running check's progress and the queue's estimate, on the store
(SQLite here; PostgreSQL too where SERVE_TEST_POSTGRESQL names one): the
count is stored only by the lease's holder and starts again at a new
claim; the estimate is the median of the recent checks' times times the
rounds of work ahead; the worker reads check-engine's progress.tsv."""

import os
import tempfile
import time
import unittest

from harness.serve import bench_rush, checking, leases, programs, store
from harness.serve.tests.test_store import fresh


class ProgressTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.db = fresh(self.tmp.name)
        self.addCleanup(self.db.close)

    def test_only_the_holder_counts_and_a_new_claim_starts_again(self):
        sid, _ = store.submit(self.db, "s1", b"x", ["a.c"], "k")
        self.assertIsNone(store.submission(self.db, sid)["progress"])
        leases.claim(self.db, "w1", -1)
        self.assertIsNone(store.submission(self.db, sid)["progress"])  # (building: no count yet)
        self.assertTrue(leases.progress(self.db, sid, "w1", 12, 20))
        self.assertFalse(leases.progress(self.db, sid, "w2", 19, 20))
        self.assertEqual(store.submission(self.db, sid)["progress"], {"done": 12, "total": 20})
        self.assertEqual(store.history(self.db, "s1")[0]["progress"], {"done": 12, "total": 20})
        self.assertEqual(leases.requeue_expired(self.db), (1, 0))  # w1 died
        self.assertIsNone(store.submission(self.db, sid)["progress"])  # (queued: no count shown)
        leases.claim(self.db, "w2", 30)
        self.assertIsNone(store.submission(self.db, sid)["progress"])  # (w1's count is gone)
        self.assertTrue(leases.progress(self.db, sid, "w2", 3, 20))
        leases.finish(self.db, sid, "w2", {"summary": "ok"})
        self.assertIsNone(store.submission(self.db, sid)["progress"])
        self.assertFalse(leases.progress(self.db, sid, "w2", 4, 20))

    def checked(self, student, worker, seconds):
        store.submit(self.db, student, b"x", ["a.c"], "k-" + student)
        sid = leases.claim(self.db, worker, 30)[0]
        leases.finish(self.db, sid, worker, {"summary": "ok", "seconds": seconds})

    def test_estimate_is_the_median_times_the_rounds_ahead(self):
        self.assertEqual(store.estimated_wait(self.db, 1, 0), store.FIRST_GUESS)  # nothing measured yet
        self.assertIsNone(store.estimated_wait(self.db, None, 2))
        for n, seconds in enumerate((10.0, 20.0, 100.0)):
            self.checked("s%d" % n, "w%d" % n, seconds)
        self.assertEqual(store.median_seconds(self.db), 20.0)
        self.assertEqual(store.workers_seen(self.db), 3)
        self.assertEqual(store.estimated_wait(self.db, 3, 2), 20)   # 3 workers seen: one round
        self.assertEqual(store.estimated_wait(self.db, 4, 2), 40)   # two rounds
        self.assertEqual(store.estimated_wait(self.db, 4, 4), 20)   # more workers started here
        later = time.time() + 2 * store.WORKERS_WINDOW   # the workers long gone: the local ones count
        self.assertEqual(store.estimated_wait(self.db, 3, 1, now=later), 60)
        for n in range(3, 3 + store.RECENT_CHECKS):   # only the recent checks count
            self.checked("s%d" % n, "w0", 1.0)
        self.assertEqual(store.median_seconds(self.db), 1.0)


class BenchEstimateTest(unittest.TestCase):
    def test_the_rush_reports_each_estimate_against_its_wait(self):
        found = {"a": {"state": "done", "cached": False, "created": 100.0, "finished": 130.0},
                 "b": {"state": "done", "cached": False, "created": 100.0, "finished": 110.0},
                 "c": {"state": "done", "cached": True, "created": 100.0, "finished": 100.0},
                 "d": {"state": "superseded", "cached": False, "created": 100.0, "finished": 105.0}}
        got = bench_rush.estimate_figures({"a": 20, "b": 40, "c": 0, "d": 5}, found)
        self.assertEqual(got["pairs"], [["a", 20, 30.0], ["b", 40, 10.0]])
        self.assertEqual(got["p95_abs_error_s"], 30.0)
        self.assertEqual(got["median_error_s"], -10.0)  # (errors -10 and 30: the nearest rank, the lower)


class ReadProgressTest(unittest.TestCase):
    def test_the_worker_reads_check_engines_count_once_per_change(self):
        with tempfile.TemporaryDirectory() as output:
            told = []
            self.assertIsNone(checking.tell_progress(output, None, lambda *c: told.append(c)))
            with open(os.path.join(output, "progress.tsv"), "w", encoding="utf-8") as handle:
                handle.write("failed\ttotal\tdone\n1\t20\t12\n")  # (read by its header)
            seen = checking.tell_progress(output, None, lambda *c: told.append(c))
            self.assertEqual(checking.tell_progress(output, seen, lambda *c: told.append(c)), (12, 20))
            self.assertEqual(told, [(12, 20)])


class RealCheckTest(unittest.TestCase):
    def test_a_running_check_tells_its_count_as_it_goes(self):
        # a hanging program: each case takes the 2 s timeout, so the worker's
        # polls (every 2 s) see the count grow (after 3 hangs in a row
        # check-engine gives the rest their verdict without running them)
        options = {"program": "checkers", "categories": ["official"], "timeout": 2, "check_jobs": 1,
                   "stop_after_hangs": 3, "old_standards": True}
        total = len(checking.case_ids(options))
        counts = []
        with tempfile.TemporaryDirectory() as work:
            folder, output = os.path.join(work, "sources"), os.path.join(work, "output")
            os.makedirs(folder)
            for name, data in programs.sources("hanging").items():
                with open(os.path.join(folder, name), "wb") as handle:
                    handle.write(data)
            result = checking.check_folder(options, folder, output, total, progress=lambda *c: counts.append(c))
            final = checking.read_progress(output)
        self.assertEqual((result["state"], result["passed"]), ("done", 0))
        self.assertIsNone(final)  # (removed once the verdicts are in: the results say the rest)
        self.assertTrue(counts, "no count told while it ran")
        self.assertEqual(counts, sorted(set(counts)))  # each count once, growing
        self.assertTrue(all(t == total and 0 <= d <= total for d, t in counts), counts)


if __name__ == "__main__":
    unittest.main()
