"""test_deliverables.py -- what else a submission holds: deliverables.py's
facts (a readme.txt, which output.txt and input.txt, the comparison), and
the scheme's deductions for them with the marks worked out by hand here,
the default schemes deducting nothing, and --manual setting a fact by
hand. Run by make unit.
"""

import contextlib
import io
import os
import unittest
from decimal import Decimal

from harness import paths
from harness.mark import deliverables
from harness.mark.report.lateness import Lateness
from harness.mark.report.manual import ManualError, read_manual
from harness.mark.report.marks import mark_row
from harness.mark.report.scheme import SchemeError, load_scheme
from harness.mark.tests.test_marking import Files

ROOT = paths.ROOT
PARTS = "part\tmarks\tcredit\tvisibility\tcases\tdescription\na\t4\tproportional\tvisible\t*\tA\n"
DEDUCTIONS = "deduction\tmarks\twhen\tdescription\n"


class Folder(Files):
    def write(self, name, text):
        (self.dir / name).parent.mkdir(parents=True, exist_ok=True)
        return self.file(name, text)

    def facts(self):
        path = self.dir / "facts.tsv"
        lines = path.read_text(encoding="utf-8").split("\n") if path.exists() else []
        return dict(line.split("\t", 1) for line in lines if line)


class FindTest(Folder):
    def find(self, program="draughts"):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            deliverables.find(program, str(self.dir / "facts.tsv"), str(self.dir / "sources"))
        return printed.getvalue().split("\n")[:-1]

    def test_readme_in_any_letter_case_and_folder(self):
        self.write("sources/hw4/ReadMe.TXT", "how to run\n")
        self.assertEqual(self.find(), [])
        self.assertEqual(self.facts(), {"readme": "yes", "readme_detail": "hw4/ReadMe.TXT", "handed_output": "missing",
                                        "handed_output_detail": "no output.txt handed in"})

    def test_readme_md_is_not_the_handouts_readme_txt(self):
        self.write("sources/README.md", "notes\n")
        self.find()
        self.assertEqual(self.facts()["readme"], "no")
        self.assertIn("found README.md", self.facts()["readme_detail"])

    def test_the_input_beside_the_output_else_the_handouts(self):
        self.write("sources/input.txt", "case 1\n")
        self.write("sources/run/input.txt", "case 2\n")
        self.write("sources/run/OUTPUT.txt", "")
        sources = str(self.dir / "sources")
        self.assertEqual(self.find(), [os.path.join(sources, "run/OUTPUT.txt"), os.path.join(sources, "run/input.txt")])
        os.remove(self.dir / "sources/run/input.txt")
        self.assertEqual(self.find()[1], os.path.join(sources, "input.txt"))
        os.remove(self.dir / "sources/input.txt")
        handout = self.find()[1]
        self.assertEqual(handout, str(ROOT / "testdata/draughts/examples/handout-case5.in"))
        self.assertTrue(os.path.isfile(handout))
        self.assertEqual(self.facts()["handed_input"], "handout")

    def test_checkers_asks_for_the_declaration_only(self):
        self.write("sources/main.c", "int main(void) { return 0; }\n")
        self.write("sources/output.txt", "x\n")
        self.assertEqual(self.find("checkers"), [])
        self.assertEqual(set(self.facts()), {"authorship", "authorship_detail"})
        self.assertEqual(self.facts()["authorship"], "missing")


class CompareTest(Folder):
    def compare(self, handed, produced, status="0"):
        diff = self.dir / "output.diff"
        deliverables.compare(str(self.dir / "facts.tsv"), self.write("handed", handed), self.write("mine", produced),
                             status, str(diff))
        return self.facts(), diff

    def test_byte_for_byte(self):
        facts, diff = self.compare("case 1\nfirst move: (5,4)=>(4,3).\n", "case 1\nfirst move: (5,4)=>(4,3).\n")
        self.assertEqual((facts["handed_output"], facts["handed_output_detail"]), ("matches", "byte for byte"))
        self.assertFalse(diff.exists())

    def test_line_ends_and_trailing_white_space_are_not_differences(self):
        facts, _ = self.compare("case 1 \r\nA1: (5,4)=>(4,3).\r\n\r\n", "case 1\nA1: (5,4)=>(4,3).\n")
        self.assertEqual(facts["handed_output"], "matches")
        self.assertIn("line ends", facts["handed_output_detail"])

    def test_a_different_line_is_named_and_diffed(self):
        facts, diff = self.compare("case 1\nfirst move: (5,4)=>(4,5).\n", "case 1\nfirst move: (5,4)=>(4,3).\n", "124")
        self.assertEqual(facts["handed_output"], "differs")
        self.assertIn("stopped at the time limit; from line 2:", facts["handed_output_detail"])
        self.assertIn("+first move: (5,4)=>(4,3).", diff.read_text(encoding="utf-8"))
        # Leading white space is a difference.
        self.assertEqual(self.compare(" case 1\n", "case 1\n")[0]["handed_output"], "differs")


