"""The components' benchmarks reaching the targets table
(harness.bench.components): a standalone benchmark printing JSON becomes
rows; what is not JSON is a row that says so; a component's bash piece
gives its figure and limit, and a failed run is not measured."""
import contextlib
import io
import os
import re
import shutil
import tempfile
import types
import unittest
from unittest import mock

from harness.bench import components
from harness.bench.measure import Targets

RUSH = """#!/bin/sh
echo '{"targets": [{"target": "rush: 100 submissions, wall s", "measured": 12.5, "limit": 30},'
echo '{"target": "rush: p99 s", "measured": 4, "limit": 3},'
echo '{"target": "rush: queue", "measured": null, "limit": 1, "note": "no server"}]}'
"""

PIECE = """PIECE_LIMIT=60 piece_seconds=''
bench_piece() { echo "a table nobody reads"; [[ $1 != fail ]] || return 1; piece_seconds=12.50; }
"""


class ComponentsTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="test-components.")
        self.addCleanup(shutil.rmtree, self.work, True)

    def write(self, name, text, executable=False):
        path = os.path.join(self.work, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        if executable:
            os.chmod(path, 0o755)
        return path

    def table(self, bench):
        """The targets table's lines with BENCH the only component."""
        run = types.SimpleNamespace(suites=True, out=self.work)
        benches = (components.ComponentBench("rush", lambda run: components.json_rows([bench])),)
        targets, printed = Targets(), io.StringIO()
        with mock.patch.object(components, "COMPONENT_BENCHES", benches), contextlib.redirect_stdout(printed):
            components.component_targets(run, targets)
            targets.summary()
        return printed.getvalue().splitlines()

    def assert_line(self, pattern, lines):
        self.assertTrue(any(re.fullmatch(pattern, line) for line in lines), "%r not in %s" % (pattern, lines))

    def test_a_standalone_benchmarks_json_becomes_rows(self):
        lines = self.table(self.write("bench-rush", RUSH, executable=True))
        self.assert_line(r"rush: 100 submissions, wall s +12\.5 +30  met", lines)
        self.assert_line(r"rush: p99 s +4 +3  not met", lines)
        self.assert_line(r"rush: queue +- +1  not measured \(no server\)", lines)
        self.assertIn("bench: 1 targets met, 1 not met, 1 not measured", lines)

    def test_what_is_not_json_is_a_row_that_says_so(self):
        lines = self.table(self.write("bench-rush", '#!/bin/sh\necho "took 3 seconds"\n', executable=True))
        self.assertTrue(any("not measured (its JSON was unreadable (exit 0))" in line for line in lines), lines)

    def test_a_bash_piece_gives_its_figure_and_limit_a_failed_run_none(self):
        piece, names = self.write("bench-piece.bash", PIECE), ("PIECE_LIMIT", "piece_seconds")
        with contextlib.redirect_stdout(io.StringIO()):
            good = components.shell_values(piece, names, "bench_piece", self.work)
            failed = components.shell_values(piece, names, "bench_piece", "fail")
        self.assertEqual(components.seconds_row("piece", good, "piece_seconds", 60), ("piece", "12.50", 60, ""))
        self.assertEqual(components.seconds_row("piece", failed, "piece_seconds", 60),
                         ("piece", None, 60, "the run failed"))
        self.assertEqual(components.shell_values(piece, names[:1]), {"PIECE_LIMIT": "60"})

    def test_engine_only_measures_no_component(self):
        run = types.SimpleNamespace(suites=False, out=self.work)
        with mock.patch.object(components.similarity_bench, "measure", side_effect=AssertionError("ran")), \
                mock.patch.object(components.diagnose_bench, "measure", side_effect=AssertionError("ran")):
            rows = components.similarity_rows(run) + components.diagnose_rows(run)
        self.assertEqual([row[1:] for row in rows], [(None, 60, "--engine-only"), (None, 1.0, "--engine-only")])

    def timed_row(self, bench_module, rows, title, limit, failure):
        """ROWS (a bench's row maker) gives BENCH_MODULE's measure as TITLE's
        row against LIMIT, a failed measure as "the run failed" with FAILURE
        printed, and is one of the component benches."""
        run = types.SimpleNamespace(suites=True, out=self.work)
        with mock.patch.object(bench_module, "measure", return_value=16.504) as measure:
            self.assertEqual(rows(run), [(title, "16.50", limit, "")])
        measure.assert_called_once_with(self.work)
        with mock.patch.object(bench_module, "measure", return_value=None), \
                contextlib.redirect_stdout(io.StringIO()) as printed:
            self.assertEqual(rows(run)[0][1:], (None, limit, "the run failed"))
        self.assertIn(failure, printed.getvalue())
        self.assertIn(rows, [bench.measure for bench in components.COMPONENT_BENCHES])

    def test_adequacy_is_timed_against_600_seconds(self):
        self.timed_row(components.adequacy_bench, components.adequacy_rows,
                       "adequacy: make adequacy PROGRAM=checkers, wall s", 600, "make adequacy PROGRAM=checkers failed")

    def test_impact_is_timed_against_60_seconds(self):
        self.timed_row(components.impact_bench, components.impact_rows,
                       "impact: add-case --impact, one new case, class of 300, wall s", 60, "add-case --impact failed")

    def test_the_package_benchmarks_become_rows(self):
        run = types.SimpleNamespace(suites=True, out=self.work)
        with mock.patch.object(components.similarity_bench, "measure", return_value=42.123), \
                mock.patch.object(components.diagnose_bench, "measure", return_value={"ratio": 0.5}):
            rows = components.similarity_rows(run) + components.diagnose_rows(run)
        self.assertEqual(rows, [("similarity: 300 submissions, wall s", "42.12", 60, ""),
                                ("diagnose: time / check-engine's on a failing program", 0.5, 1.0, "")])
        with mock.patch.object(components.similarity_bench, "measure", return_value=None), \
                contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(components.similarity_rows(run)[0][1:], (None, 60, "the run failed"))
