"""test_marking.py -- the scheme, the lateness rules and the manual marks
on their own, with figures worked out by hand here. Run by make unit.
"""

import pathlib
import tempfile
import unittest
from datetime import timedelta
from decimal import Decimal

from harness.mark.report.lateness import Lateness, LatenessError, days_late, parse_time
from harness.mark.report.manual import ManualError, read_manual
from harness.mark.report.marks import histogram, mark_row
from harness.mark.report.scheme import SchemeError, case_parts, load_scheme, score_parts

HEADER = "part\tmarks\tcredit\tvisibility\tcases\tdescription\n"


class Files(unittest.TestCase):
    def setUp(self):
        self.dir = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))

    def file(self, name, text):
        path = self.dir / name
        path.write_text(text, encoding="utf-8")
        return str(path)


class SchemeTest(Files):
    def scheme(self, rows):
        return load_scheme(self.file("s.tsv", "# comment\n" + HEADER + "".join(r + "\n" for r in rows)))

    def test_first_matching_part_takes_a_case(self):
        scheme = self.scheme(["a\t8\tproportional\tvisible\terror*/* x/special\tA",
                              "b\t4\tproportional\tvisible\tx/*\tB"])
        owner = case_parts(scheme, ["error1/p", "x/special", "x/other"])
        self.assertEqual(owner, {"error1/p": "a", "x/special": "a", "x/other": "b"})

    def test_a_case_in_no_part_is_refused(self):
        scheme = self.scheme(["a\t8\tproportional\tvisible\tx/*\tA"])
        with self.assertRaisesRegex(SchemeError, "case y/1 belongs to no part"):
            case_parts(scheme, ["x/1", "y/1"])

    def test_bad_rows_are_named_by_line(self):
        for row, words in (("a\t8\tsome\tvisible\tx/*\tA", "s.tsv:3: credit 'some'"),
                           ("a\tten\tproportional\tvisible\tx/*\tA", "s.tsv:3: marks 'ten'"),
                           ("a\t8\tproportional\tsecret\tx/*\tA", "s.tsv:3: visibility 'secret'"),
                           ("a\t8\tproportional\tvisible\tx/*", "s.tsv:3: 5 columns")):
            with self.assertRaisesRegex(SchemeError, words):
                self.scheme([row])

    def test_scores_round_half_up_and_all_or_nothing(self):
        scheme = self.scheme(["a\t8\tproportional\tvisible\ta/*\tA",
                              "b\t4\tall-or-nothing\tvisible\tb/*\tB",
                              "style\t2\tproportional\tvisible\tmanual\tS",
                              "unused\t5\tproportional\tvisible\tz/*\tZ"])
        owner = case_parts(scheme, ["a/1", "a/2", "a/3", "b/1", "b/2"])
        verdicts = {"a/1": "pass", "a/2": "pass", "a/3": "fail", "b/1": "pass", "b/2": "fail"}
        parts = {p["name"]: p for p in score_parts(scheme, owner, verdicts, {"style": Decimal("1.5")})}
        # 8 * 2 / 3 = 5.333...; b lost one of two; the unused part is left out.
        self.assertEqual(parts["a"]["score"], Decimal("5.33"))
        self.assertEqual(parts["b"]["score"], Decimal("0.00"))
        self.assertEqual(parts["style"]["score"], Decimal("1.50"))
        self.assertNotIn("unused", parts)
        verdicts["b/2"] = "pass"
        parts = {p["name"]: p for p in score_parts(scheme, owner, verdicts, {})}
        self.assertEqual(parts["b"]["score"], Decimal("4.00"))
        self.assertFalse(parts["style"]["given"])
        # 1 of 8 of 1 mark: 0.125 rounds half up to 0.13.
        scheme = self.scheme(["a\t1\tproportional\tvisible\t*\tA"])
        cases = ["c/%d" % i for i in range(8)]
        parts = score_parts(scheme, case_parts(scheme, cases), {"c/0": "pass"}, {})
        self.assertEqual(parts[0]["score"], Decimal("0.13"))


class LatenessTest(Files):
    def test_days_or_part_days(self):
        deadline = parse_time("2021-10-15T18:00:00+11:00")
        for late, days in ((timedelta(0), 0), (timedelta(seconds=-1), 0), (timedelta(seconds=1), 1),
                           (timedelta(days=1), 1), (timedelta(days=1, seconds=1), 2)):
            self.assertEqual(days_late(deadline + late, deadline), days, late)

    def test_the_files_time_when_the_csv_is_silent(self):
        lateness = Lateness("2021-10-15T18:00+00:00", "2.5")
        # 2021-10-17T18:00:01Z: two days and a second late: three days.
        seen = lateness.assess("1634493601.0")
        self.assertEqual((seen["submitted_from"], seen["late_days"], seen["late_penalty"]),
                         ("files", 3, Decimal("7.50")))

    def test_the_files_time_is_noted_only_against_a_deadline(self):
        scheme = load_scheme(self.file("s.tsv", HEADER + "a\t4\tproportional\tvisible\t*\tA\n"))
        row = {"name": "ann", "_verdicts": {"c/1": ("pass", ""), "c/2": ("fail", "x")},
               "_files_time": "1634493601.0"}
        mark_row(row, scheme, {"c/1": "a", "c/2": "a"}, Lateness("", "2"), {})
        self.assertEqual((row["final_mark"], row["marks_note"]), (Decimal("2.00"), ""))
        mark_row(row, scheme, {"c/1": "a", "c/2": "a"}, Lateness("2021-10-15T18:00+00:00", "2"), {})
        self.assertEqual(row["final_mark"], Decimal("0.00"))
        self.assertIn("the files' newest time", row["marks_note"])

    def test_the_penalty_rounds_half_up_as_the_parts_do(self):
        # 0.125 a day, one day: 0.13 (half up), not 0.12 (half to even).
        seen = Lateness("2021-10-15T18:00+00:00", "0.125").assess("1634320801.0")
        self.assertEqual((seen["late_days"], seen["late_penalty"]), (1, Decimal("0.13")))

    def test_bad_times_are_refused(self):
        with self.assertRaisesRegex(LatenessError, "not a date"):
            Lateness("next friday", "2")


class ManualTest(Files):
    def setUp(self):
        super().setUp()
        self.scheme_ = load_scheme(self.file("s.tsv", HEADER + "auto\t8\tproportional\tvisible\t*\tA\n"
                                             "style\t2\tproportional\tvisible\tmanual\tS\n"))

    def test_marks_by_name_and_empty_cells(self):
        marks = read_manual(self.file("m.csv", "name,style\nann,1.5\nbob,\n"), self.scheme_)
        self.assertEqual(marks, {"ann": {"style": Decimal("1.5")}, "bob": {}})

    def test_columns_and_values_must_fit_the_scheme(self):
        with self.assertRaisesRegex(ManualError, "'auto' is no manual part"):
            read_manual(self.file("m.csv", "name,auto\nann,1\n"), self.scheme_)
        with self.assertRaisesRegex(ManualError, "m.csv:2: 3 for style is outside 0..2"):
            read_manual(self.file("m.csv", "name,style\nann,3\n"), self.scheme_)


class HistogramTest(unittest.TestCase):
    def test_ten_ranges_the_top_one_closed(self):
        rows = [{"max_mark": Decimal(20), "final_mark": Decimal(m)} for m in ("0", "1.99", "2", "19.99", "20")]
        counts = [b["count"] for b in histogram(rows)]
        self.assertEqual(counts, [2, 1, 0, 0, 0, 0, 0, 0, 0, 2])


if __name__ == "__main__":
    unittest.main()
