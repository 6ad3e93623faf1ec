"""The staff's pages of issue 42 and a running check's progress, against a
real front without local workers (a test plays the remote worker through
/api/worker/): a student's whole history, newest first, each submission
linked to its report; the queue's jobs, queued and running; and the
progress a worker sends with its heartbeat, on the student's JSON and
page and on the staff's."""

import unittest

from harness.serve import programs, remote
from harness.serve.client import request, submit
from harness.serve.tests.test_doors import PlayedWorkerTest


class StaffPagesTest(PlayedWorkerTest):
    def test_a_students_whole_history_newest_first(self):
        sids = [submit(self.service, self.tokens["ann"], programs.sources("wrong", "ann %d" % n))[2]["id"]
                for n in range(3)]
        status, _, page = self.staff("/staff/students/ann")
        self.assertEqual(status, 200)
        links = ['href="/staff/submissions/%s"' % sid for sid in reversed(sids)]
        self.assertEqual(sorted(links, key=page.find), links)  # newest first
        self.assertTrue(all(link in page for link in links), page)
        self.assertIn("superseded", page)
        self.assertIn("3 submissions", page)
        overview = self.staff("/staff")[2]
        latest = overview[overview.index('id="recent"'):overview.index("<h2>Running")]
        self.assertIn('href="/staff/students/ann"', latest)  # the latest submissions link her name
        self.assertEqual(self.staff("/staff/students/nobody")[0], 404)
        self.assertEqual(request(self.service.base + "/staff/students/ann", self.tokens["ann"])[0], 401)

    def test_the_queue_and_a_running_checks_progress(self):
        ben = submit(self.service, self.tokens["ben"], programs.sources("wrong", "ben"))[2]["id"]
        cat = submit(self.service, self.tokens["cat"], programs.sources("wrong", "cat"))[2]["id"]
        jobs = {j["id"]: j for j in self.staff("/api/queue")[2]["jobs"]}
        self.assertEqual((jobs[ben]["state"], jobs[cat]["state"], jobs[cat]["worker"]), ("queued", "queued", None))
        claimed = None
        while claimed != ben:  # (another test's job may come first: it is left running)
            claimed = self.worker("claim", {"worker": "lab7"})[1]["id"]
        sent = {"worker": "lab7", "id": ben, "progress": [12, 20]}
        self.assertEqual(self.worker("heartbeat", dict(sent, worker="other", progress=[19, 20])),
                         (200, {"held": False}))
        answer = request(self.service.base + "/api/submissions/" + ben, self.tokens["ben"])[2]
        self.assertEqual((answer["state"], answer["progress"]), ("running", None))
        self.assertIn("building the program", request(answer["page"], self.tokens["ben"])[2])
        self.assertEqual(self.worker("heartbeat", sent), (200, {"held": True}))
        answer = request(self.service.base + "/api/submissions/" + ben, self.tokens["ben"])[2]
        self.assertEqual(answer["progress"], {"done": 12, "total": 20})
        self.assertIn("12 of 20 cases checked", request(answer["page"], self.tokens["ben"])[2])
        # scripts/serve-worker's own call: the count on a heartbeat
        queue = remote.RemoteQueue(self.service.base, self.secret["worker"], self.fingerprint)
        self.assertTrue(queue.progress(ben, "lab7", 13, 20))
        answer = request(self.service.base + "/api/submissions/" + ben, self.tokens["ben"])[2]
        self.assertEqual(answer["progress"], {"done": 13, "total": 20})
        page = self.staff("/staff")[2]
        self.assertIn("13 of 20 cases checked", page)
        self.assertIn("lab7", page)
        jobs = [j["id"] for j in self.staff("/api/queue")[2]["jobs"]]
        self.assertLess(jobs.index(ben), jobs.index(cat))  # the running first, then the queue
        for sid in (ben, cat):
            self.assertIn('href="/staff/submissions/%s"' % sid, page)


if __name__ == "__main__":
    unittest.main()
