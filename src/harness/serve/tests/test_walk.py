"""Walkthroughs in a real browser (issue 42's acceptance): a student and a
staff member go through the service in headless Chromium, for checkers
and for draughts (the service started with --program GAME, its default
visible tests), as a person would.

The student logs in, uploads a program built from a fault of the
diagnosis's catalogue, waits on the page for the verdict, reads it ("N of
M visible tests fail") and the failing case's boards (checkers: the board
before the action and the expected and the program's blocks; draughts:
the board and the judge's sentence), clicks the case's download links and
the zip's (Chromium's download folder set by its prefs), builds the
program in a folder holding the downloaded files with the build command
the page prints and runs the page's rerun command there with bash: diff
speaks. Then a correct upload: "All N visible tests pass".

The staff member logs in with the staff token, reads the queue's list
(two hanging programs keep their jobs there), follows a submission's ID to
its report and a student's name to their history, and logs out: the
page asks for the token again, and so does the student's history.

Every page of a walk, at 390 px (as a phone) and 1280 px: no sideways
scroll, no server or repository path in its HTML, no serious or critical
violation by axe-core, and its screenshot kept as
build/reports/screenshots/walk-GAME-ROLE-STEP-WIDTH.png (a CI artifact),
a PNG. The student's walk runs first (test_a_...): the staff's reads
the submissions it made, or makes one when run alone."""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
import zipfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from harness import paths
from harness.serve import programs
from harness.serve.client import Service, submit, wait_final, write_roster
from harness.serve.tests.browsing import SHOTS, WIDTHS, axe_source, browser, found, is_png, measure, until
from harness.serve.tests.test_caseview import faulted_sources

# What a page must never show: the server's and the repository's places.
PLACES = ("/tmp", "/work", "data/", "testdata/")
# The checks' seconds, as test_caseview's: a loaded machine is slow.
CHECK_WAIT = 600


def ended(driver):
    """(state, verdict) of the report page once it is drawn as ended; false
    while the page follows the check (its script sets the state to "done"
    just before it reloads the page: the verdict is the reloaded page's),
    and while the page before it is still there."""
    state = driver.find_element(By.ID, "state").text
    if state in ("", "queued", "running") or driver.find_elements(By.ID, "live"):
        return False
    return state, driver.find_element(By.ID, "verdict").text


def downloaded(folder: Path, name: str, timeout=30) -> Path:
    """FOLDER/NAME once Chromium has finished saving it."""
    path, deadline = folder / name, time.time() + timeout
    while time.time() < deadline:
        if path.exists() and not list(folder.glob("*.crdownload")):
            return path
        time.sleep(0.1)
    raise AssertionError("%s was not downloaded into %s: %s" % (name, folder, sorted(os.listdir(folder))))


