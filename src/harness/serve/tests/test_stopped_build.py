"""A build the checker stopped twice (a signal: the out-of-memory killer
under load, a SIGKILL) reaches the student as the checker's fault, never
as "does not compile": check-engine, given a stand-in compiler that kills
itself (a build command of the folder's own, run by the sandbox), exits 1
with OUTPUT/program/build.tsv's state `stopped`, and the service's worker
reads that as an `error` in plain words; a build that failed is still
`done`, not compiled."""

import os
import subprocess
import tempfile
import unittest

from harness.languages.build import STOPPED_SENTENCE
from harness.serve import checking
from harness.serve.client import PYTHON, ROOT, python_env

OPTIONS = {"program": "checkers", "categories": ["examples"], "timeout": 2, "check_jobs": 1}


class StoppedBuildTest(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.folder, self.output = os.path.join(tmp.name, "sources"), os.path.join(tmp.name, "output")
        os.makedirs(self.folder)
        with open(os.path.join(self.folder, "main.c"), "w", encoding="utf-8") as handle:
            handle.write("int main(void) { return 0; }\n")

    def check_engine(self, stand_in):
        with open(os.path.join(self.folder, "cc.sh"), "w", encoding="utf-8") as handle:
            handle.write(stand_in)
        done = subprocess.run(PYTHON + ["harness.check", "--as", "scripts/check-engine", "--program", "checkers",
                                        "--category", "examples", "--timeout", "2", "--jobs", "1", "--output",
                                        self.output, "--build", "sh ./cc.sh", self.folder],
                              cwd=ROOT, env=python_env(), capture_output=True, text=True, timeout=300)
        result = checking.result_of(done.returncode, OPTIONS, self.folder, self.output, 5, done.stdout, done.stderr)
        return done, result

    def test_killed_twice_is_an_error_of_the_checker(self):
        done, result = self.check_engine("kill -9 $$\n")
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertEqual(checking.build_state(self.output), "stopped")
        self.assertIn(STOPPED_SENTENCE, done.stderr)
        self.assertNotIn("does not build", done.stderr)
        self.assertEqual(result, {"state": "error", "summary": STOPPED_SENTENCE})

    def test_a_compiler_error_is_still_the_programs(self):
        done, result = self.check_engine("echo 'main.c:1:1: error: expected identifier' >&2; exit 1\n")
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertEqual(checking.build_state(self.output), "not-built")
        self.assertEqual((result["state"], result["compiled"]), ("done", 0))
        self.assertIn("does not build", result["summary"])


if __name__ == "__main__":
    unittest.main()
