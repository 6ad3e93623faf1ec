"""A full data disk (issue 40, finding 8: uploads got a 500 HTML page,
/healthz said ok, the worker crash-looped): uploads get 507 with
Retry-After and a JSON error, /healthz says not ok, and the worker waits
(event=backoff) instead of dying and being restarted. Once with the
disk's reserve (--min-free-mb) above what the disk has; and, as root, on
a real disk filled to the last byte (a small tmpfs)."""

import os
import subprocess
import tempfile
import time
import unittest

from harness.serve import logs, programs
from harness.serve.client import Service, Visitor, request, submit, write_roster


def backed_off(path, waits, seconds=60):
    """The log at PATH once the one worker has backed off with each of
    WAITS (its seconds), in that order, the same process (its name holds
    its pid); fails after SECONDS."""
    deadline = time.monotonic() + seconds
    while True:
        with open(path, encoding="utf-8") as handle:
            log = handle.read()
        said = [(fields["worker"], fields["seconds"])
                for fields in map(logs.parse, [line for line in log.splitlines() if " event=backoff " in line])
                if fields.get("event") == "backoff"]
        if len(said) >= len(waits):
            first = said[0][0]
            assert first.split(":")[1] == "w0", said
            assert said[:len(waits)] == [(first, wait) for wait in waits], said
            return log
        if time.monotonic() > deadline:
            raise AssertionError(f"the worker backed off {said}, not {list(waits)}:\n{log[-2000:]}")
        time.sleep(0.1)


class DiskTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def assert_full(self, service, tokens):
        status, headers, body = submit(service, tokens["ann"], programs.sources("wrong", "full"))
        self.assertEqual(status, 507, body)
        self.assertGreaterEqual(int(headers["Retry-After"]), 1)
        self.assertIn("disk is full", body["error"])
        status, _, body = request(service.base + "/healthz")
        self.assertEqual((status, body["ok"]), (503, False))
        status, _, body = Visitor(service).login(tokens["ann"])  # (a session is a row to write)
        self.assertIn(status, (303, 507), body)
        self.assertNotIn("Internal Server Error", str(body))

    def test_below_the_reserve_uploads_get_507_and_the_worker_waits(self):
        tokens = write_roster(self.tmp.name, ["ann"])
        service = Service(self.tmp.name, ["--workers", "1", "--min-free-mb", str(10 ** 12)])
        self.addCleanup(service.stop)
        service.start()
        self.assert_full(service, tokens)
        # (the worker's own waits, each twice the last: it came back to the
        # full disk three times, the same process, instead of a fixed sleep)
        log = backed_off(os.path.join(self.tmp.name, "serve.log"), ("0.5", "1.0", "2.0"))
        self.assertNotIn("worker w0 stopped", log)
        self.assertEqual(request(service.base + "/api/submissions", tokens["ann"])[2]["submissions"], [])

    @unittest.skipUnless(os.geteuid() == 0, "mounting a small disk needs root")
    def test_a_disk_full_to_the_last_byte(self):
        data = os.path.join(self.tmp.name, "data")
        os.makedirs(data)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", data]).returncode != 0:
            self.skipTest("no tmpfs mount here")
        self.addCleanup(subprocess.run, ["umount", "-l", data])
        tokens = write_roster(data, ["ann"])
        service = Service(data, ["--workers", "0", "--min-free-mb", "0"])
        self.addCleanup(service.stop)
        service.start()
        subprocess.run(["dd", "if=/dev/zero", "of=" + os.path.join(data, "filler"), "bs=64k"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.assert_full(service, tokens)


if __name__ == "__main__":
    unittest.main()
