"""feedback_fixture.py -- what the feedback's tests share: a marked class
made here (test_the report's class of three, with two more copies of its
passing submission, a deadline and submission times), its roster, the
feedback command run in this process, and an SMTP server of the test's
own on 127.0.0.1 (aiosmtpd), plain or with STARTTLS and a login.
"""

import contextlib
import io
import os
import pathlib
import shutil
import socket
import ssl
import subprocess
import tempfile
import unittest

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from harness.mark.feedback.__main__ import main as feedback_main
from harness.mark.intake.__main__ import take, write_rows
from harness.mark.intake.attempts import choose, read_submitted
from harness.mark.report.__main__ import main as report_main
from harness.mark.report.lateness import parse_time
from harness.mark.tests.test_markreport import HOSTILE, make_class, write

DEADLINE = "2021-10-15T18:00+11:00"
# good: on time; bad (HOSTILE): 16 hours late, one day's penalty.
SUBMITTED = "name,submitted\ngood,2021-10-15T12:00+11:00\n\"%s\",2021-10-16T10:00+11:00\n" % HOSTILE.replace('"', '""')
# quiet: on the roster without an address; stray: not on it; nobody: no submission.
ROSTER = ("Name , Token,EMAIL,group\ngood,t1,good@example.edu,A\n\"%s\",t2,bad@example.edu,A\n"
          "quiet,t3,,B\nlost,t4,lost@example.edu,B\nnobody,t5,nobody@example.edu,B\n,,,\n"
          % HOSTILE.replace('"', '""'))


def make_marked_class(out):
    """OUT: a mark output of five (good, bad, lost: not marked, quiet and
    stray: copies of good) and OUT/roster.csv."""
    make_class(out)
    for copy in ("quiet", "stray"):
        shutil.copytree(out / "submissions" / "good", out / "submissions" / copy)
    with open(out / "run.tsv", "a", encoding="utf-8") as handle:
        handle.write("quiet\tquiet\nstray\tstray\n")
    write(out / "submitted.csv", SUBMITTED)
    write(out / "roster.csv", ROSTER)
    # The times through the intake, as scripts/mark passes them: intake.tsv.
    deadline = parse_time(DEADLINE)
    _, listed = read_submitted(str(out / "submitted.csv"), deadline.tzinfo)
    write_rows(str(out), [take(name, choose(attempts, deadline), str(out)) for name, attempts in listed.items()])
    with contextlib.redirect_stdout(io.StringIO()):
        report_main(["--output", str(out), "--program", "checkers", "--profile", "assignment",
                     "--scheme", str(out / "scheme.tsv"), "--deadline", DEADLINE])


class MarkedClassTest(unittest.TestCase):
    """A test case with a marked class of its own, made once for its
    class: self.out, in the temporary folder self.tmp."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.out = pathlib.Path(cls.tmp.name) / "marks"
        make_marked_class(cls.out)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()


def run_feedback(*argv):
    """(exit status, stdout, stderr) of the feedback command with ARGV."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = feedback_main([str(a) for a in argv])
    return status, out.getvalue(), err.getvalue()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """aiosmtpd's handler: keeps every message (recipients, bytes);
    refuses the addresses of `refuse` at RCPT."""

    def __init__(self):
        self.received = []
        self.refuse = set()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.received.append((list(envelope.rcpt_tos), envelope.content))
        return "250 Message accepted for delivery"


def self_signed(folder):
    """(certificate, key) for 127.0.0.1, made by openssl in FOLDER."""
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    return cert, key


def start_server(inbox, tls_folder=None, login=None):
    """A running Controller on a free port of 127.0.0.1; with TLS_FOLDER,
    STARTTLS and a login (LOGIN: (user, password)) required."""
    options = {}
    if tls_folder:
        cert, key = self_signed(tls_folder)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert, key)

        def authenticator(server, session, envelope, mechanism, data):
            # (handled=False: aiosmtpd answers a refusal itself, 535)
            return AuthResult(success=(data.login.decode(), data.password.decode()) == login, handled=False)
        options = {"tls_context": context, "require_starttls": True, "auth_required": True,
                   "auth_require_tls": True, "authenticator": authenticator}
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port(), **options)
    controller.start()
    return controller
