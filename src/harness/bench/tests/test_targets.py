"""The targets table (harness.bench.measure.Targets): each row is met, not
met, not measured or for scale, and counted so."""
import contextlib
import io
import re
import unittest

from harness.bench.measure import Targets


class TargetsTest(unittest.TestCase):
    def test_each_row_counted_by_its_verdict(self):
        targets, printed = Targets(), io.StringIO()
        with contextlib.redirect_stdout(printed):
            targets.row("a", "1.0", 2, "met")
            targets.row("b", "3.0", 2, "not met")
            targets.row("c", "-", 2, "not measured (--engine-only)")
            targets.row("d", "0.5", "-", "for scale")
            targets.row("e", "1.0", 2, "met (taskset missing: not pinned)")
            met = targets.summary()
        lines = printed.getvalue().splitlines()
        self.assertTrue(any(re.fullmatch(r"b +3\.0 +2  not met", line) for line in lines), lines)
        self.assertIn("bench: 2 targets met, 1 not met, 1 not measured", lines)
        self.assertFalse(met)

    def test_all_met_is_a_success(self):
        targets = Targets()
        with contextlib.redirect_stdout(io.StringIO()):
            targets.at_most("x", "1.5", 2)
            self.assertTrue(targets.summary())
