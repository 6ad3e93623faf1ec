"""test_markreport.py -- the report package on a class made here: two
categories, three submissions (one passing all, one with failures of two
symptoms and a hostile name, one not marked; a case of it not
deterministic in one test). Run by make unit.
"""

import contextlib
import csv
import io
import json
import pathlib
import re
import tempfile
import unittest

from harness.mark.report import pages
from harness.mark.report.__main__ import main

HOSTILE = 'x<script>alert("&")</script>'


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def result_tsv(passed, reason, per_category):
    lines = ["key\tvalue", "state\tmarked", "compiled\tyes", "warnings\t0", "errors\t0",
             "passed\t%d" % passed, "total\t4", "crashes\t1", "hangs\t0", "memcheck\tnot run",
             "memcheck_cases\t0", "memcheck_findings\t0", "seconds\t1.5", "host\there",
             "reason\t" + reason]
    lines += ["category\t%s\t%d\t%d" % c for c in per_category]
    return "\n".join(lines) + "\n"


SCHEME = ("# a scheme of two parts\npart\tmarks\tcredit\tvisibility\tcases\tdescription\n"
          "first\t6\tproportional\tvisible\talpha/*\tthe alpha cases\n"
          "second\t4\tall-or-nothing\thidden\tbeta/*\tthe beta cases\n")


def make_class(out):
    write(out / "scheme.tsv", SCHEME)
    write(out / "similarity" / "similarity.csv",
          "name_a,name_b,language,percent,token,token_a_in_b,token_b_in_a,structural,structural_a_in_b,"
          "structural_b_in_a,above,page\n"
          "good,\"%s\",c,91.5,40.2,40.2,30.0,91.5,91.5,88.0,yes,pairs/1.html\n"
          "good,lost,c,12.0,12.0,12.0,3.0,,,,no,\n" % HOSTILE.replace('"', '""'))
    write(out / "categories.tsv", "category\ttotal\nalpha\t2\nbeta\t2\n")
    write(out / "cases.txt", "alpha/a1\nalpha/a2\nbeta/b1\nbeta/b2\n")
    write(out / "run.tsv", "folder\tname\ngood\tgood\nbad\t%s\nlost\tlost\n" % HOSTILE)
    good = out / "submissions" / "good"
    write(good / "result.tsv", result_tsv(4, "", [("alpha", 2, 2), ("beta", 2, 2)]))
    write(good / "done", "key\n")
    write(good / "check" / "results.tsv", "case\tcategory\tverdict\tsymptom\tcode\n" + "".join(
        "%s\t%s\tpass\t\t\n" % (c, c.split("/")[0]) for c in ("alpha/a1", "alpha/a2", "beta/b1", "beta/b2")))
    bad = out / "submissions" / "bad"
    write(bad / "result.tsv", result_tsv(1, "3 failed <b>", [("alpha", 1, 2), ("beta", 0, 2)]))
    write(bad / "done", "key\n")
    write(bad / "check" / "results.tsv", "case\tcategory\tverdict\tsymptom\tcode\n"
          "alpha/a1\talpha\tpass\t\t\nalpha/a2\talpha\tfail\tcrash (SIGSEGV)\tcrash\n"
          "beta/b1\tbeta\tfail\tprinted nothing\tnothing\nbeta/b2\tbeta\tfail\tprinted nothing\tnothing\n")
    for case in ("alpha/a2", "beta/b1", "beta/b2"):
        write(bad / "check" / "1" / "failures" / (case + ".txt"),
              "case:   %s\nreason: why %s <is> & here\nrerun:  x\n" % (case, case))
    # check-engine's likely causes, in both runs, their columns in another order.
    write(bad / "check" / "1" / "causes.tsv", "description\treproduced\tfailures\tcode\n"
          "a king <moves> \"back\"\t1\t1\tno-crowning\n")
    # (run 2 as a diagnosis writes it now: what the cause adds, and beyond the handout)
    write(bad / "check" / "2" / "causes.tsv", "code\tdescription\treproduced\tfailures\tadds\texample\tbeyond_handout\n"
          "no-crowning\ta king <moves> \"back\"\t2\t2\t1\tbeta/b1\tyes\n")
    write(bad / "check" / "2" / "causes-cases.tsv", "case\tcode\nbeta/b1\tno-crowning\nbeta/b2\tno-crowning\n")
    write(good / "check" / "2" / "causes.tsv", "code\tdescription\treproduced\tfailures\n")


class ReportTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.out = pathlib.Path(self.tmp.name)
        make_class(self.out)
        (self.out / "submissions" / "bad" / "built").mkdir()
        self.render()

    def render(self, *extra):
        """The report made again, with EXTRA options."""
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            main(["--output", str(self.out), "--program", "checkers", "--profile", "assignment",
                  "--compile", "gcc <x>", "--scheme", str(self.out / "scheme.tsv")] + list(extra))
        self.printed = printed.getvalue()

    def tearDown(self):
        self.tmp.cleanup()

    def page(self, *parts):
        return (self.out.joinpath(*parts) / "index.html").read_text(encoding="utf-8")

    def test_class_page_escapes_and_lists_every_submission(self):
        text = self.page()
        self.assertNotIn("<script>alert", text)
        self.assertIn("x&lt;script&gt;alert(&#34;&amp;&#34;)&lt;/script&gt;", text)
        self.assertIn("<code>gcc &lt;x&gt;</code>", text)
        self.assertEqual(len(re.findall(r'<td class="name"><a href="submissions/', text)), 3)
        # A rate cell: red for none, green for all; a bar per category.
        self.assertIn('style="background: hsl(0, 75%, 78%)" title="0 of 2 passed">0/2</td>', text)
        self.assertIn('style="background: hsl(120, 75%, 78%)" title="2 of 2 passed">2/2</td>', text)
        # all but one passed is amber, not green: short of all, never a pass's colour
        cell = pages.TEMPLATES.from_string('{% from "macros.html" import rate_cell %}{{ rate_cell(19, 20) }}').render()
        self.assertIn('style="background: hsl(43, 75%, 78%)" title="19 of 20 passed">19/20</td>', cell)
        self.assertEqual(len(re.findall(r"<title>(alpha|beta): ", text)), 2)
        # The class's rate is over the two that produced a program: alpha 3 of 4.
        self.assertIn("<title>alpha: 75.0%</title>", text)

    def test_submission_page_groups_failures_largest_first(self):
        text = self.page("submissions", "bad")
        groups = re.findall(r'<h3 id="group-\d+">(\d+) cases?: ([^<]*)</h3>', text)
        self.assertEqual(groups, [("2", "printed nothing"), ("1", "crash (SIGSEGV)")])
        self.assertIn("why beta/b1 &lt;is&gt; &amp; here", text)
        self.assertNotIn("<is>", text)
        self.assertIn('<a href="check/1/failures/beta/b1.txt">The report of <code>beta/b1</code></a>', text)

    def test_likely_causes_on_the_page_and_counted_for_the_class(self):
        text = self.page("submissions", "bad")
        self.assertIn('<h2 id="causes">Likely causes</h2>', text)
        self.assertIn("a king &lt;moves&gt; &#34;back&#34; (<code>no-crowning</code>): "
                      "reproduces 3 of 3 failing cases examined", text)
        self.assertIn("(e.g. beta/b1, beta/b2)", text)
        # (run 1 has no adds: it adds what it reproduces, 1; run 2 adds 1 of its 2)
        self.assertIn("examined, 2 of them not explained by a cause above; <strong>beyond the handout</strong>", text)
        # (the page leads with the causes: before the marks and the categories)
        self.assertLess(text.index('id="causes"'), text.index("<h2>Per category</h2>"))
        self.assertNotIn('id="causes"', self.page("submissions", "good"))
        counts = re.findall(r"<tr><td class=\"wrap\">([^<]*)</td><td class=\"text\"><code>([^<]*)</code></td>"
                            r"<td>(\d+)</td><td>(\d+)%</td></tr>", self.page())
        # (one submission of the class's three: a third of the class)
        self.assertEqual(counts, [("a king &lt;moves&gt; &#34;back&#34;", "no-crowning", "1", "33")])

    def test_the_c_evidence_code_is_counted_as_a_cause(self):
        # (issue 41: memory-error and uninitialised-read are causes the class page counts, once a submission)
        header = "case\tkind\tfile\tline\tsource\tbuild\toptimisation\torigin\tmessage\tlog\tcaller\tcode\n"
        for run in ("1", "2"):
            write(self.out / "submissions" / "bad" / "check" / run / "evidence.tsv", header +
                  "alpha/a2\tdouble free\tboard.c\t12\tfree(cells);\t-O0 asan\tsame\t\t\t\t\tmemory-error\n")
        write(self.out / "submissions" / "good" / "check" / "1" / "evidence.tsv", header +
              "alpha/a2\tmemory leak (definitely lost)\tmain.c\t3\tx\tvalgrind\tsame\t\t\t\t\t\n")
        self.render()
        counts = re.findall(r"<tr><td class=\"wrap\">([^<]*)</td><td class=\"text\"><code>([^<]*)</code></td>"
                            r"<td>(\d+)</td><td>(\d+)%</td></tr>", self.page())
        self.assertIn(("a memory error", "memory-error", "1", "33"), counts)
        self.assertNotIn("", [code for _, code, _, _ in counts])
        self.assertIn("a memory error (memory-error): double free at board.c:12", self.page("submissions", "bad"))

    def test_not_marked_submission_is_said_so(self):
        text = self.page("submissions", "lost")
        self.assertIn("<h2>Not run</h2>", text)
        self.assertIn("4 cases were not run", text)

    def test_marks_csv_and_json(self):
        with open(self.out / "marks.csv", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        self.assertEqual([r["name"] for r in rows], ["good", HOSTILE, "lost"])
        self.assertEqual((rows[1]["alpha_passed"], rows[1]["beta_total"], rows[1]["percent"]), ("1", "2", "25.0"))
        document = json.loads((self.out / "marks.json").read_text(encoding="utf-8"))
        self.assertEqual(document["class_pass_rate"]["beta"], {"passed": 2, "total": 4, "percent": 50.0})
        self.assertEqual(document["submissions"][2]["state"], "error")
        self.assertTrue(self.printed.rstrip().split("\n")[-1].startswith("mark: 3 submissions: 1 error, 2 marked;"))

    def test_marks_per_part_and_the_histogram(self):
        with open(self.out / "marks.csv", encoding="utf-8") as f:
            rows = {r["name"]: r for r in csv.DictReader(f)}
        # alpha 1 of 2 of 6 proportional, beta 0 of 2 all-or-nothing.
        self.assertEqual([rows[HOSTILE][k] for k in ("first_score", "second_score", "mark", "final_mark")],
                         ["3.00", "0.00", "3.00", "3.00"])
        self.assertEqual([rows["good"][k] for k in ("first_score", "second_score", "mark", "max_mark")],
                         ["6.00", "4.00", "10.00", "10.00"])
        self.assertEqual(rows["lost"]["final_mark"], "0.00")
        document = json.loads((self.out / "marks.json").read_text(encoding="utf-8"))
        self.assertEqual([p["visibility"] for p in document["scheme"]["parts"]], ["visible", "hidden"])
        self.assertEqual(document["submissions"][1]["parts"][0]["score"], 3.0)
        self.assertEqual((self.out / "case-parts.tsv").read_text(encoding="utf-8").split("\n")[1], "alpha/a1\tfirst")
        # Three final marks, 10, 3 and 0: the top, fourth and first bars.
        counts = re.findall(r'<rect class="bin"[^>]* data-count="(\d+)"', self.page())
        self.assertEqual(counts, ["1", "0", "0", "1", "0", "0", "0", "0", "0", "1"])

    def test_similar_pairs_above_the_threshold_only(self):
        section = self.page().split('<h2 id="similarity">')[1].split("<h2>")[0]
        self.assertEqual(re.findall(r'<a href="([^"]*)">matching code</a>', section), ["similarity/pairs/1.html"])
        # (similarity.csv as scripts/similarity writes it: the larger figure, then by tokens and by structure)
        self.assertIn("<td>91.5</td><td>40.2</td><td>91.5</td>", section)
        self.assertNotIn("lost", section)

    def test_class_table_is_led_by_name_final_mark_mark_late_and_similarity(self):
        headings = re.findall(r'<th scope="col">([^<]*)</th>', self.page().split('<table id="marks"')[1])
        self.assertEqual(headings[:5], ["name", "final", "mark", "late", "similar"])

    def test_similar_students_are_flagged_and_their_pages_link_each_other(self):
        text = self.page()
        self.assertIn('<a href="submissions/good/index.html#similar">&#9873; 91.5%</a>', text)
        self.assertIn('<a href="submissions/bad/index.html#similar">&#9873; 91.5%</a>', text)
        self.assertEqual(text.count("&#9873;"), 2)  # lost: below the threshold
        good = self.page("submissions", "good")
        self.assertIn('<h2 id="similar">Found similar</h2>', good)
        self.assertIn('<a href="../bad/index.html">x&lt;script&gt;', good)
        self.assertIn('<a href="../../similarity/pairs/1.html">', good)
        self.assertIn('<a href="../good/index.html">good</a>: 91.5%', self.page("submissions", "bad"))
        self.assertNotIn('id="similar"', self.page("submissions", "lost"))

    def test_a_student_with_cases_not_deterministic_is_flagged(self):
        self.assertNotIn("not deterministic", self.page())
        results = self.out / "submissions" / "bad" / "check" / "results.tsv"
        write(results, results.read_text(encoding="utf-8").replace(
            "alpha/a2\talpha\tfail\tcrash (SIGSEGV)\tcrash",
            "alpha/a2\talpha\tunstable\tnot deterministic: it failed once and passed once\tunstable"))
        self.render()
        text = self.page()
        self.assertEqual(text.count("&#9888; not deterministic"), 1)
        self.assertIn('<a class="unstable" href="submissions/bad/index.html#unstable" '
                      'title="1 case not deterministic: two runs of the same case differed">', text)
        bad = self.page("submissions", "bad")
        self.assertIn('<h2 id="unstable">Not deterministic</h2>', bad)
        self.assertIn("<p><code>alpha/a2</code></p>", bad)
        self.assertIn("1 case: not deterministic: it failed once and passed once</h3>", bad)
        self.assertNotIn('id="unstable"', self.page("submissions", "good"))

    def test_the_skeleton_is_said_left_out_only_when_given(self):
        self.assertNotIn("skeleton", self.page())
        self.render("--base", "/course/skeleton.c")
        self.assertIn("(the course's skeleton left out: <code>/course/skeleton.c</code>)", self.page())

    def test_the_memory_check_is_described_as_it_ran(self):
        self.render("--memcheck", "1")
        self.assertIn("memory check: none ran (1 case per category under Valgrind asked; not run).", self.page())
        self.render("--memcheck", "0")
        self.assertIn("memory check: off.", self.page())

    def test_the_rerun_sentence_names_what_was_kept(self):
        # bad was built as a folder (Java, Python): no `program` to speak of.
        text = self.page("submissions", "bad")
        self.assertIn("where <code>built/</code> is the program&#39;s folder, as it was built and checked.", text)
        self.assertNotIn("is the executable", text)
        (self.out / "submissions" / "bad" / "built").rmdir()
        write(self.out / "submissions" / "bad" / "program", "")
        self.render()
        self.assertIn("where <code>program</code> is the executable that was checked.", self.page("submissions", "bad"))

    def test_junit_per_submission(self):
        text = (self.out / "submissions" / "bad" / "junit.xml").read_text(encoding="utf-8")
        self.assertEqual(text.count("<testcase "), 5)
        self.assertEqual(text.count("<failure "), 3)


class TemplatesTest(unittest.TestCase):
    def test_no_html_in_the_python_modules(self):
        package = pathlib.Path(pages.__file__).parent
        for module in package.glob("*.py"):
            source = module.read_text(encoding="utf-8")
            self.assertIsNone(re.search(r"<(td|tr|table|h[1-3]|p|div|svg|html)\b", source), module.name)


if __name__ == "__main__":
    unittest.main()
