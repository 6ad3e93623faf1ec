"""A remote worker proves its sandbox at start, as the front does
(remote.py, harness.containment): where the probe gets out (a stand-in
bubblewrap that fails: limits only) scripts/serve-worker refuses to
start, exit 2, before it asks anything of the front; with --weak-sandbox
it works, says so on its stderr, and every claim tells the front, whose
log and staff's view name the weakness. A worker whose sandbox contains says nothing."""

import os
import subprocess
import tempfile
import time
import unittest

from harness.serve import programs
from harness.serve.client import PYTHON, Service, python_env, request, submit, write_roster
from harness.serve.tests.test_containment import failing_bwrap


def worker_command(server, token_file, data, *options):
    return PYTHON + ["harness.serve.remote", "--server", server, "--token", token_file, "--data", data,
                     "--name", "proof"] + list(options)


class RemoteProofTest(unittest.TestCase):
    def setUp(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.folder = folder.name
        self.token_file = os.path.join(self.folder, "worker-token")
        with open(self.token_file, "w", encoding="utf-8") as handle:
            handle.write("worker-secret-%s\n" % os.urandom(16).hex())
        self.env = dict(python_env(), SANDBOX_BWRAP=failing_bwrap(self.folder))

    def test_a_worker_whose_sandbox_does_not_contain_refuses_to_start(self):
        # (no front at that address: the refusal comes before any question to it)
        done = subprocess.run(worker_command("http://127.0.0.1:9", self.token_file, os.path.join(self.folder, "d")),
                              capture_output=True, text=True, env=self.env, timeout=120)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("serve-worker: the sandbox does not contain a submission on this machine (limits only: ",
                      done.stderr)
        self.assertIn("start with --weak-sandbox to work anyway, said to the front with every claim", done.stderr)
        self.assertNotIn("Connection refused", done.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "d")))

    def test_with_weak_sandbox_it_works_and_its_claims_say_so_to_the_front(self):
        student = write_roster(self.folder, ["ann"])["ann"]
        staff_file, staff = os.path.join(self.folder, "staff-token"), "staff-secret-%s" % os.urandom(16).hex()
        with open(staff_file, "w", encoding="utf-8") as handle:
            handle.write(staff + "\n")
        service = Service(self.folder, ["--workers", "0", "--worker-token", self.token_file, "--staff-token",
                                        staff_file])
        self.addCleanup(service.stop)
        service.start()
        self.assertEqual(submit(service, student, programs.sources("wrong", "proof"))[0], 202)
        with open(os.path.join(self.folder, "worker.log"), "wb") as log:
            worker = subprocess.Popen(worker_command(service.base, self.token_file, os.path.join(self.folder, "w"),
                                                     "--weak-sandbox"),
                                      stdout=log, stderr=log, env=self.env, start_new_session=True)
        self.addCleanup(stop, worker)
        claim = wait_for_line(os.path.join(self.folder, "serve.log"), "event=claim ", 120)
        self.assertIn("worker=", claim)
        self.assertIn('weak_sandbox="limits only: ', claim)
        with open(os.path.join(self.folder, "worker.log"), encoding="utf-8") as handle:
            self.assertIn("serve-worker: warning: --weak-sandbox: limits only: ", handle.read())
        # the staff's view names it (test_weak_worker.py: the page and each report)
        weak = request(service.base + "/api/queue", staff)[2]["weak_workers"]
        self.assertEqual(len(weak), 1, weak)
        self.assertIn(":proof:", weak[0]["worker"])
        self.assertTrue(weak[0]["why"].startswith("limits only: "), weak)


def wait_for_line(path, text, seconds):
    """The first line of PATH holding TEXT, waited for up to SECONDS."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with open(path, encoding="utf-8", errors="replace") as handle:
            found = [line for line in handle if text in line]
        if found:
            return found[0]
        time.sleep(0.2)
    raise AssertionError("no line with %r in %s after %d s" % (text, path, seconds))


def stop(process):
    """The worker and its check-engine (its session) ended."""
    try:
        os.killpg(process.pid, 9)
    except ProcessLookupError:
        pass
    process.wait(20)


if __name__ == "__main__":
    unittest.main()
