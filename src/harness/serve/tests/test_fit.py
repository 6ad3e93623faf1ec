"""Every page fits a phone and a desktop and passes axe-core (issue 42):
the service's login, a student's list, a submission's report (failures,
a likely cause, a build failure), the staff's view (with a job running
and one queued) and its page of one student, and mark's class
and submission pages, each in headless Chromium at 390 px (as a phone:
mobile emulation, so that the viewport meta counts) and at 1280 px. On
each: the page does not scroll sideways, the body's type is at least
16 px, axe-core finds no serious or critical violation; the report page
leads with its verdict in words, and shows a failing case in the
game's terms. Screenshots go to
build/reports/screenshots/NAME-WIDTH.png (CI keeps them). The browser,
the measures and axe-core are browsing.py's."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from harness import paths
from harness.serve import programs
from harness.serve.client import Service, submit, wait_final, write_roster
from harness.serve.tests.browsing import SHOTS, WIDTHS, axe_source, browser, found, measure

# Slow, all of it (make test-full only): each class starts the service and
# Chromium and walks its pages (about 35 CPU-s).
pytestmark = pytest.mark.slow


class FitCase(unittest.TestCase):
    """A browser for the whole class; fits() measures a page at each width."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.axe = axe_source()
        SHOTS.mkdir(parents=True, exist_ok=True)
        cls.driver = browser(tempfile.mkdtemp(dir=cls.tmp.name))
        cls.addClassCleanup(cls.driver.quit)
        cls.driver.set_script_timeout(120)

    def fits(self, name, url):
        """The page at URL at each width: its measures, printed; fails on
        any problem (after measuring every width)."""
        problems = []
        for width in WIDTHS:
            problems += measure(self.driver, self.axe, name, url, width, SHOTS / ("%s-%d.png" % (name, width))).problems()
        self.assertEqual(problems, [])


