"""The page's sessions are the service's to end (issue 40, finding 6 and
the CSRF of finding 9), tried with a copied cookie as an attacker keeps
one: log-out ends it, a new token in the roster or a new --staff-token
ends the old sessions, none outlives --session-hours (8 by default, not
a month), the cookie is Secure when the service is reached over HTTPS,
and the JSON API does not take a submission on the cookie alone from
another site. Run on SQLite by make unit and on PostgreSQL by serve.bats."""

import os
import tempfile
import time
import unittest

import pytest

from harness.serve import config, programs
from harness.serve.client import Service, Visitor, write_roster


def cookie_line(headers):
    return next(line for line in headers.get_all("Set-Cookie") if line.startswith("session="))


class Sessions:
    """A roster of ann and ben, a staff token, and a service (--workers 0)
    with them; replay() tries a copied cookie."""

    def write_staff(self, token):
        self.staff = token
        with open(self.staff_file, "w") as handle:
            handle.write(token + "\n")

    def begin(self, tmp):
        self.tmp = tmp
        self.tokens = write_roster(tmp.name, ["ann", "ben"])
        self.staff_file = os.path.join(tmp.name, "staff-token")
        Sessions.write_staff(self, "staff-secret-%s" % os.urandom(16).hex())  # (SELF: a test, or its class)
        self.options = ["--workers", "0", "--staff-token", self.staff_file]
        self.service = None

    def replay(self, cookie, path="/api/submissions"):
        """The status of a request carrying only a copied cookie."""
        thief = Visitor(self.service)
        thief.cookie = cookie
        return thief.call(path)[0]


class DefaultSessionsTest(Sessions, unittest.TestCase):
    """The tests of a service with the default options: one service for
    them all (each test logs in afresh and ends only its own sessions; the
    one that submits checks ann's list before, and no other submits)."""

    @classmethod
    def setUpClass(cls):
        tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(tmp.cleanup)
        Sessions.begin(cls, tmp)
        cls.service = Service(tmp.name, cls.options)
        cls.addClassCleanup(cls.service.stop)
        cls.service.start()

    def test_log_out_ends_the_session_for_a_copied_cookie_too(self):
        ann = Visitor(self.service)
        self.assertEqual(ann.login(self.tokens["ann"])[0], 303)
        copied = ann.cookie
        self.assertEqual(self.replay(copied), 200)
        ann.logout()
        self.assertEqual(self.replay(copied), 401)
        self.assertEqual(ann.call("/api/submissions")[0], 401)

    def test_a_forwarded_proto_is_ignored_unless_the_proxy_is_trusted(self):
        visitor = Visitor(self.service)
        line = cookie_line(visitor.call("/login", form={"csrf": visitor.csrf(), "token": self.tokens["ann"]},
                                        headers={"X-Forwarded-Proto": "https"})[1])
        self.assertNotIn("Secure", line)

    def test_the_api_takes_no_submission_on_a_cookie_from_another_site(self):
        ann = Visitor(self.service)
        ann.login(self.tokens["ann"])
        files = sorted(programs.sources("wrong", "csrf").items())
        for headers in ({}, {"Origin": "http://evil.example"}, {"Referer": "http://evil.example/x"},
                        {"X-CSRF-Token": "forged", "Origin": "null"}):
            status, _, body = ann.call("/api/submissions", files=files, headers=headers)
            self.assertEqual(status, 403, headers)
            self.assertIn("X-CSRF-Token", body["error"])
        self.assertEqual(ann.call("/api/submissions")[2]["submissions"], [])
        token = ann.csrf()
        for headers in ({"X-CSRF-Token": token}, {"Origin": self.service.base}):
            self.assertEqual(ann.call("/api/submissions", files=files, headers=headers)[0], 202, headers)


class SessionsTest(Sessions, unittest.TestCase):
    """The tests that start the service with options of their own, or again."""

    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.begin(tmp)

    def start(self, options=()):
        if self.service is not None:
            self.service.stop()
            options = list(options) + ["--db", self.service.db] if self.service.db else options
        self.service = Service(self.tmp.name, self.options + list(options),
                               port=self.service.port if self.service else None)
        self.addCleanup(self.service.stop)
        return self.service.start()

    @pytest.mark.slow
    def test_a_new_token_or_staff_token_ends_the_old_sessions(self):
        self.start()
        ann, staff = Visitor(self.service), Visitor(self.service)
        ann.login(self.tokens["ann"])
        self.assertEqual(staff.login(self.staff, "/staff/login")[0], 303)
        self.assertEqual((self.replay(ann.cookie), self.replay(staff.cookie, "/api/queue")), (200, 200))
        self.tokens = write_roster(self.tmp.name, ["ann", "ben"])  # every token new
        self.write_staff("staff-secret-%s" % os.urandom(16).hex())
        self.start()
        self.assertEqual(self.replay(ann.cookie), 401)
        self.assertEqual(self.replay(staff.cookie, "/api/queue"), 401)
        again = Visitor(self.service)
        again.login(self.tokens["ann"])
        self.assertEqual(self.replay(again.cookie), 200)

    @pytest.mark.slow
    def test_a_session_ends_after_its_hours(self):
        self.assertLessEqual(config.SESSION_HOURS, 12)
        self.start(["--session-hours", str(3 / 3600)])
        ann = Visitor(self.service)
        ann.login(self.tokens["ann"])
        self.assertEqual(self.replay(ann.cookie), 200)
        time.sleep(4)
        self.assertEqual(self.replay(ann.cookie), 401)

    @pytest.mark.slow
    def test_the_cookie_is_secure_over_https_only(self):
        self.start(["--trust-proxy"])
        plain = Visitor(self.service)
        line = cookie_line(plain.login(self.tokens["ann"])[1])
        self.assertIn("HttpOnly", line)
        self.assertNotIn("Secure", line)
        proxied = Visitor(self.service)
        line = cookie_line(proxied.call("/login", form={"csrf": proxied.csrf(), "token": self.tokens["ann"]},
                                        headers={"X-Forwarded-Proto": "https"})[1])
        self.assertIn("Secure", line)
        self.start(["--base-url", "https://check.example.edu"])
        line = cookie_line(Visitor(self.service).login(self.tokens["ann"])[1])
        self.assertIn("Secure", line)


if __name__ == "__main__":
    unittest.main()
