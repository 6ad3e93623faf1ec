"""options.py -- scripts/feedback's options (scripts/mark passes its own
--roster, --feedback... through), read and checked together before any
work: each problem is a UsageError naming the option, file and line.
"""

import argparse
import getpass
import os
import socket
import urllib.parse

from harness.mark.roster import ADDRESS, RosterError, read_roster

USAGE = """\
scripts/feedback --marks DIR --roster CSV [--feedback FBDIR] [options]
scripts/feedback --feedback FBDIR --send-feedback smtp://HOST:PORT [--dry-run] [options]"""

DESCRIPTION = """\
Feedback to every student of a class marked by scripts/mark: the roster
(CSV, columns name and email; the service's token column and any other
ignored) against the marks of DIR (every name on one and not the other is
listed), one e-mail per student written to FBDIR/FOLDER.eml (the marks per
part, late days and penalty, the final mark, the first failures explained,
the submission's page attached) with FBDIR/feedback.tsv, their index; then
sent by SMTP, each once (FBDIR/sent.tsv records what was sent).
Credentials for the SMTP server: the environment's SMTP_USER and
SMTP_PASSWORD, or --smtp-user and --smtp-password-file (never a password on
the command line). Exit status: 0 done, 1 some e-mail could not be sent (or
the server could not be reached), 2 bad usage or input."""

SMTP_PORTS = {"smtp": 25, "smtps": 465}


class UsageError(Exception):
    """An option or input that cannot be used, said for people."""


def parser():
    p = argparse.ArgumentParser(prog="scripts/feedback", usage=USAGE, description=DESCRIPTION,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--marks", metavar="DIR", help="a mark output (scripts/mark --output): its marks.json and pages")
    p.add_argument("--roster", metavar="CSV", help="the class's roster: columns name and email")
    p.add_argument("--feedback", metavar="FBDIR", help="where the e-mails are written, and sent from")
    p.add_argument("--feedback-from", metavar="ADDRESS",
                   help="the e-mails' From (default: $FEEDBACK_FROM, else USER@this host's name)")
    p.add_argument("--assignment", metavar="TITLE", help="the assignment's name in the subject and the text "
                   "(default: the marks' program, checkers or draughts)")
    p.add_argument("--failures", metavar="N", type=int, default=5,
                   help="failing cases explained in each e-mail (default: 5; the page attached has all)")
    p.add_argument("--send-feedback", metavar="URL", help="send FBDIR's e-mails through this SMTP server: "
                   "smtp://HOST[:PORT] (STARTTLS when offered; port 25) or smtps://HOST[:PORT] (TLS; 465)")
    p.add_argument("--dry-run", action="store_true", help="list what would be sent (to whom, subject, size); "
                   "send nothing, connect to nothing")
    p.add_argument("--smtp-user", metavar="USER", help="the login, when the server asks (default: $SMTP_USER)")
    p.add_argument("--smtp-password-file", metavar="FILE",
                   help="the password, its first line (default: $SMTP_PASSWORD)")
    p.add_argument("--smtp-cafile", metavar="FILE", help="the certificates that vouch for the server's "
                   "(default: the system's)")
    p.add_argument("--smtp-timeout", metavar="S", type=float, default=30.0, help="seconds per SMTP step (30)")
    p.add_argument("--check", action="store_true",
                   help="check the options and the roster only (scripts/mark does, before marking)")
    return p


def default_sender():
    return os.environ.get("FEEDBACK_FROM") or "%s@%s" % (getpass.getuser(), socket.getfqdn())


def smtp_address(url):
    """(scheme, host, port) of an smtp:// or smtps:// URL; UsageError else."""
    parts = urllib.parse.urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = -1
    if parts.scheme not in SMTP_PORTS or not parts.hostname or port == -1 or parts.path not in ("", "/") \
            or parts.query or parts.username:
        raise UsageError("--send-feedback '%s' is no SMTP server's address: smtp://HOST[:PORT] or "
                         "smtps://HOST[:PORT] (credentials: SMTP_USER and SMTP_PASSWORD)" % url)
    return parts.scheme, parts.hostname, port or SMTP_PORTS[parts.scheme]


def credentials(args):
    """(user, password) or None; a password only from a file or the environment."""
    user = args.smtp_user or os.environ.get("SMTP_USER", "")
    password = os.environ.get("SMTP_PASSWORD", "")
    if args.smtp_password_file:
        try:
            with open(args.smtp_password_file, encoding="utf-8") as handle:
                password = handle.readline().rstrip("\r\n")
        except (OSError, UnicodeDecodeError) as problem:
            raise UsageError("--smtp-password-file: cannot read %s: %s"
                             % (args.smtp_password_file, getattr(problem, "strerror", problem))) from None
    if bool(user) != bool(password):
        raise UsageError("a login needs both a user (--smtp-user or SMTP_USER) and a password "
                         "(--smtp-password-file or SMTP_PASSWORD)")
    return (user, password) if user else None


def check(args):
    """Every option checked, the roster read; returns the roster (or None).
    Raises UsageError."""
    if args.feedback and not args.roster and (args.marks or args.check):
        raise UsageError("--feedback needs --roster (the students' e-mail addresses)")
    if (args.send_feedback or args.dry_run) and not args.feedback:
        raise UsageError("--send-feedback and --dry-run need --feedback FBDIR (the e-mails to send)")
    if args.roster and not (args.marks or args.check):
        raise UsageError("--roster needs --marks DIR (the class's marks to match it with)")
    if not (args.check or args.roster or args.send_feedback or args.dry_run):
        raise UsageError("nothing to do: give --marks and --roster (and --feedback), or --feedback and "
                         "--send-feedback (or --dry-run)")
    if args.marks and not os.path.isfile(os.path.join(args.marks, "marks.json")):
        raise UsageError("--marks: %s holds no marks.json (a scripts/mark --output)" % args.marks)
    if args.failures < 0:
        raise UsageError("--failures needs a whole number, 0 or more")
    if args.feedback and args.roster:
        args.feedback_from = args.feedback_from or default_sender()
        if not ADDRESS.fullmatch(args.feedback_from):
            raise UsageError("--feedback-from '%s' is no e-mail address (the default: $FEEDBACK_FROM, else "
                             "USER@this host's name)" % args.feedback_from)
    if args.send_feedback:
        smtp_address(args.send_feedback)
        credentials(args)
    if args.smtp_cafile and not os.path.isfile(args.smtp_cafile):
        raise UsageError("--smtp-cafile: no file %s" % args.smtp_cafile)
    if not args.roster:
        return None
    try:
        return read_roster(args.roster, ("name", "email") if args.feedback else ("name",))
    except RosterError as error:
        raise UsageError("--roster: %s" % error) from None
