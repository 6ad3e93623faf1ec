"""Reports that carry no case view, against a real front (127.0.0.1; the
test plays its remote worker through /api/worker/, as test_weak_worker.py
does): a report stored before the case views existed (no views, no rerun
command) and a cached answer that copied it both show the failing case
in the game's terms (rebuilt.py: the boards, the marked lines), for
checkers and for draughts; a report that kept too little says so in one
sentence; the cached answer of a job a weak worker ran (--weak-sandbox)
says the program ran without full containment; and the cached page names
no other student's submission and no path of the server."""

import json
import tempfile
import unittest

from harness import paths
from harness.serve import programs
from harness.serve.client import request, submit
from harness.serve.tests.made_reports import failure, old_report, wrong_output
from harness.serve.tests.test_doors import PlayedWorkerTest
from harness.serve.tests.test_weak_worker import SENTENCE, WHY

UNSHOWN = "This case cannot be shown here in the game's terms"


class OldReportsTest:
    """The checks, for the GAME of a subclass (BOARD: its board box's title)."""

    GAME, BOARD = "", ""
    STUDENTS = ("ann", "ben", "cat", "dan")

    def checked(self, student, sources, report, weak=""):
        """STUDENT's submission of SOURCES, claimed by a worker (weak when
        WEAK says why) that stores REPORT (a JSON text) as its result; its id."""
        sid = submit(self.service, self.tokens[student], sources)[2]["id"]
        worker = "lab:%s:%s" % ("weak" if weak else "full", student)
        claim = dict({"worker": worker}, **({"weak_sandbox": weak} if weak else {}))
        self.assertEqual(self.worker("claim", claim)[1]["id"], sid)
        result = {"state": "done", "compiled": 1, "passed": 0, "failed": 1, "total": 1, "summary": "0 passed, 1 failed",
                  "report": report}
        self.assertEqual(self.worker("result", {"worker": worker, "id": sid, "result": result})[1], {"stored": True})
        return sid

    def page(self, student, sid):
        status, _, text = request(self.service.base + "/submissions/" + sid, self.tokens[student])
        self.assertEqual(status, 200)
        return text

    def assert_has(self, text, *found, absent=()):
        """Each of FOUND in the page TEXT, none of ABSENT (named alone when
        not: a page is long)."""
        for words in found:
            self.assertTrue(words in text, "not on the page: %r" % words)
        for words in absent:
            self.assertFalse(words in text, "on the page: %r" % words)

    def assert_case_view(self, text):
        self.assert_has(text, 'class="case"', self.BOARD, "<mark>", absent=[UNSHOWN])

    def test_an_old_report_and_its_cached_answer_show_the_case(self):
        with tempfile.TemporaryDirectory() as folder:
            text = failure(self.GAME, wrong_output(self.GAME), folder)[0].replace(str(paths.ROOT) + "/", "")
        sources = programs.sources("wrong", "old " + self.GAME)
        first = self.checked("ann", sources, old_report(self.GAME, text), weak=WHY)
        self.assert_case_view(self.page("ann", first))
        status, _, again = submit(self.service, self.tokens["ben"], sources)
        self.assertEqual((status, again["cached"]), (202, True))
        cached = self.page("ben", again["id"])
        self.assert_case_view(cached)
        self.assert_has(cached, SENTENCE, absent=[first, self.tmp.name, str(paths.ROOT), "/work/", "testdata/",
                                                  "lab:weak", "bubblewrap"])
        self.assert_has(self.staff("/staff/submissions/" + again["id"])[2], SENTENCE, "lab:weak:ann")

    def test_a_contained_runs_cached_answer_says_nothing_of_containment(self):
        with tempfile.TemporaryDirectory() as folder:
            text = failure(self.GAME, wrong_output(self.GAME), folder)[0]
        sources = programs.sources("wrong", "full " + self.GAME)
        self.checked("cat", sources, old_report(self.GAME, text))
        again = submit(self.service, self.tokens["dan"], sources)[2]
        self.assertTrue(again["cached"])
        self.assert_has(self.page("dan", again["id"]), self.BOARD, absent=[SENTENCE])

    def test_a_report_that_kept_too_little_says_so(self):
        report = json.loads(old_report(self.GAME, "case:   x\nreason: r\n"))
        sid = self.checked("cat", programs.sources("wrong", "little " + self.GAME), json.dumps(report))
        self.assert_has(self.page("cat", sid), UNSHOWN, absent=[self.BOARD])


class CheckersOldReportsTest(OldReportsTest, PlayedWorkerTest):
    GAME, BOARD = "checkers", "the board before"
    OPTIONS = ("--program", "checkers", "--category", "examples")


class DraughtsOldReportsTest(OldReportsTest, PlayedWorkerTest):
    GAME, BOARD = "draughts", "the board (input.txt)"
    OPTIONS = ("--program", "draughts", "--category", "examples")


if __name__ == "__main__":
    unittest.main()