class ServeFitTest(FitCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        folder = cls.tmp.name
        cls.tokens = write_roster(folder, ["ann", "ben", "cat"])
        cls.staff = "staff-secret-%s" % os.urandom(8).hex()
        with open(os.path.join(folder, "staff-token"), "w", encoding="utf-8") as handle:
            handle.write(cls.staff + "\n")
        cls.service = Service(folder, ["--workers", "1", "--timeout", "2", "--category", "official",
                                       "--staff-token", os.path.join(folder, "staff-token")])
        cls.addClassCleanup(cls.service.stop)
        cls.service.start()
        mutant = Path(folder, "mutant")
        planted_fault(mutant)
        kinds = {"ann": programs.sources("wrong", "ann"), "ben": programs.sources("broken", "ben"),
                 "cat": {p.name: p.read_bytes() for p in sorted(mutant.glob("*.[ch]"))}}
        cls.sids = {}
        for name, files in kinds.items():
            status, _, body = submit(cls.service, cls.tokens[name], files)
            assert status == 202, (status, body)
            cls.sids[name] = body["id"]
        for name, sid in cls.sids.items():
            wait_final(cls.service, cls.tokens[name], sid)

    def log_in(self, path, token):
        self.driver.delete_all_cookies()
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.driver.get(self.service.base + path)
        found(self.driver, "token").send_keys(token)
        self.driver.find_element(By.ID, "login").click()
        WebDriverWait(self.driver, 30, poll_frequency=0.1).until(lambda d: not d.find_elements(By.ID, "token"))

    def report(self, name):
        self.log_in("/", self.tokens[name])
        url = "%s/submissions/%s" % (self.service.base, self.sids[name])
        self.fits("report-" + name, url)
        return self.driver.find_element(By.ID, "verdict").text

    def test_login(self):
        self.driver.delete_all_cookies()
        self.fits("login", self.service.base + "/")
        self.assertIn("token your course staff sent you", self.driver.find_element(By.TAG_NAME, "body").text)

    def test_home(self):
        self.log_in("/", self.tokens["cat"])  # (her history lists a dozen files)
        self.fits("home", self.service.base + "/")
        label = self.driver.find_element(By.CSS_SELECTOR, "label[for=file]")
        self.assertTrue(label.is_displayed() and label.text)
        self.assertEqual(self.driver.find_element(By.ID, "upload").text, "Upload and check")

    def test_report_with_failures(self):
        self.assertRegex(self.report("ann"), r"^(\d+) of \1 visible tests fail$")

    def test_report_with_a_likely_cause(self):
        self.assertRegex(self.report("cat"), r"^[1-9]\d* of \d+ visible tests fail$")
        # The verdict, then the likely causes, then the failing cases.
        order = self.driver.execute_script(
            "return ['verdict', 'causes', 'failures'].map(function (id) {"
            " var e = document.getElementById(id); return e ? e.getBoundingClientRect().top : null; });")
        self.assertNotIn(None, order)
        self.assertEqual(order, sorted(order))

    def test_report_with_a_case_in_the_games_terms(self):
        """The first failing case open: its sentences, the input actions,
        the board before the block that differs, the two blocks side by
        side, the files and the command that reruns it."""
        self.report("cat")
        case = self.driver.find_element(By.CSS_SELECTOR, "details[open] .case")
        self.assertIn("the board before", case.text)
        self.assertTrue(case.find_element(By.CSS_SELECTOR, "tr.differs").is_displayed())
        self.assertIn("| diff - ", case.find_element(By.CSS_SELECTOR, "code.command").text)

    def test_report_of_a_build_failure(self):
        self.assertEqual(self.report("ben"), "Your program does not compile")
        # The compiler's error stands as text, above the full messages' box.
        error = self.driver.find_element(By.ID, "build-error").text
        self.assertIn("error", error)

    def test_staff(self):
        # two hanging programs for the one worker: one running, one queued behind it
        for name in ("ann", "ben"):
            self.assertEqual(submit(self.service, self.tokens[name], programs.sources("hanging", "fit"))[0], 202)
        self.log_in("/staff", self.staff)
        self.fits("staff", self.service.base + "/staff")
        for table in ("recent", "jobs"):
            links = self.driver.find_elements(By.CSS_SELECTOR, "#%s td[data-label=submission] a" % table)
            self.assertTrue(links, "no submission linked in #" + table)
            self.assertTrue(all("/staff/submissions/" in a.get_attribute("href") for a in links))
            names = self.driver.find_elements(By.CSS_SELECTOR, "#%s td[data-label=student] a" % table)
            self.assertEqual(len(names), len(links))
            self.assertTrue(all("/staff/students/" in a.get_attribute("href") for a in names))

    def test_staff_student(self):
        self.log_in("/staff", self.staff)
        self.fits("staff-student", self.service.base + "/staff/students/cat")
        links = self.driver.find_elements(By.CSS_SELECTOR, "#history td[data-label=report] a")
        self.assertEqual([a.get_attribute("href").rsplit("/", 1)[1] for a in links], [self.sids["cat"]])


def planted_fault(dest: Path) -> None:
    """Our engine with a fault of src/diagnose's catalogue (no-tower-promotion:
    a piece at the far row not made a tower), so that its report names a likely cause."""
    dest.mkdir(parents=True)
    for source in sorted((paths.SRC / "checkers").glob("*.[ch]")):
        shutil.copy(source, dest / source.name)
    subprocess.run(["patch", "-s", "-p1", "-d", str(dest), "-i",
                    str(paths.SRC / "diagnose" / "faults" / "checkers" / "no-tower-promotion.patch")], check=True)


class MarkFitTest(FitCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        top = Path(cls.tmp.name)
        planted_fault(top / "class" / "mutant-01")
        engine = top / "class" / "engine"
        engine.mkdir()
        for source in sorted((paths.SRC / "checkers").glob("*.[ch]")):
            shutil.copy(source, engine / source.name)
        shutil.copytree(engine, top / "class" / "broken")
        shutil.copy(paths.SRC / "mark" / "tests" / "fixtures" / "syntax-error.c", top / "class" / "broken")
        cls.out = top / "out"
        subprocess.run([str(paths.ROOT / "scripts" / "mark"), "--output", str(cls.out), "--category", "official",
                        "--category", "examples", "--memcheck", "0", "--timeout", "2"]
                       + sorted(str(p) for p in (top / "class").iterdir()),
                       cwd=paths.ROOT, check=True, capture_output=True)

    def test_class_page(self):
        self.fits("mark-class", (self.out / "index.html").as_uri())

    def test_submission_page(self):
        self.fits("mark-mutant-01", (self.out / "submissions" / "mutant-01" / "index.html").as_uri())

    def test_submission_page_of_a_build_failure(self):
        self.fits("mark-broken", (self.out / "submissions" / "broken" / "index.html").as_uri())


if __name__ == "__main__":
    unittest.main()
