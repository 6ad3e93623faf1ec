"""Submissions checked for real (scripts/serve with workers, check-engine
in its sandbox): the verdicts of a correct, a wrong and a non-compiling
program, the cache, and the report page in mark's look."""

import tempfile
import unittest

from serve import programs
from serve.client import Service, request, submit, wait_final, write_roster


class CheckingTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.tokens = write_roster(cls.tmp.name, ["ann", "ben", "cat"])
        cls.service = Service(cls.tmp.name, ["--workers", "2", "--timeout", "2"])
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.addClassCleanup(cls.service.stop)
        cls.service.start()

    def checked(self, name, kind, tag=""):
        status, _, body = submit(self.service, self.tokens[name], programs.sources(kind, tag))
        self.assertEqual(status, 202, body)
        return wait_final(self.service, self.tokens[name], body["id"])

    def test_verdicts_and_cache(self):
        correct = self.checked("ann", "correct")
        self.assertEqual((correct["state"], correct["compiled"], correct["failed"]), ("done", True, 0))
        self.assertEqual(correct["passed"], correct["total"])
        self.assertGreaterEqual(correct["total"], 20)
        status, _, again = submit(self.service, self.tokens["ben"], programs.sources("correct"))
        self.assertEqual((status, again["state"], again["cached"]), (202, "done", True))
        found = request(again["url"], self.tokens["ben"])[2]
        self.assertEqual((found["passed"], found["total"]), (correct["passed"], correct["total"]))
        other = self.checked("ben", "correct", "changed")
        self.assertFalse(other["cached"])

    def test_wrong_program_and_its_report(self):
        wrong = self.checked("cat", "wrong")
        self.assertEqual((wrong["state"], wrong["compiled"], wrong["passed"]), ("done", True, 0))
        self.assertEqual(wrong["failed"], wrong["total"])
        status, _, page = request(wrong["page"], self.tokens["cat"])
        self.assertEqual(status, 200)
        self.assertIn("Failures by symptom", page)
        self.assertIn("Per category", page)
        self.assertIn("rerun", page)  # check-engine's own report of a case
        self.assertEqual(request(wrong["page"], self.tokens["ann"])[0], 404)

    def test_not_compiling(self):
        broken = self.checked("cat", "broken", "cat")
        self.assertEqual((broken["state"], broken["compiled"], broken["passed"]), ("done", False, 0))
        page = request(broken["page"], self.tokens["cat"])[2]
        self.assertIn("Compilation", page)
        self.assertIn("error", page)


if __name__ == "__main__":
    unittest.main()
