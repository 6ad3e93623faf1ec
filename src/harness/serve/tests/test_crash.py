"""kill -9 of the whole service with jobs queued and running, then a
restart on the same data: every accepted submission finishes, with its
right verdict, and the jobs that were running were claimed again."""

import os
import signal
import sqlite3
import tempfile
import time
import unittest

import pytest

from harness.serve import programs
from harness.serve.client import Service, request, submit, wait_final, write_roster

PLAN = [("s0", "hanging"), ("s1", "hanging"), ("s2", "correct"), ("s3", "wrong"), ("s4", "broken"),
        ("s5", "correct"), ("s6", "hanging")]


class CrashTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.tokens = write_roster(self.tmp.name, [name for name, _ in PLAN])
        # official only: its cases are enough for every verdict, and a hanging
        # program times out on fewer cases.
        self.options = ["--workers", "2", "--timeout", "2", "--lease", "3", "--category", "official"]

    def running(self, service, accepted):
        states = [request(s["url"], self.tokens[name])[2]["state"] for name, s in accepted]
        return states.count("running")

    @pytest.mark.slow
    def test_kill_9_and_restart_finishes_everything(self):
        service = Service(self.tmp.name, self.options)
        self.addCleanup(service.stop)
        service.start()
        accepted = []
        for name, kind in PLAN:
            status, _, body = submit(service, self.tokens[name], programs.sources(kind, name))
            self.assertEqual(status, 202)
            accepted.append((name, body))
        deadline = time.time() + 60
        while self.running(service, accepted) < 2 and time.time() < deadline:
            time.sleep(0.2)
        self.assertEqual(self.running(service, accepted), 2)
        group = service.process.pid
        service.stop(signal.SIGKILL)
        self.assertFalse(service.group_alive(group), "a process of the killed service is left")
        again = Service(self.tmp.name, self.options, port=service.port)
        self.addCleanup(again.stop)
        again.start()
        for (name, body), (_, kind) in zip(accepted, PLAN):
            final = wait_final(again, self.tokens[name], body["id"], timeout=240)
            self.assertEqual(final["state"], "done", (name, final))
            expected = final["total"] if kind == "correct" else 0
            self.assertEqual((final["passed"], final["compiled"]), (expected, kind != "broken"), (name, final))
        db = sqlite3.connect(os.path.join(self.tmp.name, "serve.sqlite"))
        retried = db.execute("SELECT COUNT(*) FROM jobs WHERE tries = 2").fetchone()[0]
        self.assertGreaterEqual(retried, 2, "the jobs running at the kill were claimed again")
        db.close()


if __name__ == "__main__":
    unittest.main()