class Walk:
    """Both walks, for the game, fault and correct program of a subclass."""

    GAME, FAULT = "", ""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.folder = Path(cls.tmp.name)
        cls.tokens = write_roster(cls.tmp.name, ["ann", "cat", "dan"])
        cls.staff = "staff-%s" % os.urandom(16).hex()
        (cls.folder / "staff-token").write_text(cls.staff + "\n", encoding="utf-8")
        cls.service = Service(cls.tmp.name, ["--program", cls.GAME, "--workers", "1", "--timeout", "2",
                                             "--staff-token", str(cls.folder / "staff-token")])
        cls.addClassCleanup(cls.service.stop)
        cls.service.start()
        cls.axe = axe_source()
        SHOTS.mkdir(parents=True, exist_ok=True)
        cls.downloads = cls.folder / "downloads"
        cls.downloads.mkdir()
        cls.driver = browser(str(cls.folder / "profile"), downloads=cls.downloads)
        cls.addClassCleanup(cls.driver.quit)
        cls.driver.set_script_timeout(120)
        cls.sids = {}

    def step(self, role, name):
        """The page the walk is on, at each width: measured, screenshot kept,
        its HTML searched for places; the problems found, as sentences."""
        url, problems = self.driver.current_url, []
        for width in WIDTHS:
            shot = SHOTS / ("walk-%s-%s-%s-%d.png" % (self.GAME, role, name, width))
            if shot.exists():
                shot.unlink()
            label = "%s %s %s" % (self.GAME, role, name)
            problems += measure(self.driver, self.axe, label, url, width, shot).problems()
            self.assertTrue(is_png(shot), "no screenshot " + shot.name)
            page = self.driver.page_source
            problems += ["%s at %d: the page names %s" % (label, width, place)
                         for place in PLACES + (self.service.data, str(paths.ROOT)) if place in page]
        return problems

    def log_in(self, path, token):
        self.driver.get(self.service.base + path)
        found(self.driver, "token").send_keys(token)
        self.driver.find_element(By.ID, "login").click()
        until(self.driver, lambda d: not d.find_elements(By.ID, "token"))

    def upload(self, files: dict) -> str:
        """FILES uploaded through the page's form; the verdict's words once
        the page (which follows the check by itself) shows the end."""
        into = self.folder / ("upload-%d" % len(self.sids))
        into.mkdir()
        for name, data in files.items():
            (into / name).write_bytes(data)
        found(self.driver, "file").send_keys("\n".join(str(into / name) for name in sorted(files)))
        self.driver.find_element(By.ID, "upload").click()
        state, verdict = until(self.driver, ended, CHECK_WAIT)
        self.assertEqual(state, "done", verdict)
        return verdict

    # The student

    @pytest.mark.slow
    def test_a_student_walk(self):
        driver, problems = self.driver, []
        driver.delete_all_cookies()
        driver.get(self.service.base + "/")
        problems += self.step("student", "login")
        self.log_in("/", self.tokens["ann"])
        problems += self.step("student", "home")
        sources = self.folder / "faulted"
        sources.mkdir()
        verdict = self.upload(faulted_sources(self.GAME, self.FAULT, str(sources)))
        self.sids["wrong"] = driver.current_url.rsplit("/", 1)[1]
        failed = re.fullmatch(r"([0-9]+) of ([0-9]+) visible tests fail", verdict)
        self.assertTrue(failed, verdict)
        self.assertTrue(0 < int(failed.group(1)) <= int(failed.group(2)), verdict)
        problems += self.step("student", "report-wrong")
        case = driver.find_element(By.CSS_SELECTOR, "details[open] .case")
        self.read_boards(case)
        self.rerun(case, sources)
        self.download_zip(case)
        driver.find_element(By.LINK_TEXT, "\u2190 your submissions").click()
        verdict = self.upload(self.correct())
        self.sids["right"] = driver.current_url.rsplit("/", 1)[1]
        self.assertRegex(verdict, r"^All [1-9][0-9]* visible tests pass$")
        self.assertEqual(verdict.split()[1], failed.group(2))
        problems += self.step("student", "report-right")
        driver.find_element(By.LINK_TEXT, "\u2190 your submissions").click()
        self.assertEqual(len(found(driver, "history").find_elements(By.CSS_SELECTOR, "tbody tr")), 2)
        problems += self.step("student", "history")
        self.assertEqual(problems, [])

    def read_boards(self, case):
        raise NotImplementedError

    def correct(self) -> dict:
        raise NotImplementedError

    def rerun(self, case, sources: Path):
        """The case's files downloaded by a click on each link; the program
        built in their folder by the page's build command and the page's
        rerun command run there as printed: it reproduces the failure."""
        links = case.find_elements(By.CSS_SELECTOR, ".rerun a[download]")
        self.assertEqual([a.text.rsplit(".", 1)[1] for a in links], ["in", "expected"])
        folder = self.folder / "rerun"
        folder.mkdir()
        for link in links:
            link.click()
            name = link.get_attribute("href").rsplit("/", 1)[1]
            self.assertEqual(name, link.text)
            shutil.copy(downloaded(self.downloads, name), folder / name)
        for source in glob.glob(str(sources / "*.[ch]")):
            shutil.copy(source, folder)
        build = case.find_element(By.CSS_SELECTOR, ".rerun code:not(.command)").text
        command = case.find_element(By.CSS_SELECTOR, ".rerun code.command").text
        built = subprocess.run(["bash", "-c", build], cwd=folder, capture_output=True, text=True)
        self.assertEqual(built.returncode, 0, (build, built.stderr))
        run = subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True, timeout=60)
        self.assertNotEqual(run.returncode, 0, command)
        self.assertRegex(run.stdout, r"(?m)^[<>] ", (command, run.stdout, run.stderr))

    def download_zip(self, case):
        """The zip of every failing case, clicked on the page: it holds this
        case's files and the README of the commands."""
        link = self.driver.find_element(By.PARTIAL_LINK_TEXT, "all the failing cases as one zip")
        link.click()
        deadline = time.time() + 30
        while not glob.glob(str(self.downloads / "*.zip")) or glob.glob(str(self.downloads / "*.crdownload")):
            self.assertLess(time.time(), deadline, "no zip downloaded: %s" % os.listdir(self.downloads))
            time.sleep(0.1)
        names = zipfile.ZipFile(glob.glob(str(self.downloads / "*.zip"))[0]).namelist()
        stem = case.find_element(By.CSS_SELECTOR, ".rerun a[download]").text
        self.assertIn(stem, names)
        self.assertIn("README.txt", names)

    # The staff

    @pytest.mark.slow
    def test_b_staff_walk(self):
        driver, problems = self.driver, []
        done = self.a_finished_submission()
        driver.delete_all_cookies()
        driver.get(self.service.base + "/staff")
        problems += self.step("staff", "login")
        hanging = self.two_hanging_jobs()
        self.log_in("/staff", self.staff)
        jobs = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#jobs td[data-label=submission] a")]
        self.assertEqual([sid for sid in hanging if sid not in jobs], [], jobs)
        problems += self.step("staff", "queue")
        driver.find_element(By.CSS_SELECTOR, "#recent td[data-label=submission] a[href$='/%s']" % done).click()
        until(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == "ann: submission %s" % done)
        self.assertRegex(driver.find_element(By.ID, "verdict").text, r"^(All [0-9]+ visible tests pass|"
                                                                      r"[0-9]+ of [0-9]+ visible tests fail)$")
        problems += self.step("staff", "report")
        driver.find_element(By.LINK_TEXT, "\u2190 the staff's page").click()
        found(driver, "recent").find_element(By.LINK_TEXT, "ann").click()
        reports = [a.text for a in found(driver, "history").find_elements(By.CSS_SELECTOR, "td[data-label=report] a")]
        self.assertIn(done, reports)
        self.assertEqual(driver.current_url, self.service.base + "/staff/students/ann")
        problems += self.step("staff", "student")
        driver.find_element(By.LINK_TEXT, "\u2190 the staff's page").click()
        found(driver, "logout").click()
        found(driver, "token")
        problems += self.step("staff", "logged-out")
        driver.get(self.service.base + "/staff/students/ann")
        self.assertTrue(driver.find_elements(By.ID, "token"), "the student's history without the token")
        self.assertFalse(driver.find_elements(By.ID, "history"))
        self.assertEqual(problems, [])

    def a_finished_submission(self) -> str:
        """The ID of the student's wrong upload, checked; a correct one sent
        now when the student's walk did not run before."""
        if not self.sids:
            status, _, body = submit(self.service, self.tokens["ann"], self.correct())
            self.assertEqual(status, 202, body)
            self.sids["right"] = wait_final(self.service, self.tokens["ann"], body["id"], CHECK_WAIT)["id"]
        return self.sids.get("wrong") or self.sids["right"]

    def two_hanging_jobs(self) -> list:
        """Two programs that never end, sent just now: for the one worker,
        one running and one queued behind it, in the queue's list for
        longer than a page takes."""
        sids = []
        for name in ("cat", "dan"):
            status, _, body = submit(self.service, self.tokens[name], programs.sources("hanging", self.GAME))
            self.assertEqual(status, 202, body)
            sids.append(body["id"])
        return sids


