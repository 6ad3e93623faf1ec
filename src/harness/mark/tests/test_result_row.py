"""test_result_row.py -- mark-one's tables (src/harness/mark/result_row.py):
check-engine's TSV files are read by their headers' names, so a file
whose columns come in another order gives the same row; the reason
names the largest groups of failures, then how an older standard built
the program. Run by make unit.
"""

import contextlib
import io
import os
import pathlib
import tempfile
import time
import unittest

from harness.mark import result_row


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


class ResultRowTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = pathlib.Path(self.tmp.name)
        self.cwd = os.getcwd()
        os.chdir(self.dir)
        write(self.dir / "facts.tsv", "key\tvalue\nname\tann\nstate\tmarked\nmemcheck\toff\n"
              "compiled\tyes\nwarnings\t2\nmemcheck\trun\n")

    def tearDown(self):
        os.chdir(self.cwd)
        self.tmp.cleanup()

    def row(self):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            result_row.main(["row", "--totals", "a=3,b=2", "--facts", "facts.tsv", "--started", str(time.time()),
                             "--host", "here"])
        fields = {}
        for line in (self.dir / "result.tsv").read_text(encoding="utf-8").split("\n"):
            key, _, value = line.partition("\t")
            fields.setdefault(key, []).append(value)
        return printed.getvalue(), fields

    def test_a_memory_check_cut_short_is_neither_clean_nor_a_finding(self):
        """A case whose Valgrind report was cut short twice (check.memcheck:
        `incomplete`) makes the row's memcheck `incomplete`, said in the
        reason as the checker's, never `clean` and never the program's finding."""
        write(self.dir / "check" / "1" / "results.tsv", "case\tcategory\tverdict\tsymptom\tcode\na/1\ta\tpass\t\t\n")
        write(self.dir / "check" / "2" / "memcheck.tsv", "verdict\tcase\tlog\tsummary\n"
              "clean\ta/1\tl\t\nincomplete\tb/1\tl\tcut short\n")
        result_row.main(["merge", "check"])
        _, fields = self.row()
        self.assertEqual([fields[k][0] for k in ("memcheck", "memcheck_cases", "memcheck_findings")],
                         ["incomplete", "2", "0"])
        self.assertIn("memcheck: not completed (Valgrind's report cut short twice", fields["reason"][0])

    def test_columns_in_any_order_are_read_by_name(self):
        # Run 1: the usual order; run 2: the columns shuffled, one added.
        write(self.dir / "check" / "1" / "results.tsv", "case\tcategory\tverdict\tsymptom\tcode\n"
              "a/1\ta\tpass\t\t\na/2\ta\tfail\tcrash (SIGSEGV)\tcrash\n")
        write(self.dir / "check" / "2" / "results.tsv", "code\textra\tverdict\tcase\tsymptom\tcategory\n"
              "hang\tx\tfail\ta/3\thang (killed after 2s)\ta\n\tx\tpass\tb/1\t\tb\n"
              "whitespace\tx\tpass\tb/2\tstdout differs only in white space\tb\n")
        write(self.dir / "check" / "2" / "memcheck.tsv", "verdict\tcase\tlog\tsummary\n"
              "findings\ta/1\tl\t1 leak\nclean\tb/1\tl\t\n")
        result_row.main(["merge", "check"])
        merged = (self.dir / "check" / "results.tsv").read_text(encoding="utf-8").split("\n")
        self.assertEqual(merged[0], "case\tcategory\tverdict\tsymptom\tcode")
        self.assertEqual(merged[3], "a/3\ta\tfail\thang (killed after 2s)\thang")
        printed, fields = self.row()
        self.assertEqual(printed.split("\t")[:3], ["ann", "marked", "3/5"])
        self.assertEqual([fields[k][0] for k in ("passed", "total", "crashes", "hangs")], ["3", "5", "1", "1"])
        self.assertEqual([fields[k][0] for k in ("memcheck", "memcheck_cases", "memcheck_findings")],
                         ["findings", "2", "1"])
        self.assertEqual(fields["category"], ["a\t1\t3", "b\t2\t2"])
        self.assertEqual(fields["reason"][0], "2 failed: 1 crash (SIGSEGV); 1 hang (killed after 2s); "
                         "1 passed only with white space ignored (--compare whitespace); "
                         "memcheck: 1 of 2 cases with findings; 2 compiler warnings")
        with contextlib.redirect_stdout(io.StringIO()) as printed:
            result_row.main(["hangs", "check/2/results.tsv"])
        self.assertEqual(printed.getvalue(), "1\n")

    def test_a_row_with_nothing_run_keeps_its_facts(self):
        write(self.dir / "facts.tsv", "key\tvalue\nname\tbob\nstate\tnot-compiled\ncompiled\tno\n"
              "reason\tdoes not compile: 1 error\nmemcheck\tnot run\n")
        _, fields = self.row()
        self.assertEqual([fields[k][0] for k in ("state", "passed", "total", "memcheck", "reason")],
                         ["not-compiled", "0", "5", "not run", "does not compile: 1 error"])

    def test_an_older_standards_build_is_said_after_the_failures(self):
        note = "built with -std=gnu++98: the handout's command failed with: a.cpp:3:1: error: no"
        write(self.dir / "facts.tsv", "key\tvalue\nname\tcy\nstate\tmarked\ncompiled\tyes\n"
              "build_note\t%s\nmemcheck\toff\n" % note)
        write(self.dir / "check" / "results.tsv", "case\tcategory\tverdict\tsymptom\tcode\n"
              "a/1\ta\tpass\t\t\na/2\ta\tfail\twrong output\t\n")
        _, fields = self.row()
        self.assertEqual(fields["reason"][0], "4 failed: 1 wrong output; some cases not run; " + note)

    def test_cases_not_deterministic_are_counted_apart_from_the_failures(self):
        write(self.dir / "facts.tsv", "key\tvalue\nname\tdi\nstate\tmarked\ncompiled\tyes\nmemcheck\toff\n")
        write(self.dir / "check" / "results.tsv", "case\tcategory\tverdict\tsymptom\tcode\n"
              "a/1\ta\tpass\t\t\na/2\ta\tfail\twrong output\t\na/3\ta\tunstable\t"
              "not deterministic: the output differs between two runs\tunstable\n"
              "b/1\tb\tunstable\tnot deterministic: it failed once and passed once\tunstable\n"
              "b/2\tb\tfail\twrong output\t\n")
        _, fields = self.row()
        self.assertEqual(fields["passed"][0], "1")
        self.assertEqual(fields["reason"][0], "2 failed: 2 wrong output; "
                         "2 not deterministic (two runs of the case differ)")


if __name__ == "__main__":
    unittest.main()
