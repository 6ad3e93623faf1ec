"""A running check's progress and the queue's estimate, on the store
(SQLite here; PostgreSQL too where SERVE_TEST_POSTGRESQL names one): the
count is stored only by the lease's holder and starts again at a new
claim; the estimate simulates the workers (the running jobs' time left,
then the jobs that will run ahead, each the mean of the recent checks' held
times); the worker reads check-engine's progress.tsv."""

import os
import tempfile
import time
import types
import unittest

import pytest

from harness.serve import bench_rush, checking, estimate, leases, programs, store
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

    def checked(self, student, worker, held, seconds=1.0, key=None):
        """A check that held WORKER for HELD seconds, claim to result
        (check-engine's own SECONDS are not the estimate's); KEY its cache
        key (default: one of the student's own)."""
        store.submit(self.db, student, b"x", ["a.c"], key or "k-" + student)
        sid = leases.claim(self.db, worker, 30)[0]
        leases.finish(self.db, sid, worker, {"summary": "ok", "seconds": seconds})
        self.db.execute("UPDATE claims SET claimed = ended - ? WHERE job = ?", (held, sid))

    def test_estimate_counts_the_running_jobs_time_left(self):
        for n, held in enumerate((10.0, 20.0, 60.0)):
            self.checked("s%d" % n, "w%d" % n, held)   # mean 30 (the median 20), three workers seen
        now = time.time()
        store.submit(self.db, "s10", b"x", ["a.c"], "k-s10")
        leases.claim(self.db, "w0", 30)                   # running for 15 s: 15 s left
        self.db.execute("UPDATE claims SET claimed = ? WHERE worker = 'w0' AND ended IS NULL", (now - 15,))
        self.assertEqual([round(e) for e in store.running_elapsed(self.db, now)], [15])
        queued = [store.submit(self.db, "s2%d" % n, b"x", ["a.c"], "k-s2%d" % n)[0] for n in range(3)]
        self.assertEqual(store.position(self.db, queued[2]), 3)
        # workers free at 15, 0, 0: s20's and s21's jobs start at 0, s22's at 15 and is done at 45
        self.assertEqual(store.estimated_wait(self.db, 3, 1, now=now), 45)
        # s20's newer upload supersedes its queued job: that one no longer runs ahead of s22's
        store.submit(self.db, "s20", b"y", ["a.c"], "k-s20-again")
        self.assertEqual(store.position(self.db, queued[2]), 2)
        self.assertEqual(store.estimated_wait(self.db, 2, 1, now=now), 30)

    def test_estimate_is_the_mean_held_time_times_the_rounds_ahead(self):
        self.assertEqual(store.estimated_wait(self.db, 1, 0), store.FIRST_GUESS)  # nothing measured yet
        self.assertIsNone(store.estimated_wait(self.db, None, 2))
        for n, held in enumerate((10.0, 20.0, 60.0)):
            self.checked("s%d" % n, "w%d" % n, held)
        self.assertEqual([round(h) for h in store.held_seconds(self.db)], [10, 20, 60])  # oldest first
        self.assertEqual(store.workers_seen(self.db), 3)
        self.assertEqual(store.estimated_wait(self.db, 3, 2), 30)   # 3 workers seen: one round of the mean
        self.assertEqual(store.estimated_wait(self.db, 4, 2), 60)   # two rounds
        self.assertEqual(store.estimated_wait(self.db, 4, 4), 30)   # more workers started here
        later = time.time() + 2 * store.WORKERS_WINDOW   # the workers long gone: the local ones count
        self.assertEqual(store.estimated_wait(self.db, 3, 1, now=later), 90)
        for n in range(store.RECENT_CHECKS):   # only the recent checks count (the roster's 40 students again)
            self.checked("s%d" % (n % 40), "w0", 1.0, seconds=50.0, key="k-recent-%d" % n)
        self.assertEqual([round(h) for h in store.held_seconds(self.db)], [1] * store.RECENT_CHECKS)
        self.assertEqual(store.estimated_wait(self.db, 1, 1, now=later), 1)

    def test_estimate_takes_off_half_the_share_superseded(self):
        self.checked("s0", "w0", 10.0)
        self.checked("s1", "w1", 30.0)           # mean 20; two workers seen
        for student in ("s30", "s31"):           # each uploads twice: the first superseded
            store.submit(self.db, student, b"x", ["a.c"], "k-%s" % student)
            store.submit(self.db, student, b"y", ["a.c"], "k-%s-again" % student)
        queued = [store.submit(self.db, "s3%d" % n, b"x", ["a.c"], "k-s3%d" % n)[0] for n in range(2, 5)]
        self.assertEqual(store.queue_exits(self.db), [False, False, True, True])
        self.assertEqual(store.position(self.db, queued[2]), 5)
        # 4 ahead, half of the share superseded (0.5) off: 3 run, 0 -> 20, 0 -> 20, 20 -> 40;
        # s34's job from 20 to 40
        self.assertEqual(store.estimated_wait(self.db, 5, 1), 40)


