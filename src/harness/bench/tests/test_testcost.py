"""make test-cost (harness.bench.testcost, cpumeter): each part's CPU seconds,
the costliest first, in a TSV read by its header; a part that failed is
said; a process a part leaves to init is counted where a control group can
be made, which a part's own rusage misses."""

import contextlib
import csv
import io
import os
import shutil
import tempfile
import textwrap
import unittest
from pathlib import Path

import pytest

from harness import paths
from harness.bench import cpumeter, testcost

# Python that spends SECONDS of CPU (argv[1]).
BURN = "import sys, time\nend = time.process_time() + float(sys.argv[1])\nwhile time.process_time() < end: pass"


def bats_file(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text('@test "%s" {\n%s\n}\n' % (name, textwrap.indent(body, "    ")))
    return path


class TestCostTest(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="test-cost."))
        self.addCleanup(shutil.rmtree, self.folder, True)

    def run_tool(self, *argv):
        printed, said = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(said):
            status = testcost.main(list(argv))
        return status, printed.getvalue(), said.getvalue()

    @pytest.mark.slow
    def test_the_costliest_part_first_every_column_and_a_failure_said(self):
        burn = bats_file(self.folder, "burn.bats", '/usr/bin/python3 -c "$BURN" 2')
        idle = bats_file(self.folder, "idle.bats", "sleep 0.6")
        failing = bats_file(self.folder, "failing.bats", "false")
        (self.folder / "parts.tsv").write_text("name\tkind\n%s\tselftest\n%s\tselftest\n%s\tselftest\n"
                                               % (idle, failing, burn))
        os.environ["BURN"] = BURN
        self.addCleanup(os.environ.pop, "BURN")
        table = self.folder / "out" / "cost.tsv"
        status, printed, said = self.run_tool("--parts", str(self.folder / "parts.tsv"), "--output", str(table))
        self.assertEqual(status, 1)
        with open(table, encoding="utf-8") as file:
            rows = list(csv.DictReader(file, delimiter="\t"))
        self.assertEqual(list(rows[0]), list(testcost.COLUMNS))
        self.assertEqual(rows[0]["name"], str(burn))
        by_name = {Path(row["name"]).name: row for row in rows}
        # (bats itself spends about 0.7 s of CPU on one test here)
        cpu = {name: float(row["cpu_seconds"]) for name, row in by_name.items()}
        self.assertGreaterEqual(cpu["burn.bats"], 2)
        self.assertGreaterEqual(cpu["burn.bats"] - cpu["idle.bats"], 1.8)
        self.assertGreaterEqual(float(by_name["idle.bats"]["wall_seconds"]), 0.6)
        self.assertEqual([by_name[name]["status"] != "0" for name in ("burn.bats", "idle.bats", "failing.bats")],
                         [False, False, True])
        self.assertIn("3 parts measured, 1 failed: %s" % failing, printed)
        self.assertRegex(printed, r"total: [0-9.]+ CPU min, [0-9.]+ min on \d+ cores; the budget of 10 min is")
        self.assertIn("FAILED", said)
        self.assertTrue(list((table.parent / "test-cost").glob("selftest-*burn.bats.log")))

    def test_without_slow_the_parts_leave_the_slow_tests_out_as_make_test_does(self):
        selftest = testcost.Part("selftest", "a.bats", without_slow=True)
        unit = testcost.Part("unit", "test_a.py", without_slow=True)
        self.assertEqual(selftest.command()[-3:], ["--filter-tags", "!slow", "a.bats"])
        self.assertEqual(unit.command()[-3:], ["-m", "not slow", "test_a.py"])
        self.assertNotIn("--filter-tags", testcost.Part("selftest", "a.bats").command())
        self.assertNotIn("not slow", testcost.Part("unit", "test_a.py").command())
        # a file whose tests are all slow collects none (pytest's 5): no failure then
        self.assertEqual((unit.failed(5), unit.failed(1), unit.failed(0)), (False, True, False))
        self.assertTrue(testcost.Part("unit", "test_a.py").failed(5))
        self.assertTrue(selftest.failed(5))
        suites = [part.name for part in testcost.make_parts(paths.ROOT, without_slow=True) if part.kind == "suite"]
        self.assertEqual(suites, ["cli"])
        self.assertIn("oom", [part.name for part in testcost.make_parts(paths.ROOT) if part.kind == "suite"])

    def test_a_parts_file_without_its_columns_is_refused(self):
        (self.folder / "parts.tsv").write_text("file\nx.bats\n")
        status, _, said = self.run_tool("--parts", str(self.folder / "parts.tsv"))
        self.assertEqual(status, 2)
        self.assertIn("the columns kind and name", said)
        (self.folder / "parts.tsv").write_text("kind\tname\nbench\tx\n")
        status, _, said = self.run_tool("--parts", str(self.folder / "parts.tsv"))
        self.assertEqual((status, "unknown kind 'bench'" in said), (2, True))

    def test_a_process_left_to_init_counts_in_a_group_and_not_in_rusage(self):
        meter = cpumeter.find_meter(prefix="test-cost-test")
        self.addCleanup(cpumeter.close, meter)
        if meter.kind == "rusage":
            self.skipTest("no control group can be made here (%s)" % os.getuid())
        # the child burns in a session of its own, its parent gone (init
        # reaps it); the command ends once it has, having never waited for it
        command = ["/bin/sh", "-c", 'rm -f done; (setsid /bin/sh -c \'/usr/bin/python3 -c "$0" 0.6; touch done\' "$0" &)\n'
                   'while [ ! -e done ]; do sleep 0.1; done', BURN]
        grouped = cpumeter.measure(meter, "left", command, self.folder / "grouped.log", self.folder)
        alone = cpumeter.measure(cpumeter.Meter("rusage", None), "left", command, self.folder / "alone.log",
                                 self.folder)
        self.assertGreaterEqual(grouped.cpu, 0.55)
        self.assertLess(alone.cpu, 0.3)
        self.assertFalse((meter.parent / "left").exists())


if __name__ == "__main__":
    unittest.main()
