"""make bench's row for make test on a clean clone (harness.bench.maketest):
the clone is of HEAD, make test runs there as CI runs it, its summary line
is read, and a run that failed gives no figure."""

import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from harness.bench import maketest

# A repository's Makefile whose `make test` says what it saw (CI, stdin) and
# ends with the summary line SUMMARY, exiting STATUS.
MAKEFILE = """test:
\t@echo "CI=$$CI stdin=$$(test -t 0 && echo tty || echo none)"
\t@echo "%s"
\t@exit %d
"""


class MakeTestTest(unittest.TestCase):
    def setUp(self):
        self.top = Path(tempfile.mkdtemp(prefix="test-maketest."))
        self.addCleanup(shutil.rmtree, self.top, True)
        self.repository = self.top / "repository"
        self.repository.mkdir()
        self.git("init", "-q")

    def git(self, *argv):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *argv],
                       cwd=self.repository, check=True)

    def commit_makefile(self, summary, status):
        (self.repository / "Makefile").write_text(MAKEFILE % (summary, status))
        self.git("add", "Makefile")
        self.git("commit", "-q", "-m", "make test says %s" % summary)

    def test_a_passing_run_is_timed_from_a_clone_of_head_as_ci_runs_it(self):
        self.commit_makefile("12 passed, 0 failed", 0)
        # (the work tree's change is not HEAD's: the clone never sees it)
        (self.repository / "Makefile").write_text(MAKEFILE % ("1 passed, 5 failed", 2))
        outcome = maketest.measure(self.top / "out", self.repository)
        self.assertEqual((outcome.cost.status, outcome.passed, outcome.failed), (0, 12, 0))
        log = (self.top / "out" / "make-test.log").read_text()
        self.assertIn("CI=true stdin=none", log)
        label, measured, limit, note = maketest.row(outcome)
        self.assertEqual((label, limit), (maketest.LABEL, 600))
        self.assertIsNotNone(measured)
        self.assertTrue(note.startswith("12 passed, "), note)

    def test_a_failed_run_or_one_without_its_summary_gives_no_figure(self):
        self.commit_makefile("11 passed, 1 failed", 2)
        label, measured, _, note = maketest.row(maketest.measure(self.top / "out", self.repository))
        self.assertEqual((label, measured, note), (maketest.LABEL, None, "make test failed (exit 2, 1 failed)"))
        self.commit_makefile("all went well", 0)
        _, measured, _, note = maketest.row(maketest.measure(self.top / "out", self.repository))
        self.assertEqual((measured, note), (None, "make test failed (exit 0, no summary line)"))
        self.commit_makefile("3 passed, 0 failed", 0)
        _, measured, _, _ = maketest.row(maketest.measure(self.top / "out", self.repository))
        self.assertIsNotNone(measured)


if __name__ == "__main__":
    unittest.main()
