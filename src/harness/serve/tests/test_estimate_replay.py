"""The queue's estimators replayed offline (estimate_replay.py) on per-job
records made by hand: the queue rebuilt at each upload (the jobs running
then, the checks finished before), each estimator's figures, and the
records as bench_rush reads them from a service's database."""

import gzip
import json
import os
import tempfile
import unittest

from harness.serve import estimate_replay, leases, store
from harness.serve.tests.test_store import fresh


def record(sid, accepted, claimed=None, ended=None, seconds=None, state="done", position=1, cached=False,
           finished=None):
    return {"id": sid, "student": "s-" + sid, "accepted": accepted, "state": state, "cached": cached,
            "finished": ended if finished is None else finished, "seconds": seconds, "claimed": claimed,
            "ended": ended, "tries": 1 if claimed is not None else 0, "position": position}


# Two workers: a and b run from 0 to 10 and to 30 (check-engine's 8 s and
# 28 s of them), c from 12 to 20, d from 21 to 33; f, queued at 21.2
# behind d, is superseded at 23 (never runs), so e, counted second in
# the queue at 21.5, runs from 30 to 40; g was answered from the cache.
RECORDS = [
    record("a", 0.0, 0.0, 10.0, 8.0),
    record("b", 0.0, 0.0, 30.0, 28.0, position=2),
    record("c", 12.0, 12.0, 20.0, 7.0),
    record("d", 21.0, 21.0, 33.0, 11.0),
    record("f", 21.2, state="superseded", finished=23.0),
    record("e", 21.5, 30.0, 40.0, 9.0, position=2),
    record("g", 25.0, state="done", finished=25.0, cached=True, position=None),
]


class MomentTest(unittest.TestCase):
    def test_the_queue_at_an_upload_is_rebuilt_from_the_records(self):
        at = estimate_replay.moment(RECORDS, RECORDS[5], 2)   # e at 21.5
        self.assertEqual((at.now, at.ahead, at.workers), (21.5, 1, 2))
        self.assertEqual(sorted(at.elapsed), [0.5, 21.5])   # d since 21, b since 0
        self.assertEqual(at.checks, [8.0, 7.0])             # a, then c (finished at 10 and 20)
        self.assertEqual(at.held, [10.0, 8.0])
        self.assertEqual(at.superseded, [False] * 4)        # a, b, c, d claimed; f not yet superseded
        later = estimate_replay.moment(RECORDS, RECORDS[6], 2)  # g at 25
        self.assertEqual(later.superseded, [False] * 4 + [True])

    def test_only_checks_finished_before_count(self):
        at = estimate_replay.moment(RECORDS, RECORDS[2], 2)   # c at 12
        self.assertEqual((at.checks, at.held, at.elapsed, at.ahead), ([8.0], [10.0], [12.0], 0))


class ReplayTest(unittest.TestCase):
    def test_each_estimator_is_replayed_on_the_checked_uploads(self):
        found = estimate_replay.replay(RECORDS, 2)
        self.assertEqual(set(found), set(estimate_replay.ESTIMATORS))
        # a, b, c, d, e were checked (f superseded, g from the cache)
        self.assertTrue(all(f["checked"] == 5 for f in found.values()), found)
        old = found["old: median check time"]
        # the old estimator by hand (the first guess, 30, before any check;
        # then the median of check-engine's seconds of the checks finished):
        #   a: 30 for 10; b: one ahead, two idle workers: 30 for 30;
        #   c: median 8, b has run 12 (its worker free now): 8 for 8;
        #   d: median 7.5 (8, 7), b over it: 7.5, rounded 8, for 12;
        #   e: workers free at 0 (b over) and 7 (d's 0.5 s in); the one
        #      ahead 0 -> 7.5; e 7 -> 14.5, rounded 14, for 18.5
        self.assertEqual(old["within_x2_share"], 0.8)           # a (30 for 10) outside
        self.assertEqual(old["median_ratio"], 1.0)              # 3, 1, 1, 0.67, 0.76
        self.assertEqual(old["median_error_s"], 0.0)            # 20, 0, 0, -4, -4.5
        self.assertEqual(old["p95_abs_error_s"], 20.0)

    def test_the_figures_of_pairs(self):
        got = estimate_replay.pair_figures([["a", 20, 30.0], ["b", 40, 10.0], ["c", 10, 10.0]])
        self.assertEqual(got, {"checked": 3, "median_error_s": 0.0, "p95_abs_error_s": 30.0,
                               "within_x2_share": 0.667, "median_ratio": 1.0})
        self.assertEqual(estimate_replay.pair_figures([])["within_x2_share"], None)

    def test_a_rush_json_without_records_is_refused(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "rush.json")
            with open(path, "w", encoding="utf-8") as handle:
                json.dump({"estimate": {"pairs": []}}, handle)
            self.assertEqual(estimate_replay.main([path]), 2)
            with open(path, "w", encoding="utf-8") as handle:
                json.dump({"workers": 2, "jobs": RECORDS}, handle)
            self.assertEqual(estimate_replay.main([path]), 0)


FULL_RUSH = os.path.join(os.path.dirname(__file__), "data", "rush-2026-11-29.json.gz")
NEW = "new: mean held time, ahead less half the share superseded"


class FullRushTest(unittest.TestCase):
    """The service's estimate replayed on the per-job records of a full
    rush (bench_rush's defaults, the idle machine, 2026-11-29: 900
    uploads, 659 checked): the issue's target, within a factor of 2 of
    the wait for at least 90% of them. A mean of the last 20 checks gave
    84.8% there (the live figure of that rush); the old median 82.7%."""

    def test_the_estimate_is_within_a_factor_of_2_on_a_full_rush(self):
        with gzip.open(FULL_RUSH, "rt", encoding="utf-8") as handle:
            rush = json.load(handle)
        found = estimate_replay.replay(estimate_replay.rush_records(rush), rush["workers"])
        self.assertEqual(found[NEW]["checked"], 659)
        self.assertGreaterEqual(found[NEW]["within_x2_share"], 0.9, found[NEW])
        self.assertLess(found["old: median check time"]["within_x2_share"], 0.9)   # (the record can tell them apart)


class RecordsTest(unittest.TestCase):
    def test_the_records_come_from_the_services_tables(self):
        with tempfile.TemporaryDirectory() as folder:
            db = fresh(folder)
            self.addCleanup(db.close)
            first, _ = store.submit(db, "s1", b"x", ["a.c"], "k1")
            store.submit(db, "s2", b"x", ["a.c"], "k2")
            store.submit(db, "s2", b"y", ["a.c"], "k3")          # supersedes s2's first
            self.assertEqual(leases.claim(db, "w1", 30)[0], first)
            leases.finish(db, first, "w1", {"summary": "ok", "seconds": 1.5})
            found = estimate_replay.job_records(db)
        self.assertEqual([r["state"] for r in found], ["done", "superseded", "queued"])
        done = found[0]
        self.assertEqual((done["id"], done["seconds"], done["tries"], done["cached"]), (first, 1.5, 1, False))
        self.assertLessEqual(done["accepted"], done["claimed"])
        self.assertLessEqual(done["claimed"], done["ended"])
        self.assertEqual(done["ended"], done["finished"])
        self.assertIsNone(found[1]["claimed"])


if __name__ == "__main__":
    unittest.main()
