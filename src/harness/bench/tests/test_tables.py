"""The suites', checking's and marking's tables and targets, from
hyperfine's results, without timing anything: a stand-in hyperfine whose
commands take 2, 3, ... seconds each."""
import contextlib
import io
import os
import re
import shutil
import tempfile
import unittest
from unittest import mock

from harness import paths
from harness.bench import bench, checking, components, suite_table

HYPERFINE = r"""#!/usr/bin/env bash
csv='' commands=()
while (($#)); do
    case $1 in
        --export-csv) csv=$2; shift 2 ;;
        --export-json|--style|--runs|--warmup|--min-runs|-n) shift 2 ;;
        -*) shift ;;
        *) commands+=("$1"); shift ;;
    esac
done
{
    echo 'command,mean,stddev,median,user,system,min,max'
    for i in "${!commands[@]}"; do echo "\"${commands[i]}\",$((i + 2)).0,0.5,2.0,1.0,0.25,1.0,4.0"; done
} > "$csv"
"""

EXPECTED = (
    r"scripts/run-golden --jobs 2 +1 +2\.0 ± - +1\.2 +500\.0 .*",
    r"bats alone, empty tests +1 +2\.0 ± - +1\.2 +500\.0 +[0-9.]+  the floor: make check took 1\.00 times this",
    r"make memcheck: not timed in quick mode",
    r"ratio +1\.50",
    r"10 submissions, default memory check \(1 per category\) +2\.0",
    r"memory check, extra s per submission +0\.0",
    r"make check: wall s, all passing +2\.0 \([0-9]+ failed\) +20  .*",
    r"check-engine / plain loop, whole corpus +1\.50 +1\.3  not met",
    r"mark: 50 submissions, wall s +2\.0 +240  met",
    r"make memcheck: wall s, every case, all clean +- +300  not measured \(quick mode\)",
)


class TablesTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="test-tables.")
        self.addCleanup(shutil.rmtree, self.work, True)
        os.makedirs(os.path.join(self.work, "bin"))
        os.makedirs(os.path.join(self.work, "out", "hyperfine"))
        fake = os.path.join(self.work, "bin", "hyperfine")
        with open(fake, "w", encoding="utf-8") as handle:
            handle.write(HYPERFINE)
        os.chmod(fake, 0o755)
        self.addCleanup(os.chdir, os.getcwd())
        os.chdir(paths.ROOT)  # (the bench runs from the top, as scripts/bench does)

    def test_tables_and_targets_from_hyperfines_results(self):
        run = bench.Run(["--quick"])
        run.out, run.case_count = os.path.join(self.work, "out"), 1000
        path = os.path.join(self.work, "bin") + os.pathsep + os.environ["PATH"]
        printed = io.StringIO()
        with mock.patch.dict(os.environ, {"PATH": path}), \
                mock.patch.object(checking, "shown_output", lambda *a, **k: print("(the sandbox-bench table)")), \
                mock.patch.object(components, "COMPONENT_BENCHES", ()), contextlib.redirect_stdout(printed):
            for table in (suite_table.suite_table, checking.check_engine_table, checking.judged_table,
                          checking.mark_table):
                table(run)
            bench.targets_table(run)
        lines = printed.getvalue().splitlines()
        for pattern in EXPECTED:
            with self.subTest(pattern=pattern):
                self.assertTrue(any(re.fullmatch(pattern, line) for line in lines), "\n".join(lines))

    def test_usage_and_a_bad_option(self):
        with self.assertRaises(SystemExit) as done, contextlib.redirect_stderr(io.StringIO()) as said:
            bench.Run(["--frobnicate"])
        self.assertEqual(done.exception.code, 2)
        self.assertIn("bench: unknown argument '--frobnicate'", said.getvalue())
