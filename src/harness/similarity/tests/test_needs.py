"""python3 -m harness.similarity checks what it needs before anything
else: without sim (or Jinja2) it says which Debian package, exit 2."""
import os
import subprocess
import unittest

from harness import paths


class NeedsTest(unittest.TestCase):
    def run_without_sim(self, *args):
        environment = dict(os.environ, PATH="/nonexistent", PYTHONPATH=str(paths.SRC))
        return subprocess.run(["/usr/bin/python3", "-B", "-m", "harness.similarity", *args],
                              env=environment, capture_output=True, text=True, check=False)

    def test_without_sim_it_says_so_and_exits_2(self):
        done = self.run_without_sim("--output", "/nonexistent", "/nonexistent")
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stderr, "similarity: needs Debian's similarity-tester "
                                      "(apt-get install similarity-tester)\n")
        self.assertEqual(done.stdout, "")

    def test_with_sim_it_runs(self):
        environment = dict(os.environ, PYTHONPATH=str(paths.SRC))
        done = subprocess.run(["/usr/bin/python3", "-B", "-m", "harness.similarity", "--help"],
                              env=environment, capture_output=True, text=True, check=False)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("usage: scripts/similarity", done.stdout)
