"""The doors of the staff's view and of the remote workers' API, against a
real front without workers: each opens only to its own token, a worker
whose corpus or checking code differs from the front's is refused with
the reason, and the staff's JSON and CSV say what the queue holds."""

import csv
import io
import os
import tempfile
import unittest
from unittest import mock

from harness.serve import checking, programs, remote
from harness.serve.client import Service, request, submit, write_roster


def post_json(url, token, body):
    import json
    import urllib.error
    import urllib.request
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={
        "Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def start_front(cls, students, options=("--category", "official")):
    """A front without workers (checking as OPTIONS say), with a staff
    token and a worker token, for the test class CLS: its tmp, tokens (the
    students'), files and secret (the staff's and the workers' tokens) and
    service."""
    cls.tmp = tempfile.TemporaryDirectory()
    cls.addClassCleanup(cls.tmp.cleanup)
    cls.tokens = write_roster(cls.tmp.name, students)
    cls.files, cls.secret = {}, {}
    for name in ("staff", "worker"):
        cls.files[name] = os.path.join(cls.tmp.name, name + "-token")
        cls.secret[name] = "%s-secret-%s" % (name, os.urandom(8).hex())
        with open(cls.files[name], "w") as handle:
            handle.write(cls.secret[name] + "\n")
    cls.service = Service(cls.tmp.name, ["--workers", "0"] + list(options) + [
        "--staff-token", cls.files["staff"], "--worker-token", cls.files["worker"]])
    cls.addClassCleanup(cls.service.stop)
    cls.service.start()


class PlayedWorkerTest(unittest.TestCase):
    """A test class on start_front's front (STUDENTS, OPTIONS) that plays a remote
    worker through /api/worker/ (worker()) and reads the staff's view (staff())."""

    STUDENTS = ("ann", "ben", "cat")
    OPTIONS = ("--category", "official")

    @classmethod
    def setUpClass(cls):
        start_front(cls, list(cls.STUDENTS), cls.OPTIONS)
        cls.fingerprint = request(cls.service.base + "/api/worker/config", cls.secret["worker"])[2]["fingerprint"]

    def worker(self, path, body):
        return post_json(self.service.base + "/api/worker/" + path, self.secret["worker"],
                         dict(body, fingerprint=self.fingerprint))

    def staff(self, path):
        return request(self.service.base + path, self.secret["staff"])


class DoorsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        start_front(cls, ["ann", "ben"])

    def test_staff_view_opens_only_to_the_staff_token(self):
        url = self.service.base + "/api/queue"
        for token in (None, self.tokens["ann"], self.secret["worker"]):
            self.assertEqual(request(url, token)[0], 401, token)
        self.assertEqual(request(self.service.base + "/staff/results.csv", self.tokens["ann"])[0], 401)
        self.assertEqual(submit(self.service, self.tokens["ann"], programs.sources("wrong", "doors"))[0], 202)
        status, _, body = request(url, self.secret["staff"])
        self.assertEqual((status, body["queued"], body["running"]), (200, 1, []))
        status, _, page = request(self.service.base + "/staff", self.secret["staff"])
        self.assertIn("1 queued", page)
        status, headers, text = request(self.service.base + "/staff/results.csv", self.secret["staff"])
        self.assertTrue(headers["Content-Type"].startswith("text/csv"))
        rows = list(csv.DictReader(io.StringIO(text)))
        self.assertEqual([r["name"] for r in rows], ["ann", "ben"])
        self.assertEqual(rows[0]["state"], "no submission")  # queued is not a result yet
        self.assertIn("official_passed", rows[0])

    def test_worker_api_opens_only_to_the_worker_token(self):
        url = self.service.base + "/api/worker/"
        self.assertEqual(request(url + "config", self.secret["staff"])[0], 401)
        status, _, config = request(url + "config", self.secret["worker"])
        self.assertEqual((status, config["options"]["categories"]), (200, ["official"]))
        self.assertEqual(post_json(url + "claim", self.tokens["ann"], {"worker": "x"})[0], 401)
        status, body = post_json(url + "claim", self.secret["worker"], {"worker": "x", "fingerprint": "other"})
        self.assertEqual(status, 409)
        self.assertIn("differs", body["error"])
        status, body = post_json(url + "heartbeat", self.secret["worker"],
                                 {"worker": "x", "id": "none", "fingerprint": config["fingerprint"]})
        self.assertEqual((status, body), (200, {"held": False}))

    def test_a_worker_with_other_checking_code_refuses_and_says_so(self):
        args = remote.parser().parse_args(["--server", self.service.base, "--token", self.files["worker"]])
        queue, config = remote.configure(args)
        self.assertEqual(config["fingerprint"], queue.fingerprint)
        with mock.patch.object(checking, "fingerprint", lambda options: "0" * 64):
            with self.assertRaisesRegex(remote.Refused, "corpus or checking code differs"):
                remote.configure(args)


if __name__ == "__main__":
    unittest.main()
