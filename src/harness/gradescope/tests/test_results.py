"""test_results.py -- results.py on mark's output made here, of the shape
marks.json and case-parts.tsv have: a scheme of three parts (two marked
by cases, one by hand), a submission that fails cases of one part with
two symptoms, one that does not compile, and a marking that failed.
Run by make unit.
"""

import json
import os
import pathlib
import subprocess
import tempfile
import unittest

from harness.gradescope import rerun, results
from harness.gradescope.tests import validate_results

CASES = {"stage0/a": "stage0", "stage0/b": "stage0", "stage0/c": "stage0", "stage1/a": "stage1"}


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def scheme():
    parts = [("stage0", "reading and errors", 6, "visible", "cases"),
             ("stage1", "the next action", 4, "after_due_date", "cases"),
             ("style", "read by a person", 2, "hidden", "manual")]
    return {"name": "checkers", "file": "src/mark/schemes/checkers.tsv", "rounding": "0.01, half up",
            "parts": [{"name": n, "description": d, "marks": m, "credit": "proportional", "visibility": v,
                       "kind": k} for n, d, m, v, k in parts]}


def submission(compiled, passed, scores):
    parts = []
    for (name, description, _, visibility, kind), (score, part_passed, total) in zip(
            [("stage0", "reading and errors", 6, "visible", "cases"),
             ("stage1", "the next action", 4, "after_due_date", "cases"),
             ("style", "read by a person", 2, "hidden", "manual")], scores):
        parts.append({"name": name, "description": description, "score": score,
                      "max_score": {"stage0": 6, "stage1": 4, "style": 2}[name], "passed": part_passed,
                      "total": total, "visibility": visibility, "kind": kind})
    return {"name": "submission", "folder": "submission", "compiled": compiled,
            "state": "marked" if compiled == "yes" else "not-compiled", "reason": "",
            "passed": passed, "total": 4, "seconds": 1.0, "memcheck": "clean", "parts": parts,
            "mark": sum(p["score"] for p in parts), "max_mark": 12, "late_days": 0, "late_penalty": 0,
            "final_mark": sum(p["score"] for p in parts)}


def make_run(out, row, verdicts):
    write(out / "marks.json", json.dumps({"program": "checkers", "scheme": scheme(), "submissions": [row]}))
    for case in CASES:
        write(out / "root" / "testdata" / "checkers" / (case + ".in"), "G6-F5\nA\n")
    write(out / "case-parts.tsv", "case\tpart\n" + "".join("%s\t%s\n" % item for item in CASES.items()))
    base = out / "submissions" / "submission"
    write(base / "check" / "results.tsv", "case\tcategory\tverdict\tsymptom\tcode\n" + "".join(
        "%s\t%s\t%s\t%s\t%s\n" % (case, case.split("/")[0], verdict, symptom, code)
        for case, (verdict, symptom, code) in verdicts.items()))
    for case, (verdict, symptom, _) in verdicts.items():
        if verdict != "pass":
            write(base / "check" / "2" / "failures" / (case + ".txt"),
                  "case:   %s\nrerun:  ./program < %s/root/testdata/checkers/%s.in | diff -u x -\n%s\n"
                  % (case, out, case, "x" * 5000))
    write(base / "compile.txt", "$ gcc ...\nmain.c:5:1: error: expected expression\n(exit status 1)\n")


class ResultsTest(unittest.TestCase):
    def setUp(self):
        self.out = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))

    def run_results(self, *extra):
        results.main(["--marks", str(self.out), "--output", str(self.out / "results.json"), "--seconds", "12.4",
                      "--root", str(self.out / "root"), "--note", "sandbox: limits only"] + list(extra))
        return json.loads((self.out / "results.json").read_text(encoding="utf-8"))

    def test_faulty_submission_loses_marks_in_its_part_only(self):
        verdicts = {"stage0/a": ("fail", "stdout differs", "d"), "stage0/b": ("fail", "stdout differs", "d"),
                    "stage0/c": ("fail", "crash (SIGSEGV)", "crash"), "stage1/a": ("pass", "", "")}
        make_run(self.out, submission("yes", 1, [(0, 0, 3), (4, 1, 1), (0, 0, 0)]), verdicts)
        document = self.run_results("--part-visibility", "stage0=after_published")
        self.assertEqual([t["name"] for t in document["tests"]],
                         ["stage0: reading and errors", "stage1: the next action"])
        stage0, stage1 = document["tests"]
        self.assertEqual((stage0["score"], stage0["max_score"], stage0["status"]), (0, 6, "failed"))
        self.assertEqual((stage1["score"], stage1["max_score"], stage1["status"]), (4, 4, "passed"))
        self.assertEqual((stage0["visibility"], stage1["visibility"]), ("after_published", "after_due_date"))
        self.assertEqual(document["score"], 4)
        self.assertEqual(document["execution_time"], 12)
        # Grouped by symptom, largest first; reports cut; the root left out.
        self.assertLess(stage0["output"].index("2: stdout differs"), stage0["output"].index("1: crash (SIGSEGV)"))
        # The rerun a student can type: the input in the command, no testdata/ path.
        self.assertIn("rerun:  printf 'G6-F5\\nA\\n' | ./program\n", stage0["output"])
        self.assertNotIn("testdata/", stage0["output"])
        self.assertNotIn(str(self.out), stage0["output"])
        self.assertLessEqual(len(stage0["output"]), results.OUTPUT_LIMIT)
        self.assertIn("(cut: ", stage0["output"])
        self.assertTrue(document["output"].startswith("sandbox: limits only\n"))
        self.assertIn("Marked by hand, not in this score: style (2 marks)", document["output"])

    def test_not_compiled_scores_zero_with_the_compilers_message(self):
        make_run(self.out, submission("no", 0, [(0, 0, 3), (0, 0, 1), (0, 0, 0)]), {})
        document = self.run_results()
        self.assertEqual([t["score"] for t in document["tests"]], [0, 0])
        self.assertEqual({t["status"] for t in document["tests"]}, {"failed"})
        self.assertIn("main.c:5:1: error: expected expression", document["output"])
        self.assertIn("did not compile", document["tests"][0]["output"])

    def test_marking_that_failed_is_said_so_and_no_test_is_made(self):
        document = self.run_results()
        self.assertEqual(document["tests"], [])
        self.assertIn("could not mark this submission", document["output"])
        self.assertIn("FileNotFoundError", document["output"])

    def test_bad_visibility_is_refused(self):
        with self.assertRaises(SystemExit):
            results.parse_arguments(["--marks", "x", "--output", "y", "--part-visibility", "stage0=soon"])


