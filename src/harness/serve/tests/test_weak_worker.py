"""A remote worker started with --weak-sandbox (its sandbox does not
contain a submission on its machine; its claims say why) is named on the
staff's page and in /api/queue, and the report of each job it ran says,
in a plain sentence, that the program ran without full containment: to
the student without the worker's words, to the staff with them. Against
a real front without local workers; the test plays the remote workers
through /api/worker/ (test_remote_proof.py runs a real weak one)."""

import unittest

from harness.serve import programs
from harness.serve.client import request, submit
from harness.serve.tests.test_doors import PlayedWorkerTest

WHY = "limits only: bubblewrap unavailable (a stand-in)"
SENTENCE = "This program ran without full containment"


class WeakWorkerTest(PlayedWorkerTest):
    STUDENTS = ("ann", "ben")

    def checked_by(self, student, worker, weak):
        """A submission of STUDENT claimed and checked by WORKER (its claim
        saying WEAK when given); its id."""
        sid = submit(self.service, self.tokens[student], programs.sources("wrong", student))[2]["id"]
        claim = dict({"worker": worker}, **({"weak_sandbox": weak} if weak else {}))
        self.assertEqual(self.worker("claim", claim)[1]["id"], sid)
        return sid

    def test_the_staff_see_the_weak_worker_and_each_report_says_so(self):
        weak = self.checked_by("ann", "lab9:weak:1", WHY)
        queue = self.staff("/api/queue")[2]
        self.assertEqual(queue["weak_workers"], [{"worker": "lab9:weak:1", "why": WHY}])
        self.assertEqual([r["weak_sandbox"] for r in queue["running"] if r["id"] == weak], [WHY])
        self.assertEqual([j["weak_sandbox"] for j in queue["jobs"] if j["id"] == weak], [WHY])
        page = self.staff("/staff")[2]
        self.assertIn('id="weak-workers"', page)
        self.assertIn("lab9:weak:1: " + WHY, page)
        self.assertEqual(self.worker("result", {"worker": "lab9:weak:1", "id": weak, "result": {
            "state": "done", "compiled": 1, "passed": 1, "failed": 0, "total": 1, "summary": "1 passed"}})[1],
                         {"stored": True})
        workers = {w["worker"]: w["weak_sandbox"] for w in self.staff("/api/queue")[2]["workers"]}
        self.assertEqual(workers["lab9:weak:1"], WHY)
        staff_report = self.staff("/staff/submissions/" + weak)[2]
        self.assertIn(SENTENCE, staff_report)
        self.assertIn("worker lab9:weak:1, started with --weak-sandbox: " + WHY, staff_report)
        student_report = request(self.service.base + "/submissions/" + weak, self.tokens["ann"])[2]
        self.assertIn(SENTENCE, student_report)
        self.assertNotIn("lab9", student_report)   # (the worker's words are the staff's)
        self.assertNotIn("bubblewrap", student_report)

    def test_a_contained_workers_jobs_say_nothing(self):
        sid = self.checked_by("ben", "lab9:full:2", "")
        self.worker("result", {"worker": "lab9:full:2", "id": sid, "result": {"state": "done", "summary": "x"}})
        workers = {w["worker"]: w["weak_sandbox"] for w in self.staff("/api/queue")[2]["workers"]}
        self.assertIsNone(workers["lab9:full:2"])
        self.assertNotIn(SENTENCE, self.staff("/staff/submissions/" + sid)[2])
        self.assertNotIn(SENTENCE, request(self.service.base + "/submissions/" + sid, self.tokens["ben"])[2])


if __name__ == "__main__":
    unittest.main()
