"""The faulted references' runs kept on the whole corpus (corpusruns.py,
filled by fill.py, `make faults`): a diagnosis reads them instead of
running the references; a run is keyed by the binary's bytes and the
case's input (and a run kept as the expected output by the golden's
digest), so a rebuilt reference (a changed patch), a changed case or a
re-recorded golden is never answered from an old run, and a second fill
runs only what changed and drops what can no longer be read."""
import os
import shutil
import tempfile
import time
import unittest
from unittest import mock

from harness.diagnose import corpusruns, evaluate, fill, runs
from harness.diagnose.runs import Run


def write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)
    os.chmod(path, mode)


class CorpusRunsTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="test-corpusruns.")
        self.addCleanup(shutil.rmtree, self.work, True)
        # The "fault" prints its input: the expected output on x/a, not on x/b.
        write(self.path("fault"), "#!/bin/sh\ncat\n", 0o755)
        for name, given, expected in (("a", "A\n", "A\n"), ("b", "B\n", "b\n")):
            write(self.path("cases/x/%s.in" % name), given)
            write(self.path("cases/x/%s.out" % name), expected)
        self.store = self.path("build/faults/checkers.runs")

    def path(self, name):
        return os.path.join(self.work, name)

    def fill(self):
        """The corpus filled as `make faults` fills it; the pairs it ran."""
        cases = fill.Corpus.read(self.path("cases"))
        binaries = {corpusruns.file_digest(self.path("fault")): self.path("fault")}
        writer = corpusruns.Writer(self.store)
        try:
            todo = fill.stale(writer.expected_of(), cases, binaries)
            fill.run_all("checkers", todo, cases, binaries, writer, 2)
            writer.keep_only(set(binaries), set(cases.inputs))
        finally:
            writer.close()
        return todo

    def case(self, name, program_out):
        stem = self.path("cases/x/" + name)
        return evaluate.Case("x/" + name, stem + ".in", runs.expected(self.path("cases"), "x/" + name),
                             Run(program_out, 0))

    def reproduced(self, cases):
        """The cases the fault reproduces, by the kept runs first."""
        work = evaluate.Evaluation("checkers", None, 1, time.monotonic() + 60, None,
                                   corpusruns.Reader(self.store))
        return work.run(cases, {"fault": (self.path("fault"), "exact")})[1]["fault"][0]

    def kept(self):
        reader = corpusruns.Reader(self.store)
        try:
            expected = {}
            for name in ("a", "b"):
                with open(self.path("cases/x/%s.in" % name), "rb") as handle:
                    key = corpusruns.digest(handle.read())
                expected[key] = runs.expected(self.path("cases"), "x/" + name).out
            return reader.runs(corpusruns.file_digest(self.path("fault")), expected)
        finally:
            reader.close()

    def test_the_kept_runs_are_what_the_diagnosis_reads(self):
        self.assertEqual(len(self.fill()), 2)
        self.assertEqual(sorted((run.out, run.status) for run in self.kept().values()),
                         [(b"A\n", 0), (b"B\n", 0)])
        with mock.patch.object(runs, "run_reference", side_effect=AssertionError("ran")):
            self.assertEqual(self.reproduced([self.case("b", b"B\n")]), ["x/b"])
        # What the store holds is what it answers: another output kept for
        # x/b, a program printing it is reproduced, without a run.
        binary = corpusruns.file_digest(self.path("fault"))
        key = next(key for key, run in self.kept().items() if run.out == b"B\n")
        writer = corpusruns.Writer(self.store)
        writer.keep_runs([(binary, key, 0, None, b"kept\n")])
        writer.close()
        with mock.patch.object(runs, "run_reference", side_effect=AssertionError("ran")):
            self.assertEqual(self.reproduced([self.case("b", b"kept\n"), self.case("a", b"B\n")]), ["x/b"])

    def test_a_rebuilt_fault_is_not_answered_from_the_old_runs(self):
        self.fill()
        write(self.path("fault"), "#!/bin/sh\necho rebuilt\n", 0o755)  # a changed patch: other bytes
        self.assertEqual(self.kept(), {})
        self.assertEqual(self.reproduced([self.case("b", b"rebuilt\n")]), ["x/b"])  # run afresh
        self.assertEqual(len(self.fill()), 2)
        self.assertEqual(sorted(run.out for run in self.kept().values()), [b"rebuilt\n", b"rebuilt\n"])

    def test_a_changed_case_or_golden_is_not_answered_from_the_old_runs(self):
        self.fill()
        write(self.path("cases/x/b.in"), "C\n")  # a changed input: another key
        write(self.path("cases/x/a.out"), "a\n")  # a re-recorded golden: x/a's run was kept as it
        self.assertEqual(self.kept(), {})
        with mock.patch.object(runs, "run_reference", wraps=runs.run_reference) as ran:
            self.assertEqual(self.reproduced([self.case("b", b"C\n"), self.case("a", b"A\n")]),
                             ["x/b", "x/a"])
        self.assertEqual(ran.call_count, 2)
        self.assertEqual(len(self.fill()), 2)  # only the two changed, and the old rows dropped
        writer = corpusruns.Writer(self.store)
        self.assertEqual(len(writer.keys()), 2)
        writer.close()
        self.assertEqual(self.fill(), [])

    def test_a_kept_verdict_is_the_judges_answer(self):
        self.fill()
        write(self.path("judge"), "#!/bin/sh\nexit 43\n", 0o755)
        judge = mock.Mock(binary=self.path("judge"))
        judge.verdict.side_effect = lambda input_path, out: b"rule 1" if out == b"b2\n" else None
        binary, judge_digest = (corpusruns.file_digest(self.path(name)) for name in ("fault", "judge"))
        key = next(key for key, run in self.kept().items() if run.out == b"B\n")
        writer = corpusruns.Writer(self.store)
        writer.keep_verdicts([(binary, key, judge_digest, b"rule 1")])
        writer.close()
        work = evaluate.Evaluation("draughts", judge, 1, time.monotonic() + 60, None,
                                   corpusruns.Reader(self.store))
        hits = work.run([self.case("b", b"b2\n")], {"fault": (self.path("fault"), "judge")})[1]["fault"][0]
        self.assertEqual(hits, ["x/b"])
        judge.verdict.assert_called_once()  # the program's output only; the fault's was kept

    def test_a_missing_store_is_empty(self):
        reader = corpusruns.Reader(self.path("nowhere.runs"))
        self.assertEqual(reader.runs("0" * 64, {"1" * 64: b""}), {})
        self.assertEqual(self.reproduced([self.case("b", b"B\n")]), ["x/b"])


if __name__ == "__main__":
    unittest.main()
