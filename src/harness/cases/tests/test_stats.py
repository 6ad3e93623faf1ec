"""corpus-stats (harness.cases.stats): the counts per category against a
game's minimums, a short category failing loudly."""

import contextlib
import io
import tempfile
import unittest
from pathlib import Path

from harness import paths
from harness.cases import stats


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = stats.main(list(argv))
    return status, out.getvalue(), err.getvalue()


class StatsTest(unittest.TestCase):
    def test_the_corpus_meets_every_minimum(self):
        status, out, _ = run()
        self.assertEqual(status, 0, out)
        self.assertTrue(out.endswith("corpus-stats: every minimum met\n"))
        self.assertIn(f"checkers ({paths.TESTDATA / 'checkers'})", out)
        self.assertIn(f"draughts ({paths.TESTDATA / 'draughts'})", out)

    def test_a_thin_category_is_short(self):
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            (root / "official").mkdir()
            for name in ("a", "b-s7"):
                (root / "official" / f"{name}.in").write_text("A\n")
                (root / "official" / f"{name}.out").write_text("")
            (root / "extra").mkdir()
            (root / "extra" / "x.in").write_text("A\n")
            (root / "extra" / "x.out").write_text("")
            status, out, _ = run("--program", "checkers", "--cases", folder)
        self.assertEqual(status, 1)
        self.assertIn("  official                      2          1        9  SHORT by 7", out)
        self.assertIn("  extra                         1          0        0  ok", out)
        self.assertIn("  total                         3          1     1200  SHORT by 1197", out)
        self.assertTrue(out.rstrip().endswith("minimum(s) not met"))

    def test_bad_usage(self):
        for argv, words in ((["--program", "chess"], "no game 'chess' (checkers or draughts)"),
                            (["--bogus"], "unknown argument '--bogus'"),
                            (["--cases"], "--cases needs a directory"),
                            (["--program", "checkers", "--cases", "/no/such/folder"], "no cases directory")):
            with self.subTest(argv=argv):
                status, _, err = run(*argv)
                self.assertEqual(status, 2)
                self.assertIn(words, err)