class RerunTest(unittest.TestCase):
    """The rerun commands write the case's input exactly, run as printed."""

    BYTES = b"G6-F5\n'quoted' \\n 100% \"x\"\r\n\x00\xff\xc3\xa9 $HOME `id`\n"

    def run_rerun(self, mode, folder):
        corpus = pathlib.Path(folder) / "root" / "testdata" / "game" / "c"
        corpus.mkdir(parents=True)
        (corpus / "x.in").write_bytes(self.BYTES)
        lines = rerun.student_rerun(str(pathlib.Path(folder) / "root"), "game", "c/x", mode)
        self.assertTrue(lines[0].startswith("rerun:  printf '"), lines)
        # ./program: a stand-in that copies its input to its output.
        program = pathlib.Path(folder) / "program"
        program.write_text('#!/bin/sh\nif [ $# -eq 2 ]; then cat "$1" > "$2"; else cat; fi\n')
        os.chmod(program, 0o755)
        return subprocess.run(["bash", "-c", lines[0][len("rerun:  "):]], cwd=folder, check=True,
                              stdout=subprocess.PIPE).stdout

    def test_stdin_rerun_pipes_the_exact_input(self):
        with tempfile.TemporaryDirectory() as folder:
            self.assertEqual(self.run_rerun("stdin", folder), self.BYTES)

    def test_graded_rerun_writes_input_txt(self):
        with tempfile.TemporaryDirectory() as folder:
            self.assertEqual(self.run_rerun("graded", folder), self.BYTES)
            self.assertEqual((pathlib.Path(folder) / "input.txt").read_bytes(), self.BYTES)

    def test_corpus_rerun_lines_are_replaced(self):
        report = "case:   c/x\nrerun:  ./program < testdata/game/c/x.in | diff -u testdata/game/c/x.out -\ndiff"
        self.assertEqual(rerun.with_student_rerun(report, ["rerun:  new"]), "case:   c/x\nrerun:  new\ndiff")


class ValidatorTest(unittest.TestCase):
    """The validator of gradescope.bats catches what it exists for."""

    GOOD = {"score": 4, "execution_time": 3, "output": "", "visibility": "visible", "stdout_visibility": "hidden",
            "tests": [{"name": "a", "score": 4, "max_score": 6, "status": "failed", "output": "",
                       "visibility": "after_due_date"}]}

    def broken(self, change):
        document = json.loads(json.dumps(self.GOOD))
        change(document)
        return validate_results.validate(document)

    def test_a_good_document_passes(self):
        self.assertEqual(validate_results.validate(self.GOOD), [])

    def test_each_kind_of_fault_is_caught(self):
        faults = {
            "unknown key": lambda d: d["tests"][0].update(points=1),
            "string score": lambda d: d.update(score="4"),
            "bad visibility": lambda d: d["tests"][0].update(visibility="later"),
            "status against score": lambda d: d["tests"][0].update(status="passed"),
            "score above max": lambda d: d["tests"][0].update(score=7, status="passed"),
            "missing output": lambda d: d["tests"][0].pop("output"),
            "sum differs": lambda d: d.update(score=5),
            "boolean time": lambda d: d.update(execution_time=True),
        }
        for name, change in faults.items():
            with self.subTest(name):
                self.assertNotEqual(self.broken(change), [])


if __name__ == "__main__":
    unittest.main()
