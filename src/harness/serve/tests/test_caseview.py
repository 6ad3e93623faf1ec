"""A failing case in the game's terms on the report page, downloadable and
rerunnable on the student's own machine: for checkers and for draughts, a
program built from a catalogued fault of the reference is checked by a
real service (127.0.0.1); its page shows the case's boards; the case's
files download; the command printed beside them, run as printed in a
folder holding them and the program, reproduces the failure (diff
speaks, status not 0) and passes with the reference program; no path of
the server's on the page; the same sources from another student are answered
from the cache with the same case view and nothing of the first
submission; another student gets none of the files, the staff gets them."""

import pytest
import glob
import html
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

from harness import paths
from harness.diagnose.faultbuild import apply
from harness.serve import pages
from harness.serve.client import Service, request, submit, wait_final, write_roster

COMMAND = re.compile(r'<code class="command">(.*?)</code>')
LINK = re.compile(r'href="(/submissions/[^"]+/cases/[^"]+)"')


def fetch(url, token):
    """(status, bytes) of a GET with the student's token."""
    request_ = urllib.request.Request(url, headers={"Authorization": "Bearer " + token})
    try:
        with urllib.request.urlopen(request_, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def faulted_sources(game, fault, into):
    """The reference's sources with the fault's patch applied, in INTO."""
    for path in glob.glob(str(paths.SRC / game / "*.[ch]")):
        shutil.copy(path, into)
    apply(into, str(paths.SRC / "diagnose" / "faults" / game / (fault + ".patch")))
    return {os.path.basename(p): Path(p).read_bytes() for p in sorted(glob.glob(os.path.join(into, "*.[ch]")))}


class CaseViewTest:
    """The checks, for the game and fault of a subclass."""

    GAME, FAULT, BOARD = "", "", ""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.tokens = write_roster(cls.tmp.name, ["ann", "ben"])
        cls.staff = "staff-%s" % os.urandom(16).hex()
        staff_file = os.path.join(cls.tmp.name, "staff-token")
        Path(staff_file).write_text(cls.staff + "\n", encoding="utf-8")
        cls.service = Service(cls.tmp.name, ["--program", cls.GAME, "--workers", "1", "--timeout", "5",
                                             "--staff-token", staff_file])
        cls.addClassCleanup(cls.service.stop)
        cls.service.start()
        cls.sources = os.path.join(cls.tmp.name, "sources")
        os.makedirs(cls.sources)
        cls.files = faulted_sources(cls.GAME, cls.FAULT, cls.sources)
        status, _, body = submit(cls.service, cls.tokens["ann"], cls.files)
        assert status == 202, body
        cls.result = wait_final(cls.service, cls.tokens["ann"], body["id"], timeout=600)  # (a loaded machine)
        cls.page = request(cls.result["page"], cls.tokens["ann"])[2]

    def test_the_page_shows_the_case_in_the_games_terms(self):
        self.assertEqual((self.result["state"], self.result["compiled"]), ("done", True), self.result)
        self.assertGreater(self.result["failed"], 0)
        self.assertIn(self.BOARD, self.page)
        self.assertIn('class="case"', self.page)
        self.assertIn("<mark>", self.page)

    def test_no_path_of_the_server_on_the_page(self):
        home = request(self.service.base + "/", self.tokens["ann"])[2]
        for text in (self.page, home):
            for path in (self.service.data, str(paths.ROOT), "/work", "testdata/"):
                self.assertNotIn(path, text)

    def test_the_printed_command_reproduces_the_failure_and_passes_with_the_reference(self):
        links, commands = LINK.findall(self.page), [html.unescape(c) for c in COMMAND.findall(self.page)]
        self.assertTrue(links and commands)
        with tempfile.TemporaryDirectory() as folder:
            for link in links[:2]:
                status, data = fetch(self.service.base + html.unescape(link), self.tokens["ann"])
                self.assertEqual(status, 200)
                with open(os.path.join(folder, link.rsplit("/", 1)[1]), "wb") as handle:
                    handle.write(data)
            sources = glob.glob(os.path.join(self.sources, "*.c"))
            subprocess.run(["gcc", "-std=c99", "-O2", "-o", os.path.join(folder, "program")] + sources + ["-lm"],
                           check=True, capture_output=True)
            failed = subprocess.run(["bash", "-c", commands[0]], cwd=folder, capture_output=True, text=True)
            self.assertNotEqual(failed.returncode, 0)
            self.assertNotEqual(failed.stdout, "")
            shutil.copy(paths.BUILD / self.GAME, os.path.join(folder, "program"))
            passed = subprocess.run(["bash", "-c", commands[0]], cwd=folder, capture_output=True, text=True)
            self.assertEqual((passed.returncode, passed.stdout), (0, ""), passed.stderr)

    @pytest.mark.slow
    def test_a_cached_answer_shows_the_case_and_nothing_of_the_first(self):
        """The same sources from another student: answered from the cache,
        the same case view (the report's views carried), none of the first
        submission's ID, no path of the server."""
        status, _, again = submit(self.service, self.tokens["ben"], self.files)
        self.assertEqual((status, again["cached"]), (202, True))
        page = request(again["page"], self.tokens["ben"])[2]
        self.assertTrue(self.BOARD in page, "no board on the cached page")
        self.assertEqual(page.count("<mark>"), self.page.count("<mark>"))
        for words in (self.result["id"], self.service.data, str(paths.ROOT), "/work", "testdata/"):
            self.assertFalse(words in page, "on the cached page: %r" % words)

    def test_another_student_gets_none_of_the_files_the_staff_gets_them(self):
        link = self.service.base + html.unescape(LINK.findall(self.page)[0])
        archive = "%s/submissions/%s/cases.zip" % (self.service.base, self.result["id"])
        self.assertEqual(fetch(link, self.tokens["ben"])[0], 404)
        self.assertEqual(fetch(archive, self.tokens["ben"])[0], 404)
        self.assertEqual(fetch(link, self.staff)[0], 200)
        status, data = fetch(archive, self.tokens["ann"])
        self.assertEqual(status, 200)
        names = zipfile.ZipFile(io.BytesIO(data)).namelist()
        self.assertIn(link.rsplit("/", 1)[1], names)
        self.assertIn("README.txt", names)


class CheckersCaseViewTest(CaseViewTest, unittest.TestCase):
    GAME, FAULT, BOARD = "checkers", "no-tower-promotion", "the board before"


class DraughtsCaseViewTest(CaseViewTest, unittest.TestCase):
    GAME, FAULT, BOARD = "draughts", "no-crowning", "the board (input.txt)"


class ReportViewTest(unittest.TestCase):
    def test_a_failure_without_the_servers_lines_and_an_older_report_without_commands(self):
        """check-engine's rerun and judge lines (the corpus's place on the
        server) are left out of a failure's report; a report made before
        the case views has no view and no command, its files all the same."""
        text = "case:   examples/a\nrerun:  ./program < testdata/checkers/examples/a.in\njudge:  x\nreason: r\n"
        report = {"results": [["examples/a", "examples", "fail", "stdout differs", "stdout"]],
                  "reports": {"examples/a": text}}
        failure = pages.report_view({"report": json.dumps(report)})["groups"][0]["failures"][0]
        self.assertEqual(failure["text"], "case:   examples/a\nreason: r\n")
        self.assertEqual((failure["view"], failure["rerun"], failure["stem"]), (None, "", "examples-a"))
        report["run"] = {"mode": "graded", "run": "./hw4"}
        failure = pages.report_view({"report": json.dumps(report)})["groups"][0]["failures"][0]
        self.assertEqual(failure["rerun"], "cp examples-a.in input.txt && ./hw4 input.txt output.txt; "
                                           "diff output.txt examples-a.expected")