class DeductionTest(Folder):
    def marked(self, scheme, facts, manual=None):
        row = dict({"name": "ann", "_verdicts": {"c/1": ("pass", ""), "c/2": ("fail", "x")}}, **facts)
        mark_row(row, scheme, {"c/1": "a", "c/2": "a"}, Lateness("", "2"), manual or {})
        return row

    def test_a_scheme_deducts_for_an_unsigned_or_missing_declaration(self):
        scheme = load_scheme(self.write("s.tsv", PARTS + DEDUCTIONS + "authorship\t1.5\tunsigned missing\tdecl\n"
                                        "readme\t0.25\tno\tthe readme\n"))
        # 4 marks * 1/2 = 2.00, less 1.5 for the declaration, less 0.25 for the readme.
        row = self.marked(scheme, {"authorship": "unsigned", "readme": "no"})
        self.assertEqual((row["mark"], row["deduction"], row["final_mark"]), (Decimal("2.00"), Decimal("1.75"),
                                                                            Decimal("0.25")))
        self.assertEqual(row["marks_note"], "authorship unsigned: -1.5; readme no: -0.25")
        for facts in ({"authorship": "signed"}, {}):
            row = self.marked(scheme, facts)
            self.assertEqual((row["deduction"], row["final_mark"]), (Decimal("0.00"), Decimal("2.00")))
        # Never below 0.
        lost = dict(scheme, deductions=[dict(scheme["deductions"][0], marks=Decimal(5))])
        self.assertEqual(self.marked(lost, {"authorship": "missing"})["final_mark"], Decimal("0.00"))

    def test_the_default_schemes_deduct_nothing(self):
        for program in ("checkers", "draughts"):
            scheme = load_scheme(str(ROOT / "src/mark/schemes" / (program + ".tsv")))
            self.assertEqual(scheme["deductions"], [])
        row = self.marked(dict(scheme, parts=load_scheme(self.write("p.tsv", PARTS))["parts"]),
                          {"authorship": "missing", "readme": "no", "handed_output": "differs"})
        self.assertEqual((row["deduction"], row["final_mark"], row["marks_note"]),
                         (Decimal("0.00"), Decimal("2.00"), ""))

    def test_bad_deductions_are_named_by_line(self):
        for line, words in (("authorship\t2\tunsined\tx", r"s.tsv:4: when 'unsined': authorship is one of signed"),
                            ("style\t2\tno\tx", "s.tsv:4: no deduction for 'style'"),
                            ("readme\t0\tno\tx", "s.tsv:4: marks must be above 0"),
                            ("readme\t1\tno", "s.tsv:4: 3 columns")):
            with self.subTest(line=line), self.assertRaisesRegex(SchemeError, words):
                load_scheme(self.write("s.tsv", PARTS + DEDUCTIONS + line + "\n"))

    def test_manual_sets_a_fact_over_the_detection(self):
        scheme = load_scheme(str(ROOT / "src/mark/schemes/checkers.tsv"))
        manual = read_manual(self.write("m.csv", "name,authorship\nann,signed\nbob,\n"), scheme)
        self.assertEqual(manual, {"ann": {"authorship": "signed"}, "bob": {}})
        deducting = load_scheme(self.write("s.tsv", PARTS + DEDUCTIONS + "authorship\t2\tunsigned missing\td\n"))
        row = self.marked(deducting, {"authorship": "unsigned", "authorship_detail": "main.c:1"}, manual)
        self.assertEqual((row["authorship"], row["deduction"]), ("signed", Decimal("0.00")))
        self.assertIn("set by hand", row["authorship_detail"])
        with self.assertRaisesRegex(ManualError, r"m.csv:2: 'yes' for authorship is not one of signed"):
            read_manual(self.write("m.csv", "name,authorship\nann,yes\n"), scheme)
        with self.assertRaisesRegex(ManualError, "column 'styel' is no manual part"):
            read_manual(self.write("m.csv", "name,styel\nann,1\n"), scheme)


if __name__ == "__main__":
    unittest.main()
