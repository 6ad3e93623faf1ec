"""The service on several machines, played on one: its own PostgreSQL
(SERVE_TEST_POSTGRESQL, started by serve.bats), two fronts on it without
local workers, and two remote workers (scripts/serve-worker), one pulling
from each front. Submissions go through both fronts; the worker that holds
a job is killed (kill -9, with its check-engine) and stays dead; a front is
killed and restarted. Every submission reaches its right verdict, both
fronts answer the same for each, and the claims table shows that no job
ran twice at once. Short leases (3 s) and a small category keep it fast."""

import csv
import io
import os
import signal
import tempfile
import time
import unittest

from harness.serve import programs
from harness.serve.client import Cluster, request, submit, wait_final

PLAN = [("s0", "hanging"), ("s1", "correct"), ("s2", "wrong"), ("s3", "broken"), ("s4", "hanging"),
        ("s5", "correct"), ("s6", "wrong"), ("s7", "broken")]
OPTIONS = ["--workers", "0", "--lease", "3", "--timeout", "2", "--category", "official"]


def expected(kind, body):
    """Whether the final answer is this kind's verdict."""
    if body["state"] != "done":
        return False
    if kind == "correct":
        return body["compiled"] and body["failed"] == 0 and body["passed"] == body["total"]
    if kind == "broken":
        return body["compiled"] is False
    return body["compiled"] and body["passed"] < body["total"]  # wrong, hanging: cases fail


@unittest.skipUnless(os.environ.get("SERVE_TEST_POSTGRESQL"), "needs SERVE_TEST_POSTGRESQL (serve.bats starts one)")
class ClusterTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.cluster = Cluster(self.tmp.name, [name for name, _ in PLAN], OPTIONS)
        self.addCleanup(self.cluster.stop)
        for front in self.cluster.fronts:
            front.start()
        self.cluster.start_worker("r0", self.cluster.fronts[0])
        self.cluster.start_worker("r1", self.cluster.fronts[1])

    def running_on(self, name, timeout=60):
        """The job worker `name` holds, once it holds one."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            rows = self.cluster.query("SELECT id FROM jobs WHERE state = 'running' AND worker LIKE '%%:%s:%%'" % name)
            if rows:
                return rows[0][0]
            time.sleep(0.2)
        self.fail("worker %s claimed nothing in %ds" % (name, timeout))

    def test_two_fronts_two_workers_a_worker_and_a_front_killed(self):
        cluster, accepted = self.cluster, {}
        for n, (name, kind) in enumerate(PLAN):
            status, _, body = submit(cluster.fronts[n % 2], cluster.tokens[name], programs.sources(kind, name))
            self.assertEqual(status, 202, body)
            accepted[name] = body["id"]
        held = self.running_on("r0")
        cluster.kill_worker("r0")
        cluster.fronts[1].stop(signal.SIGKILL)
        cluster.fronts[1].start()
        answers = {}
        for name, kind in PLAN:
            first = wait_final(cluster.fronts[0], cluster.tokens[name], accepted[name], timeout=300)
            second = request("%s/api/submissions/%s" % (cluster.fronts[1].base, accepted[name]),
                             cluster.tokens[name])[2]
            answers[name] = first
            self.assertTrue(expected(kind, first), (name, kind, first))
            for key in ("state", "compiled", "passed", "failed", "total", "summary"):
                self.assertEqual(first[key], second[key], (name, key))
        self.assertEqual(cluster.workers["r0"].poll(), -signal.SIGKILL)  # stayed dead
        self.assertNoOverlap(held)
        self.assertStaffView(answers)

    def assertStaffView(self, answers):
        """Either front's staff view: both workers with their jobs, the
        killed one's lost lease; the CSV's rows are the answers."""
        status, _, queue = request(self.cluster.fronts[1].base + "/api/queue", self.cluster.staff)
        self.assertEqual((status, queue["queued"], queue["running"]), (200, 0, []))
        workers = {w["worker"].split(":")[1]: w for w in queue["workers"]}
        self.assertEqual(sorted(workers), ["r0", "r1"])
        self.assertEqual(workers["r0"]["leases_lost"], 1)
        self.assertEqual(sum(w["jobs"] for w in workers.values()), len(PLAN))
        text = request(self.cluster.fronts[0].base + "/staff/results.csv", self.cluster.staff)[2]
        rows = {r["name"]: r for r in csv.DictReader(io.StringIO(text))}
        for name, body in answers.items():
            self.assertEqual((rows[name]["submission"], rows[name]["passed"], rows[name]["official_total"]),
                             (body["id"], str(body["passed"]), str(body["total"])))

    def assertNoOverlap(self, held):
        """From the claims table: a job's claim ends before its next one
        starts, and the killed worker's job was claimed again, by the other."""
        claims = self.cluster.query("SELECT job, try, worker, claimed, ended, outcome FROM claims ORDER BY job, try")
        self.assertTrue(all(ended is not None for *_, ended, _ in claims), claims)
        for before, after in zip(claims, claims[1:]):
            if before[0] == after[0]:
                self.assertLessEqual(before[4], after[3], (before, after))
        of_held = [c for c in claims if c[0] == held]
        self.assertEqual([c[5] for c in of_held][:1], ["lease expired"])
        self.assertIn(":r1:", of_held[-1][2])
        self.assertEqual(of_held[-1][5], "done")


if __name__ == "__main__":
    unittest.main()
