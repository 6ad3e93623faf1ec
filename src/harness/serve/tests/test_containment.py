"""The service proves its sandbox at start (issue 40, finding 4): a probe
run in a box as a submission is tries to read the repository, to connect
to a port of this machine and to make a user namespace. Where bubblewrap
cannot run (a stand-in `bwrap` that fails), the start is refused, exit 2,
nothing made; with --weak-sandbox it serves, and its pages say so."""

import os
import secrets
import subprocess
import tempfile
import unittest
from unittest import mock

import pytest

from harness import paths
from harness import containment
from harness.serve.client import PYTHON, Service, Visitor, free_port, python_env, request, submit, write_roster


def failing_bwrap(folder):
    """A stand-in bubblewrap that cannot make a box, as where user
    namespaces are refused."""
    path = os.path.join(folder, "bwrap")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    os.chmod(path, 0o755)
    return path


class ContainmentTest(unittest.TestCase):
    def test_the_probe_is_held_by_bubblewrap(self):
        proof = containment.prove()
        if proof.mode != "bwrap":
            self.skipTest("bubblewrap cannot run here (%s): the refusal below is what this machine gets" % proof.why)
        self.assertEqual(proof.escaped, ())
        self.assertTrue(proof.contained)

    def test_limits_only_lets_the_probe_out(self):
        with tempfile.TemporaryDirectory() as folder, \
                mock.patch.dict(os.environ, {"SANDBOX_BWRAP": failing_bwrap(folder)}):
            proof = containment.prove()
        self.assertEqual(proof.mode, "limits")
        self.assertFalse(proof.contained)
        self.assertIn("read %s" % (paths.ROOT / "Makefile"), proof.escaped)
        self.assertTrue(any(what.startswith("connect ") for what in proof.escaped), proof.escaped)
        self.assertIn("limits only: ", proof.words())

    def test_no_control_group_lets_the_probe_hold_more_memory(self):
        # (a stand-in cgroup2 tree without the memory controller: the box
        # has no control group, as an ordinary user's here)
        with tempfile.TemporaryDirectory() as folder:
            for name in ("cgroup.controllers", "cgroup.subtree_control"):
                with open(os.path.join(folder, name), "w", encoding="ascii") as handle:
                    handle.write("pids\n")
            with mock.patch.dict(os.environ, {"SANDBOX_TEST_CGROUP2": folder}):
                proof = containment.prove()
        if proof.mode != "bwrap":
            self.skipTest("bubblewrap cannot run here (%s)" % proof.why)
        self.assertEqual(proof.escaped, ("memory %s" % containment.BLOCKS,))
        self.assertFalse(proof.contained)
        self.assertIn("the probe could hold more memory than the run's, across its processes", proof.words())

    def test_the_start_is_refused_and_nothing_made(self):
        with tempfile.TemporaryDirectory() as folder:
            data = os.path.join(folder, "data")
            env = dict(python_env(), SANDBOX_BWRAP=failing_bwrap(folder))
            done = subprocess.run(PYTHON + ["harness.serve", "--data", data, "--port", str(free_port())],
                                  capture_output=True, text=True, env=env, cwd=str(paths.ROOT), timeout=120)
            self.assertEqual(done.returncode, 2, done.stderr)
            self.assertIn("serve: the sandbox does not contain a submission on this machine (limits only: ",
                          done.stderr)
            self.assertIn("start with --weak-sandbox to serve anyway", done.stderr)
            self.assertFalse(os.path.exists(data))

    @pytest.mark.slow
    def test_weak_sandbox_serves_and_says_so(self):
        with tempfile.TemporaryDirectory() as folder:
            tokens = write_roster(folder, ["ann"])
            staff_token = os.path.join(folder, "staff-token")
            with open(staff_token, "w", encoding="utf-8") as handle:
                handle.write(secrets.token_hex(16))
            with mock.patch.dict(os.environ, {"SANDBOX_BWRAP": failing_bwrap(folder)}):
                service = Service(folder, ["--workers", "0", "--weak-sandbox", "--staff-token", staff_token])
                self.addCleanup(service.stop)
                service.start()
            status, _, page = request(service.base + "/staff")
            self.assertEqual(status, 401)  # (the log-in form, under the same heading)
            self.assertIn('id="weak-sandbox"', page)
            self.assertIn("limits only: ", page)
            # ... and every submission's page (no worker: it stays queued)
            status, _, body = submit(service, tokens["ann"], {"main.c": b"int main(void) { return 0; }\n"})
            self.assertEqual(status, 202, body)
            visitor = Visitor(service)
            visitor.login(tokens["ann"])
            status, _, page = visitor.call(body["page"][len(service.base):])
            self.assertEqual(status, 200)
            self.assertIn('id="weak-sandbox"', page)
            self.assertIn("limits only: ", page)

