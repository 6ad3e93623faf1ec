"""test_feedback_send.py -- the feedback e-mails sent to an SMTP server of
the test's own on 127.0.0.1 (aiosmtpd): each student's received with the
right recipient, the marks and the page; a dry run sends nothing; a
refused recipient stops no other; a re-run sends nobody twice; STARTTLS
and a login; a bad address or no server, said. Run by make unit.
"""

import email
import email.policy
import os
import pathlib
import tempfile
import unittest
from unittest import mock

from harness.mark.tests.feedback_fixture import Inbox, MarkedClassTest, free_port, run_feedback, start_server


class SendTest(MarkedClassTest):
    def setUp(self):
        self.fb = pathlib.Path(tempfile.mkdtemp(dir=self.tmp.name))
        status, _, errors = run_feedback("--marks", self.out, "--roster", self.out / "roster.csv",
                                         "--feedback", self.fb, "--feedback-from", "marker@example.edu")
        self.assertEqual(status, 0, errors)
        self.inbox = Inbox()

    def serve(self, **options):
        controller = start_server(self.inbox, **options)
        self.addCleanup(controller.stop)
        return "smtp://127.0.0.1:%d" % controller.port

    def send(self, url, *extra):
        return run_feedback("--feedback", self.fb, "--send-feedback", url, *extra)

    def received(self):
        """{recipient: message} of what the server accepted."""
        return {to[0]: email.message_from_bytes(data.replace(b"\r\n", b"\n"), policy=email.policy.default)
                for to, data in self.inbox.received}

    def test_each_student_receives_their_marks_and_page(self):
        status, printed, errors = self.send(self.serve())
        self.assertEqual(status, 0, errors)
        self.assertEqual(len(self.inbox.received), 2)
        got = self.received()
        self.assertEqual(sorted(got), ["bad@example.edu", "good@example.edu"])
        bad = got["bad@example.edu"]
        self.assertEqual(bad["To"], "bad@example.edu")
        self.assertIn("\nFinal mark: 1.00 of 10.00\n", bad.get_body(("plain",)).get_content())
        [page] = list(bad.iter_attachments())
        self.assertEqual((page.get_content_type(), page.get_filename()), ("text/html", "bad.html"))
        self.assertIn("why beta/b2 &lt;is&gt; &amp; here", page.get_content())
        self.assertIn("Every case passed.", got["good@example.edu"].get_body(("plain",)).get_content())
        self.assertTrue(printed.endswith("feedback: 2 sent, 0 failed, 0 already sent before\n"), printed)

    def test_a_dry_run_lists_and_sends_nothing(self):
        url = self.serve()
        status, printed, _ = self.send(url, "--dry-run")
        self.assertEqual(status, 0)
        self.assertEqual(self.inbox.received, [])
        size = os.path.getsize(self.fb / "bad.eml")
        self.assertIn("feedback: would send to x<script>alert(\"&\")</script> <bad@example.edu>: "
                      "Feedback on the checkers assignment: final mark 1.00 of 10.00 (%d bytes)\n" % size, printed)
        self.assertFalse((self.fb / "sent.tsv").exists())
        # Without a server at all, too.
        self.assertEqual(run_feedback("--feedback", self.fb, "--dry-run")[0], 0)

    def test_a_refused_recipient_stops_no_other_and_a_rerun_sends_nobody_twice(self):
        url = self.serve()
        self.inbox.refuse.add("good@example.edu")
        status, printed, errors = self.send(url)
        self.assertEqual(status, 1)
        self.assertEqual([to for to, _ in self.inbox.received], [["bad@example.edu"]])
        self.assertIn("feedback: good <good@example.edu>: not sent: 550 5.1.1 no such mailbox here\n", printed)
        self.assertIn("feedback: 1 sent, 1 failed, 0 already sent before", printed)
        self.assertIn("the same command sends the ones that failed", errors)
        self.inbox.refuse.clear()
        status, printed, _ = self.send(url)
        self.assertEqual(status, 0)
        self.assertEqual([to for to, _ in self.inbox.received], [["bad@example.edu"], ["good@example.edu"]])
        self.assertIn("already sent (", printed)
        self.assertIn("feedback: 1 sent, 0 failed, 1 already sent before", printed)
        status, printed, _ = self.send(url)
        self.assertEqual((status, len(self.inbox.received)), (0, 2))
        self.assertIn("feedback: 0 sent, 0 failed, 2 already sent before", printed)
        with open(self.fb / "sent.tsv", encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        self.assertEqual([line.split("\t")[:3] for line in lines],
                         [["name", "email", "file"], ['x<script>alert("&")</script>', "bad@example.edu", "bad.eml"],
                          ["good", "good@example.edu", "good.eml"]])

    def test_starttls_and_a_login(self):
        url = self.serve(tls_folder=self.tmp.name, login=("marker", "s3cret"))
        cafile = os.path.join(self.tmp.name, "cert.pem")
        status, _, errors = self.send(url, "--smtp-cafile", cafile)
        self.assertEqual(status, 1)
        self.assertIn("asks for a login: set SMTP_USER and SMTP_PASSWORD", errors)
        password = pathlib.Path(self.tmp.name) / "password"
        password.write_text("wrong\n", encoding="utf-8")
        status, _, errors = self.send(url, "--smtp-cafile", cafile, "--smtp-user", "marker",
                                      "--smtp-password-file", password)
        self.assertEqual(status, 1)
        self.assertIn("refused the login of marker", errors)
        # A server whose certificate nobody vouches for is refused.
        status, _, errors = self.send(url, "--smtp-user", "marker", "--smtp-password-file", password)
        self.assertEqual(status, 1)
        self.assertIn("no secure connection: [SSL: CERTIFICATE_VERIFY_FAILED]", errors)
        self.assertEqual(self.inbox.received, [])
        with mock.patch.dict(os.environ, {"SMTP_USER": "marker", "SMTP_PASSWORD": "s3cret"}):
            status, _, errors = self.send(url, "--smtp-cafile", cafile)
        self.assertEqual(status, 0, errors)
        self.assertEqual(sorted(self.received()), ["bad@example.edu", "good@example.edu"])

    def test_no_server_or_a_bad_address_is_said_and_nothing_is_recorded(self):
        status, _, errors = self.send("smtp://127.0.0.1:%d" % free_port())
        self.assertEqual(status, 1)
        self.assertRegex(errors, r"cannot reach the SMTP server smtp://127\.0\.0\.1:\d+: .*refused; nothing sent")
        status, _, errors = self.send("smtp://user:pw@127.0.0.1:25")
        self.assertEqual(status, 2)
        self.assertIn("is no SMTP server's address", errors)
        self.assertFalse((self.fb / "sent.tsv").exists())


if __name__ == "__main__":
    unittest.main()