class CheckersWalkTest(Walk, unittest.TestCase):
    GAME, FAULT = "checkers", "no-tower-promotion"

    def correct(self):
        return programs.sources("correct", "walk")

    def read_boards(self, case):
        """The board before the action whose block differs, and the
        expected block beside the program's, the differing lines marked."""
        boxes = {box.find_element(By.CSS_SELECTOR, "p.meta").text: box
                 for box in case.find_elements(By.CSS_SELECTOR, ".box")}
        before = [title for title in boxes if title.startswith("the board before ")]
        self.assertEqual(len(before), 1, list(boxes))
        board = boxes[before[0]].find_element(By.TAG_NAME, "pre").text
        self.assertEqual(board.count("+---+---+---+---+---+---+---+---+"), 9, board)
        heads = [th.text for th in case.find_elements(By.CSS_SELECTOR, ".box thead th")]
        self.assertIn("expected", heads)
        self.assertIn("your program's", heads)
        differs = case.find_elements(By.CSS_SELECTOR, ".box tr.differs")
        self.assertTrue(differs and differs[0].is_displayed())


class DraughtsWalkTest(Walk, unittest.TestCase):
    GAME, FAULT = "draughts", "no-crowning"

    def correct(self):
        return {os.path.basename(p): Path(p).read_bytes()
                for p in sorted(glob.glob(str(paths.SRC / "draughts" / "*.[ch]")))}

    def read_boards(self, case):
        """The input's board, eight rows of four squares a row, and the
        judge's sentence: where the output goes wrong and the rule."""
        titles = [p.text for p in case.find_elements(By.CSS_SELECTOR, ".box > p.meta")]
        self.assertIn("the board (input.txt):", titles)
        board = case.find_element(By.CSS_SELECTOR, ".box pre").text.split("\n")
        self.assertEqual(len([row for row in board if re.fullmatch(r"\s*[+A-Za-z.]{8}", row)]), 8, board)
        sentences = [li.text for li in case.find_elements(By.CSS_SELECTOR, "ul.explain li")]
        self.assertTrue(sentences and "at output line" in sentences[0], sentences)
        self.assertTrue(any(s.startswith("required: ") for s in sentences), sentences)


if __name__ == "__main__":
    unittest.main()
