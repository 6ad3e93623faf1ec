"""Submissions checked for real (scripts/serve with workers, check-engine
in its sandbox): the verdicts of a correct, a wrong and a non-compiling
program, the cache, and the report page in mark's look; and the result
read from a check-engine OUTPUT folder made here, its likely causes."""

import json
import os
import tempfile
import unittest

import pytest

from harness.serve import checking, pages, programs
from harness.serve.client import Service, request, submit, wait_final, write_roster


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

    @pytest.mark.slow
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

    @pytest.mark.slow
    def test_hanging_program_stops_after_three_hangs(self):
        """The service's default --stop-after-hangs 3: each of check-engine's
        2 workers stops after 3 hangs in a row; the rest are failed as not
        run, and the summary says so."""
        hanging = self.checked("ben", "hanging", "ben")
        self.assertEqual((hanging["state"], hanging["compiled"], hanging["passed"]), ("done", True, 0))
        self.assertEqual(hanging["failed"], hanging["total"])
        summary = hanging["summary"]
        self.assertRegex(summary, r"\b6 hang \(killed after 2(\.0)?s\)")
        self.assertIn("%d not run: the 3 cases before it hung" % (hanging["total"] - 6), summary)

    def test_not_compiling(self):
        broken = self.checked("cat", "broken", "cat")
        self.assertEqual((broken["state"], broken["compiled"], broken["passed"]), ("done", False, 0))
        page = request(broken["page"], self.tokens["cat"])[2]
        self.assertIn("Compilation", page)
        self.assertIn("error", page)


class ReadResultsTest(unittest.TestCase):
    def test_likely_causes_read_by_their_names_into_the_report(self):
        with tempfile.TemporaryDirectory() as output:
            def write(name, text):
                with open(os.path.join(output, name), "w", encoding="utf-8") as handle:
                    handle.write(text)
            write("results.tsv", "case\tcategory\tverdict\tsymptom\tcode\n"
                  "play/a\tplay\tpass\t\t\nplay/b\tplay\tfail\twrong value\tjudge\n")
            # (another column order than diagnose's: read by the header's names)
            write("causes.tsv", "failures\treproduced\tcode\tdescription\n"
                  "1\t1\tno-crowning\tmen are never \"crowned\"\n")
            result = checking.read_results(output, 2, "printed", "", "/work/folder")
            view = pages.report_view({"report": result["report"]})
            without = os.path.join(output, "causes.tsv")
            os.remove(without)
            none = checking.read_results(output, 2, "printed", "", "/work/folder")
        self.assertEqual(view["causes"], [{"code": "no-crowning", "description": 'men are never "crowned"',
                                           "reproduced": "1", "failures": "1"}])
        self.assertEqual(result["summary"], "1 passed, 1 failed: 1 wrong value; likely cause: no-crowning")
        self.assertEqual(json.loads(none["report"])["causes"], [])
        self.assertNotIn("likely cause", none["summary"])

    def test_cases_not_deterministic_are_counted_apart_in_the_summary(self):
        with tempfile.TemporaryDirectory() as output:
            with open(os.path.join(output, "results.tsv"), "w", encoding="utf-8") as handle:
                handle.write("case\tcategory\tverdict\tsymptom\tcode\nplay/a\tplay\tpass\t\t\n"
                             "play/b\tplay\tfail\twrong value\tjudge\nplay/c\tplay\tunstable\t"
                             "not deterministic: the output differs between two runs\tunstable\n")
            result = checking.read_results(output, 3, "printed", "", "/work/folder")
        self.assertEqual(result["summary"], "1 passed, 1 failed, 1 not deterministic (two runs of the same case "
                         "differed): 1 wrong value")


class FingerprintTest(unittest.TestCase):
    def test_every_part_of_the_checking_code_changes_it(self):
        """A change to any file of the checking code (harness.check.checking_code's
        list: the diagnosis's catalogue, a game's adapter, the Makefile...)
        or of the corpus makes the cache's old answers stale; a test or a
        README does not."""
        with tempfile.TemporaryDirectory() as top:
            changed = ("src/diagnose/file", "src/check/file", "src/games/file", "src/new/file",
                       "scripts/file", "Makefile", "testdata/checkers/file")
            kept = ("src/check/tests/file", "src/README.md")
            for path in changed + kept:
                os.makedirs(os.path.dirname(os.path.join(top, path)), exist_ok=True)
                with open(os.path.join(top, path), "w", encoding="ascii") as handle:
                    handle.write("0")
            old_root, checking.ROOT = checking.ROOT, top
            self.addCleanup(setattr, checking, "ROOT", old_root)
            options = {"program": "checkers"}
            for path in changed + kept:
                before = checking.fingerprint(options)
                with open(os.path.join(top, path), "a", encoding="ascii") as handle:
                    handle.write("1")
                if path in kept:
                    self.assertEqual(checking.fingerprint(options), before, path)
                else:
                    self.assertNotEqual(checking.fingerprint(options), before, path)


class OldStandardsTest(unittest.TestCase):
    def test_no_old_standards_reaches_check_engine_and_the_cache_key(self):
        """scripts/serve --no-old-standards (as a course that runs mark with
        it): check-engine is told, and the cache never answers from a check
        made with the fallback; by default the fallback is on, as in mark."""
        from harness.serve import config
        built = {}
        for flags, wanted in (([], True), (["--no-old-standards"], False)):
            settings = config.build(config.parser().parse_args(["--data", "d", "--category", "official"] + flags))
            built[wanted] = settings
            self.assertEqual(settings["options"]["old_standards"], wanted)
            self.assertEqual("--no-old-standards" in checking.command(settings["options"], "f", "o"), not wanted)
        self.assertNotEqual(built[True]["fingerprint"], built[False]["fingerprint"])

if __name__ == "__main__":
    unittest.main()
