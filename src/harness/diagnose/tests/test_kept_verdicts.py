"""The judge's verdicts check-engine keeps (OUTPUT/outputs/ID.verdict and
judge.tsv, check/worker.py) stand for the diagnosis's own judging of the
program's outputs (results.load): on a draughts program in another order
with a fault planted (the benchmark's subject, subject.py), each kept
message is the one the judge gives the kept output; the diagnosis names
the same causes with them as without them; and a judge.tsv naming another
judge's digest, or a kept message removed, is judged afresh."""
import csv
import os
import shutil
import subprocess
import tempfile
import time
import unittest

import pytest

from harness import paths
from harness.diagnose import evaluate, faultbuild, results, subject
from harness.diagnose.compare import Judge

CATEGORIES = ("crowning", "kings")
JUDGE = str(paths.BUILD / "draughts-judge")


def causes(output):
    with open(os.path.join(output, "causes.tsv"), newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


class KeptVerdictsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="test-kept-verdicts.")
        builder = faultbuild.Builder(build_dir=os.path.join(cls.folder, "build"))
        program = subject.build("king-worth-one", builder)
        cls.output = os.path.join(cls.folder, "output")
        command = ["/usr/bin/python3", "-B", "-m", "harness.check", "--program", "draughts", "--no-sandbox",
                   "--no-diagnose", "--show", "0", "--output", cls.output, program]
        for category in CATEGORIES:
            command += ["--category", category]
        subprocess.run(command, cwd=paths.ROOT, env=dict(os.environ, PYTHONPATH=str(paths.SRC)),
                       stdout=subprocess.DEVNULL, check=False)
        cls.failing = results.failing(cls.output)
        cases_dir = str(paths.TESTDATA / "draughts")
        cls.cases = results.load("draughts", cls.failing, cases_dir, cls.output, None, JUDGE)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def copy(self, name):
        copied = os.path.join(self.folder, name)
        shutil.rmtree(copied, ignore_errors=True)
        shutil.copytree(self.output, copied)
        return copied

    def test_each_kept_message_is_the_judges_on_the_kept_output(self):
        judged = [case for case in self.cases if case.judged]
        self.assertGreater(len(judged), 10)
        self.assertEqual(len(judged), len(self.failing))  # (no crash: each was judged)
        judge = Judge(JUDGE)
        for case in judged:
            self.assertIsNotNone(case.verdict)
            self.assertEqual(case.verdict, judge.verdict(case.input, case.program.out), case.id)

    @pytest.mark.slow
    def test_another_judge_or_none_kept_is_judged_afresh(self):
        other = self.copy("other-judge")
        with open(os.path.join(other, "outputs", "judge.tsv"), "w") as handle:
            handle.write("judge\tsha256\n%s\t%s\n" % (JUDGE, "0" * 64))
        cases_dir = str(paths.TESTDATA / "draughts")
        self.assertFalse(any(case.judged for case in results.load("draughts", self.failing, cases_dir,
                                                                     other, None, JUDGE)))
        removed = self.copy("one-removed")
        os.unlink(os.path.join(removed, "outputs", self.failing[0] + ".verdict"))
        loaded = results.load("draughts", self.failing, cases_dir, removed, None, JUDGE)
        self.assertEqual([case.judged for case in loaded], [False] + [True] * (len(self.failing) - 1))
        self.assertFalse(any(case.judged for case in results.load("draughts", self.failing, cases_dir,
                                                                     removed, None, None)))

    @pytest.mark.slow
    def test_the_same_causes_with_and_without_them(self):
        without = self.copy("without")
        os.unlink(os.path.join(without, "outputs", "judge.tsv"))
        for output in (self.output, without):
            done = subprocess.run(["/usr/bin/python3", "-B", "-m", "harness.diagnose", "--program", "draughts",
                                   "--results", output, "--budget", "600", "--run-cache", "none"],
                                  cwd=paths.ROOT, env=dict(os.environ, PYTHONPATH=str(paths.SRC)),
                                  capture_output=True, check=False)
            self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(causes(self.output))
        self.assertEqual(causes(self.output)[0]["code"], "king-worth-one")
        self.assertEqual(causes(self.output), causes(without))

    def test_the_program_verdicts_are_not_asked_again(self):
        asked = []

        class Counting(Judge):
            def verdict(self, input_path, out):
                asked.append(input_path)
                return super().verdict(input_path, out)
        cases = [evaluate.Case(case.id, case.input, case.expected, case.program, case.verdict, case.judged)
                 for case in self.cases]
        work = evaluate.Evaluation("draughts", Counting(JUDGE), 2, time.monotonic() + 300, batch=False)
        work.program_verdicts(cases)
        self.assertEqual(asked, [])
        cases[0].judged = False
        work.program_verdicts(cases)
        self.assertEqual(asked, [cases[0].input])


if __name__ == "__main__":
    unittest.main()
