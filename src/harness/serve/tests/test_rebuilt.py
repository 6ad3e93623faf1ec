"""A failing case's view rebuilt from a stored report (rebuilt.py), held
to the view the game itself makes from the kept run: the same boards,
boxes and marked lines for checkers (from the report's stdout diff) and
for draughts (from the judge's message and the output.txt lines it
kept); a cut diff shows only the lines it kept, and says so; a report
that keeps too little gives no view."""

import os
import tempfile
import unittest
from unittest import mock

from harness import games
from harness.serve import rebuilt
from harness.serve.tests.made_reports import CASES, failure, wrong_output


def marked(view):
    """The marked rows of each box: (title, the row's number and text)."""
    return [(box["title"], row["number"], row.get("text", row.get("actual")))
            for box in view["boxes"] for row in box["rows"] if row["marked"]]


class RebuiltTest(unittest.TestCase):
    def made(self, game, out):
        """(the game's view of a run printing OUT, the one rebuilt from its report)."""
        with tempfile.TemporaryDirectory() as folder:
            text, real = failure(game, out, folder)
        return real, rebuilt.rebuilt_view(games.get(game), CASES[game], text)

    def test_checkers_from_the_whole_diff_is_the_games_own_view(self):
        real, again = self.made("checkers", wrong_output("checkers"))
        self.assertTrue(marked(real))
        self.assertEqual(again, real)

    def test_checkers_from_a_cut_diff_shows_the_lines_kept_and_says_so(self):
        """(cut in the differing block: right after its first changed line)"""
        with mock.patch.dict(os.environ, {"CORPUS_DIFF_LINES": "8"}):
            real, again = self.made("checkers", wrong_output("checkers", changes=2))
        self.assertEqual(again["boxes"][:2], real["boxes"][:2])  # (the input actions, the board before)
        sides, kept = real["boxes"][2]["rows"], again["boxes"][2]["rows"]
        self.assertTrue(0 < len(kept) < len(sides))
        self.assertEqual(kept, sides[:len(kept)])
        self.assertEqual(marked(again), marked(real))
        self.assertTrue(again["sentences"][-1].startswith("Shown from what this check kept"))
        self.assertEqual(again["sentences"][0], real["sentences"][0])

    def test_checkers_program_that_printed_nothing(self):
        real, again = self.made("checkers", b"")
        self.assertEqual(again, real)

    def test_draughts_from_the_judges_message(self):
        real, again = self.made("draughts", wrong_output("draughts"))
        self.assertTrue(marked(real))
        self.assertEqual(again["sentences"], real["sentences"])
        self.assertEqual(again["boxes"][0], real["boxes"][0])  # (the board)
        self.assertEqual(marked(again), marked(real))

    def test_a_report_that_keeps_too_little_gives_no_view(self):
        text = "case:   %s\nreason: r\nstdout: first difference at line 3, in x\n" % CASES["checkers"]
        self.assertIsNone(rebuilt.rebuilt_view(games.get("checkers"), CASES["checkers"], text))
        self.assertIsNone(rebuilt.rebuilt_view(games.get("checkers"), CASES["checkers"], ""))


if __name__ == "__main__":
    unittest.main()