class SimulatedWaitTest(unittest.TestCase):
    """estimate.wait_seconds by hand: (unit, jobs ahead, workers, the
    running jobs' elapsed seconds) -> when the job is done."""

    def test_a_running_jobs_time_left_counts(self):
        # unit 15; two workers running for 10 s and 3 s: free at 5 and 12
        self.assertEqual(estimate.wait_seconds(15, 0, 2, [10, 3]), 20)     # starts at 5
        # three ahead: 5 -> 20, 12 -> 27, 20 -> 35; the job starts at 27
        self.assertEqual(estimate.wait_seconds(15, 3, 2, [10, 3]), 42)
        self.assertEqual(estimate.wait_seconds(15, 1, 2, [10, 3]), 27)     # one ahead on the first: 12

    def test_idle_workers_and_overdue_jobs(self):
        self.assertEqual(estimate.wait_seconds(15, 0, 2, []), 15)
        self.assertEqual(estimate.wait_seconds(15, 1, 3, [14]), 15)        # an idle worker each
        self.assertEqual(estimate.wait_seconds(15, 2, 3, [14]), 16)        # the third waits for the running one's 1 s
        self.assertEqual(estimate.wait_seconds(15, 0, 1, [40]), 15)        # over the unit: free now
        self.assertEqual(estimate.wait_seconds(10, 4, 2, []), 30)          # the old rounds, ceil(5 / 2) x 10

    def test_more_running_than_workers_and_none(self):
        self.assertEqual(estimate.wait_seconds(10, 0, 1, [2, 6]), 14)      # the running jobs each hold a worker
        self.assertEqual(estimate.wait_seconds(10, 1, 0, []), 20)          # no worker known: one


class QueueWaitTest(unittest.TestCase):
    """estimate.queue_wait by hand: the mean of the held times, the jobs
    ahead less half the share superseded, then the simulation."""

    def test_the_unit_is_the_mean_not_the_median(self):
        # one hanging program in ten (15 s) weighs as much as the nine 1.5 s checks
        self.assertAlmostEqual(estimate.unit_seconds([1.5] * 9 + [15.0]), 2.85)
        self.assertEqual(estimate.unit_seconds([]), estimate.FIRST_GUESS)

    def test_half_the_share_superseded_is_taken_off_the_jobs_ahead(self):
        self.assertEqual(estimate.jobs_to_run(10, [True, False, False, False]), 9)   # 10 x 0.875, rounded
        self.assertEqual(estimate.jobs_to_run(4, []), 4)
        self.assertEqual(estimate.jobs_to_run(4, [True] * 4), 2)    # at most half off
        self.assertEqual(estimate.jobs_to_run(0, [True]), 0)

    def test_the_wait_of_a_skewed_mix(self):
        held = [1.5] * 9 + [15.0]                    # mean 2.85 (median 1.5)
        # 8 ahead, a quarter of the exits superseded: 7 run; workers free at
        # 1.85 and 0.85; the seven end at 3.7, 4.7, 6.55, 7.55, 9.4, 10.4,
        # 12.25; the job starts at 10.4 and is done at 13.25 (the median
        # and all 8 ahead: about 7)
        self.assertAlmostEqual(estimate.queue_wait(held, [False] * 3 + [True], 8, 2, [1.0, 2.0]), 13.25)
        # only the last RECENT held times and RECENT_EXITS exits count
        old = [100.0] * 5 + [2.0] * estimate.RECENT
        self.assertAlmostEqual(estimate.queue_wait(old, [True] * 5 + [False] * estimate.RECENT_EXITS, 1, 1, []), 4.0)


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
        self.assertEqual(got["within_x2_share"], 0.5)   # 20 for 30 is within a factor of 2; 40 for 10 is not
        self.assertEqual(got["median_ratio"], round((20 / 30 + 40 / 10) / 2, 2))

    def test_the_share_within_a_factor_of_2_counts_both_ends(self):
        found = {n: {"state": "done", "cached": False, "created": 0.0, "finished": 10.0} for n in "abcd"}
        got = bench_rush.estimate_figures({"a": 5, "b": 20, "c": 4, "d": 21}, found)
        self.assertEqual((got["within_x2_share"], got["median_ratio"]), (0.5, 1.25))

    def test_the_target_line_wants_nine_in_ten_within_a_factor_of_2(self):
        args = types.SimpleNamespace(students=1, minutes=1, workers=2, timeout=2)
        found = {"s%d" % n: {"state": "done", "cached": False, "created": 0.0, "finished": 10.0, "compiled": True,
                             "passed": 20, "failed": 0} for n in range(10)}
        rush = types.SimpleNamespace(accepted={sid: ("student", "correct") for sid in found}, statuses={202: 10},
                                     times={"POST": [0.01], "GET": [0.01]}, latest={"student": "s9"},
                                     plan=[None] * 10, server_times=[0.01], estimates={})
        for outside, met in ((1, True), (2, False)):   # 9 of 10 within: met; 8 of 10: not
            rush.estimates = {sid: 30 if n < outside else 10 for n, sid in enumerate(sorted(found))}
            got = bench_rush.figures(args, rush, found, {"student": 1.0}, {"correct": (True, 20, 0)})
            self.assertEqual(got["targets"]["estimate_within_x2"], met, got["estimate"])


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
    @pytest.mark.slow
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
