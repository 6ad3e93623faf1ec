"""The page in a real browser (Debian's Chromium and chromedriver through
Selenium, headless): log in with the token, upload a file through the
form, read the verdict; once with JavaScript (the position kept live) and
once without (the plain form and the page's refresh)."""

import os
import tempfile
import unittest

import pytest
from selenium.webdriver.common.by import By

from harness.serve import programs
from harness.serve.client import Service, write_roster
from harness.serve.tests.browsing import browser, found, until


def done(driver):
    """Whether the page shows the verdict: "done", on the reloaded page (the
    live page's script sets "done" just before it reloads; the verdict is
    the page without #live). A page reloading under it is not done yet:
    browsing.until asks again."""
    return driver.find_element(By.ID, "state").text == "done" and not driver.find_elements(By.ID, "live")


class BrowserTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.tokens = write_roster(cls.tmp.name, ["ann", "ben"])
        cls.service = Service(cls.tmp.name, ["--workers", "1", "--timeout", "2", "--category", "official"])
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.addClassCleanup(cls.service.stop)
        cls.service.start()

    def upload_and_read(self, name, javascript):
        driver = browser(tempfile.mkdtemp(dir=self.tmp.name), javascript)
        self.addCleanup(driver.quit)
        driver.get(self.service.base + "/")
        driver.find_element(By.ID, "token").send_keys("wrong-token")
        driver.find_element(By.ID, "login").click()
        self.assertIn("no student has this token", found(driver, "error").text)
        found(driver, "token").send_keys(self.tokens[name])
        driver.find_element(By.ID, "login").click()
        path = os.path.join(self.tmp.name, name + ".c")
        with open(path, "wb") as handle:
            handle.write(programs.sources("wrong", name)["program.c"])
        found(driver, "file").send_keys(path)
        driver.find_element(By.ID, "upload").click()
        self.assertIn(found(driver, "state").text, ("queued", "running", "done"))
        until(driver, done, 120, poll=0.5)
        passed, summary = driver.find_element(By.ID, "passed").text, driver.find_element(By.ID, "summary").text
        self.assertRegex(passed, r"^0 of \d+$")
        self.assertIn("0 passed", summary)
        self.assertTrue(driver.find_elements(By.CSS_SELECTOR, "details pre"), "no report of a failure")
        driver.find_element(By.LINK_TEXT, "\u2190 your submissions").click()
        self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, "#history tbody tr")), 1)
        return driver

    @pytest.mark.slow
    def test_upload_with_javascript(self):
        self.upload_and_read("ann", True)

    @pytest.mark.slow
    def test_upload_without_javascript(self):
        self.upload_and_read("ben", False)


if __name__ == "__main__":
    unittest.main()
