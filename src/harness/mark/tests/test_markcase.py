"""mark's submission page shows a failing case in the game's terms, as the
service's report does (the same view, the same macros): from the run
check-engine kept beside the case's report (check/N/outputs), the
differing line marked; none where no run was kept."""

import shutil
import tempfile
import unittest
from pathlib import Path

from harness import games, paths
from harness.mark.report import pages

CASE = "examples/seed-game-A"


class MarkCaseViewTest(unittest.TestCase):
    def setUp(self):
        self.base = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.base)
        check = self.base / "check" / "2"
        (check / "failures" / "examples").mkdir(parents=True)
        (check / "failures" / (CASE + ".txt")).write_text("case:   %s\nreason: a game\n" % CASE, encoding="utf-8")
        lines = (paths.TESTDATA / "checkers" / (CASE + ".out")).read_text(encoding="utf-8").split("\n")
        lines[44] = "BOARD COST: 9"
        (check / "outputs" / "examples").mkdir(parents=True)
        (check / "outputs" / (CASE + ".out")).write_text("\n".join(lines), encoding="utf-8")
        (check / "outputs" / (CASE + ".status")).write_text("0\n", encoding="utf-8")

    def entry(self):
        groups = [{"symptom": "stdout differs", "ids": [CASE], "categories": ["examples"], "ordered": [CASE]}]
        return pages.failure_entries(str(self.base), groups, games.get("checkers"))[0]["failures"][0]

    def test_the_case_in_the_games_terms_drawn_with_the_services_macros(self):
        failure = self.entry()
        self.assertEqual(failure["why"], "a game")
        sides = [box for box in failure["view"]["boxes"] if box["kind"] == "sides"][0]
        self.assertEqual([row["number"] for row in sides["rows"] if row["marked"]], [45])
        html = pages.TEMPLATES.from_string('{% from "case_boxes.html" import case_boxes %}{{ case_boxes(v) }}').render(
            v=failure["view"])
        self.assertIn("the board before WHITE ACTION #2", html)
        self.assertEqual(html.count('<tr class="differs">'), 1)

    def test_no_view_without_the_kept_run(self):
        shutil.rmtree(self.base / "check" / "2" / "outputs")
        self.assertIsNone(self.entry()["view"])
