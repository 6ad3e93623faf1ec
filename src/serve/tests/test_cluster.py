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
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

from serve import programs
from serve.client import ROOT, Service, request, submit, test_database, wait_final, write_roster

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


class Cluster:
    """Two fronts on one database, remote workers, and their stopping."""

    def __init__(self, folder):
        self.folder, self.db, self.workers = folder, test_database(), {}
        self.token_file, self.staff_file = os.path.join(folder, "worker-token"), os.path.join(folder, "staff-token")
        self.staff = "staff-secret-%s" % os.urandom(8).hex()
        for path, token in ((self.token_file, "worker-secret-%s" % os.urandom(8).hex()), (self.staff_file, self.staff)):
            with open(path, "w") as handle:
                handle.write(token + "\n")
        self.tokens = write_roster(folder, [name for name, _ in PLAN])
        self.fronts = []
        for n in range(2):
            data = os.path.join(folder, "front%d" % n)
            os.makedirs(data)
            shutil.copy(os.path.join(folder, "roster.csv"), data)
            self.fronts.append(Service(data, OPTIONS + ["--db", self.db, "--worker-token", self.token_file,
                                                       "--staff-token", self.staff_file]))

    def start_worker(self, name, front):
        log = open(os.path.join(self.folder, name + ".log"), "ab")
        self.workers[name] = subprocess.Popen(
            [os.path.join(ROOT, "scripts/serve-worker"), "--server", front.base, "--token", self.token_file,
             "--data", os.path.join(self.folder, name), "--name", name],
            stdout=log, stderr=log, start_new_session=True, cwd=ROOT)
        log.close()

    def kill_worker(self, name):
        os.killpg(self.workers[name].pid, signal.SIGKILL)
        self.workers[name].wait(20)

    def stop(self):
        for process in self.workers.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(20)
        for front in self.fronts:
            front.stop()

    def query(self, sql):
        import psycopg
        with psycopg.connect(self.db) as conn:
            return conn.execute(sql).fetchall()


@unittest.skipUnless(os.environ.get("SERVE_TEST_POSTGRESQL"), "needs SERVE_TEST_POSTGRESQL (serve.bats starts one)")
class ClusterTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.cluster = Cluster(self.tmp.name)
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
