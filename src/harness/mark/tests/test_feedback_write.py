"""test_feedback_write.py -- the roster (src/harness/mark/roster.py, mark's and the
service's) and the feedback e-mails written from a marked class made here
(feedback_fixture): one per student with an address, the marks worked
out by hand in the text, the first failures explained, the page attached
without the staff's parts; everyone without one listed. Run by
make unit.
"""

import csv
import email
import email.policy
import pathlib
import tempfile
import unittest

from harness.mark.tests.feedback_fixture import HOSTILE, MarkedClassTest, run_feedback
from harness.mark.roster import RosterError, read_roster


def read_eml(path):
    with open(path, "rb") as handle:
        return email.message_from_bytes(handle.read(), policy=email.policy.default)


class WriteTest(MarkedClassTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.fb = pathlib.Path(cls.tmp.name) / "fb"
        cls.status, cls.printed, cls.errors = run_feedback(
            "--marks", cls.out, "--roster", cls.out / "roster.csv", "--feedback", cls.fb,
            "--feedback-from", "marker@example.edu", "--failures", "2")

    def test_an_email_per_student_with_an_address_and_the_others_listed(self):
        self.assertEqual(self.status, 0, self.errors)
        self.assertEqual(sorted(p.name for p in self.fb.glob("*.eml")), ["bad.eml", "good.eml"])
        with open(self.fb / "feedback.tsv", encoding="utf-8", newline="") as handle:
            index = {r["name"]: r for r in csv.DictReader(handle, delimiter="\t")}
        self.assertEqual({n: r["status"] for n, r in index.items()},
                         {"good": "written", HOSTILE: "written", "lost": "not-marked", "quiet": "no-email",
                          "stray": "not-on-roster", "nobody": "no-submission"})
        self.assertEqual((index[HOSTILE]["email"], index[HOSTILE]["file"]), ("bad@example.edu", "bad.eml"))
        self.assertIn("feedback: 1 submissions without a row on the roster (no e-mail): stray\n", self.printed)
        self.assertIn("feedback: 1 on the roster without a submission (no e-mail): nobody\n", self.printed)
        self.assertIn("feedback: 1 on the roster without an e-mail address (no e-mail): quiet\n", self.printed)
        self.assertIn("feedback: 1 not marked, the marking failed", self.printed)
        self.assertIn("feedback: 2 e-mails written to %s" % self.fb, self.printed)

    def test_headers_name_the_student_the_assignment_and_the_final_mark(self):
        message = read_eml(self.fb / "bad.eml")
        self.assertEqual(message["To"], "bad@example.edu")
        self.assertEqual(message["From"], "marker@example.edu")
        # bad: first 1 of 2 of 6 marks (3.00), second all-or-nothing 0 of 2
        # (0.00): 3.00; 16 hours late: one day, 2 marks; final 1.00.
        self.assertEqual(message["Subject"], "Feedback on the checkers assignment: final mark 1.00 of 10.00")
        self.assertEqual(read_eml(self.fb / "good.eml")["Subject"],
                         "Feedback on the checkers assignment: final mark 10.00 of 10.00")

    def test_the_text_has_the_marks_per_part_the_lateness_and_the_first_failures(self):
        text = read_eml(self.fb / "bad.eml").get_body(("plain",)).get_content()
        self.assertIn("Hello %s," % HOSTILE, text)
        self.assertRegex(text, r"\n  first \s+3\.00 of 6\.00 \s+1 of 2 cases passed\n")
        self.assertRegex(text, r"\n  second\s+0\.00 of 4\.00 \s+0 of 2 cases passed\n")
        self.assertIn("\nMark: 3.00 of 10.00\n", text)
        self.assertIn("\nDeadline: 2021-10-15T18:00:00+11:00\n"
                      "Submitted: 2021-10-16T10:00:00+11:00 (as recorded at submission)\n"
                      "Days late: 1, penalty 2.00\n", text)
        self.assertIn("\nFinal mark: 1.00 of 10.00\n", text)
        # The failures in the corpus's order, as the page words them, two of three.
        self.assertIn("  1. alpha/a2: crash (SIGSEGV)\n     the case: why alpha/a2 <is> & here\n", text)
        self.assertIn("  2. beta/b1: printed nothing\n     the case: why beta/b1 <is> & here\n", text)
        self.assertNotIn("beta/b2:", text)
        self.assertIn("...and 1 more failing case, each on the page attached.", text)
        good = read_eml(self.fb / "good.eml").get_body(("plain",)).get_content()
        self.assertIn("\nDays late: 0, no penalty\n", good)
        self.assertIn("Every case passed.", good)

    def test_the_page_is_attached_as_html_without_whom_it_was_found_similar_to(self):
        message = read_eml(self.fb / "bad.eml")
        [page] = list(message.iter_attachments())
        self.assertEqual((page.get_content_type(), page.get_filename()), ("text/html", "bad.html"))
        self.assertIn("why beta/b2 &lt;is&gt; &amp; here", page.get_content())
        staff_page = (self.out / "submissions" / "good" / "index.html").read_text(encoding="utf-8")
        self.assertIn("Found similar", staff_page)
        [student_page] = list(read_eml(self.fb / "good.eml").iter_attachments())
        self.assertIn("<h1>good</h1>", student_page.get_content())
        self.assertNotIn("Found similar", student_page.get_content())
        self.assertNotIn("alert", student_page.get_content())

    def test_roster_alone_lists_who_is_missing_and_writes_nothing(self):
        status, printed, _ = run_feedback("--marks", self.out, "--roster", self.out / "roster.csv")
        self.assertEqual(status, 0)
        self.assertEqual(printed, "feedback: 1 submissions without a row on the roster (no e-mail): stray\n"
                                  "feedback: 1 on the roster without a submission (no e-mail): nobody\n")

    def test_a_roster_without_email_is_refused_when_feedback_is_asked(self):
        tokens = self.out / "tokens.csv"
        tokens.write_text("name,token\ngood,t1\n", encoding="utf-8")
        fb = pathlib.Path(self.tmp.name) / "none"
        status, _, errors = run_feedback("--marks", self.out, "--roster", tokens, "--feedback", fb)
        self.assertEqual(status, 2)
        self.assertIn("feedback: --roster: %s:1: the roster needs the column email (it has: name, token)"
                      % tokens, errors)
        self.assertFalse(fb.exists())
        self.assertEqual(run_feedback("--marks", self.out, "--roster", tokens)[0], 0)

    def test_bad_usage_exits_2_with_the_option_named(self):
        for argv, words in ((["--marks", self.out, "--feedback", self.fb], "--feedback needs --roster"),
                            (["--feedback", self.fb, "--send-feedback", "http://x"], "is no SMTP server's address"),
                            (["--feedback", self.fb, "--send-feedback", "smtp://h:x"], "is no SMTP server's address"),
                            (["--send-feedback", "smtp://h:25"], "need --feedback FBDIR"),
                            (["--marks", self.tmp.name, "--roster", self.out / "roster.csv"], "holds no marks.json"),
                            (["--marks", self.out, "--roster", self.out / "roster.csv", "--feedback", self.fb,
                              "--feedback-from", "nobody"], "--feedback-from 'nobody' is no e-mail address")):
            status, _, errors = run_feedback(*argv)
            self.assertEqual(status, 2, argv)
            self.assertIn(words, errors)


class RosterTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = pathlib.Path(self.tmp.name) / "roster.csv"

    def tearDown(self):
        self.tmp.cleanup()

    def roster(self, text, needed=("name", "email")):
        self.path.write_text(text, encoding="utf-8")
        return read_roster(str(self.path), needed)

    def test_columns_by_name_any_case_and_order_a_spreadsheets_mark_dropped(self):
        rows = self.roster("\ufeffE-mail,EMAIL , name,token\nx,a@b.edu ,  ann ,t\n\n,,,\nz,,ben,u\n")
        self.assertEqual([(r["name"], r["email"], r["token"], r["line"]) for r in rows],
                         [("ann", "a@b.edu", "t", 2), ("ben", "", "u", 5)])

    def test_the_services_roster_loads_with_or_without_email(self):
        self.assertEqual([r["email"] for r in self.roster("name,token\nann,t\n", ("name", "token"))], [""])
        self.assertEqual([r["email"] for r in self.roster("name,token,email\nann,t,a@b\n", ("name", "token"))],
                         ["a@b"])

    def test_a_name_twice_or_no_address_is_an_error_with_its_line(self):
        with self.assertRaisesRegex(RosterError, r"roster.csv:3: 'ann' is on the roster twice \(line 2 too\)"):
            self.roster("name,email\nann,a@b.edu\nann,c@d.edu\n")
        with self.assertRaisesRegex(RosterError, r"roster.csv:2: 'Ann <a@b.edu>' is no e-mail address \(for ann\)"):
            self.roster("name,email\nann,Ann <a@b.edu>\n")
        with self.assertRaisesRegex(RosterError, r"roster.csv is empty"):
            self.roster("")
        with self.assertRaisesRegex(RosterError, r"cannot read the roster .*: No such file"):
            read_roster(str(self.path) + ".not")


class BodyTest(unittest.TestCase):
    """What else the row says, in the text: the attempt marked, the
    declaration and HW4's deliverables as found, and a deduction."""

    ROW = {"parts": [{"name": "stage0", "kind": "cases", "passed": 2, "total": 2, "score": 8, "max_score": 8}],
           "mark": 8, "max_mark": 8, "late_penalty": 2, "late_days": 1, "submitted": "2021-10-16T09:00:00+11:00",
           "submitted_from": "csv", "final_mark": 4, "deduction": 2,
           "marks_note": "authorship unsigned: -2.00; 1 day late: -2.00",
           "compiled": "yes", "passed": 2, "total": 2, "percent": 100.0, "memcheck": "clean", "warnings": 0,
           "reason": "", "attempt_rule": "the last of your 2 attempts: it is late",
           "authorship": "unsigned", "authorship_detail": "main.c:1: the declaration is not signed",
           "handed_output": "", "readme": ""}

    def test_the_attempt_the_declaration_and_a_deduction_are_said(self):
        from harness.mark.feedback import body
        text = body.text("A2", {"name": "ann", "row": self.ROW}, "2021-10-15T18:00:00+11:00", ([], 0, 0), "ann.html")
        self.assertIn("\nDays late: 1, penalty 2.00\nDeducted: 2.00 (see the note)\nFinal mark: 4.00 of 8.00\n", text)
        self.assertIn("\nMarked: the last of your 2 attempts: it is late\n"
                      "Authorship declaration: unsigned (main.c:1: the declaration is not signed)\n", text)
        self.assertNotIn("output.txt", text)
        hw4 = dict(self.ROW, deduction=0, authorship="", handed_output="differs", handed_output_detail="line 3",
                   readme="no")
        text = body.text("HW4", {"name": "bo", "row": hw4}, None, ([], 0, 0), "bo.html")
        self.assertIn("\nYour output.txt: differs (line 3)\nA readme.txt: no\n", text)
        self.assertNotIn("Deducted", text)
        self.assertNotIn("Authorship", text)


if __name__ == "__main__":
    unittest.main()
