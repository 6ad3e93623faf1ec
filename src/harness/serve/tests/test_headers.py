"""What every answer says and where its links point, and the doors that
take a token (issue 40, finding 9): a Content Security Policy and both
frame headers on every page and refusal; url, page and Location made
from the base URL, never from the Host header; failed log-ins throttled
per address and per name (429 with Retry-After, the right token
included); and tokens too short to be secrets refused at start with the
roster's line or the token's file."""

import os
import signal
import subprocess
import tempfile
import unittest

from harness.serve import programs
from harness.serve.client import PYTHON, ROOT, Service, Visitor, python_env, request, submit, write_roster


def start_refused(options, timeout=60):
    """(status, output) of scripts/serve expected to stop at start; one that
    keeps running is stopped (its whole group) and counts as not refused."""
    process = subprocess.Popen(PYTHON + ["harness.serve", "--workers", "0"] + options, cwd=ROOT, env=python_env(),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        output = process.communicate(timeout=timeout)[0]
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        return None, process.communicate()[0]
    return process.returncode, output


class HeadersTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.tokens = write_roster(cls.tmp.name, ["ann", "ben", "cat"])
        cls.staff_file = os.path.join(cls.tmp.name, "staff-token")
        cls.staff = "staff-secret-%s" % os.urandom(16).hex()
        with open(cls.staff_file, "w") as handle:
            handle.write(cls.staff + "\n")
        cls.service = Service(cls.tmp.name, ["--workers", "0", "--staff-token", cls.staff_file, "--trust-proxy"])
        cls.addClassCleanup(cls.service.stop)
        cls.service.start()

    def test_every_answer_has_a_policy_and_refuses_frames(self):
        base = self.service.base
        for url, token in ((base + "/", None), (base + "/healthz", None), (base + "/api/submissions", None),
                           (base + "/api/submissions", self.tokens["ann"]), (base + "/staff", None),
                           (base + "/submissions/nothing", self.tokens["ann"]), (base + "/no/such/page", None)):
            headers = request(url, token)[1]
            policy = headers.get("Content-Security-Policy", "")
            self.assertIn("frame-ancestors 'none'", policy, url)
            self.assertIn("default-src 'none'", policy, url)
            self.assertNotIn("unsafe-inline", policy.split("script-src", 1)[-1].split(";")[0], url)
            self.assertEqual(headers.get("X-Frame-Options"), "DENY", url)
            self.assertEqual(headers.get("X-Content-Type-Options"), "nosniff", url)

    def test_links_come_from_the_base_url_not_the_host_header(self):
        visitor = Visitor(self.service)
        visitor.login(self.tokens["cat"])
        status, headers, body = visitor.call("/api/submissions", files=sorted(programs.sources("wrong").items()),
                                             headers={"Host": "evil.example", "X-CSRF-Token": visitor.csrf(),
                                                      "X-Forwarded-Host": "evil.example"})
        self.assertEqual(status, 202)
        for url in (body["url"], body["page"], headers["Location"]):
            self.assertTrue(url.startswith(self.service.base + "/"), url)
        status, headers, _ = visitor.call("/logout", form={"csrf": visitor.csrf()}, headers={"Host": "evil.example"})
        self.assertEqual(status, 303)
        self.assertTrue(headers["Location"].startswith(self.service.base + "/"), headers["Location"])

    def test_failed_log_ins_are_throttled_per_address(self):
        address = {"X-Forwarded-For": "192.0.2.10"}
        for n in range(10):
            self.assertEqual(Visitor(self.service).call("/api/submissions", headers=dict(
                address, Authorization="Bearer guess-%d" % n))[0], 401)
        status, headers, body = Visitor(self.service).call("/api/submissions", headers=dict(
            address, Authorization="Bearer " + self.tokens["ben"]))
        self.assertEqual(status, 429)
        self.assertGreater(int(headers["Retry-After"]), 60)
        visitor = Visitor(self.service)
        status = visitor.call("/login", form={"csrf": visitor.csrf(), "token": self.tokens["ben"]}, headers=address)[0]
        self.assertEqual(status, 429)
        self.assertEqual(submit(self.service, self.tokens["ben"], programs.sources("wrong"))[0], 202)  # others not

    def test_failed_staff_log_ins_are_throttled_per_name_across_addresses(self):
        url = self.service.base + "/api/queue"
        for n in range(30):
            headers = {"X-Forwarded-For": "198.51.100.%d" % n, "Authorization": "Bearer wrong-%d" % n}
            self.assertEqual(Visitor(self.service).call("/api/queue", headers=headers)[0], 401)
        status = Visitor(self.service).call("/api/queue", headers={"X-Forwarded-For": "203.0.113.1",
                                                                     "Authorization": "Bearer " + self.staff})[0]
        self.assertEqual(status, 429, url)

    def test_short_tokens_are_refused_at_start_with_their_line(self):
        folder = os.path.join(self.tmp.name, "short")
        os.makedirs(folder)
        roster = os.path.join(folder, "roster.csv")
        with open(roster, "w") as handle:
            handle.write("name,token\nann,%s\nben,ben2024\n" % os.urandom(16).hex())
        status, output = start_refused(["--data", folder, "--roster", roster, "--port", "1"])
        self.assertEqual(status, 2, output)
        self.assertIn("roster.csv:3 (ben)", output)
        self.assertNotIn("serve.sqlite", os.listdir(folder))
        staff = os.path.join(folder, "staff-token")
        with open(staff, "w") as handle:
            handle.write("%s\n" % os.urandom(8).hex())  # 16 characters, 8 bytes
        status, output = start_refused(["--data", folder, "--staff-token", staff, "--port", "1"])
        self.assertEqual(status, 2, output)
        self.assertIn(staff, output)


if __name__ == "__main__":
    unittest.main()
