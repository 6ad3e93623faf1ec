"""python3 -m harness.mark.feedback (scripts/feedback; scripts/mark runs it with its
--roster, --feedback... options): the roster against a class's marks, the
feedback e-mails written, then sent. --help for the options.
"""

import sys

from .classlist import MISSING, WRITTEN, MarksError, load_marks, match, missing_lines
from .message import write_all
from .options import UsageError, check, credentials, parser
from .smtp import SendError, send_all


def write(args, roster):
    """The roster matched with the marks; with --feedback, the e-mails."""
    document = load_marks(args.marks)
    entries = match(document, roster)
    statuses = [status for status, _ in MISSING]
    if not args.feedback:
        statuses = ["not-on-roster", "no-submission"]
    for line in missing_lines(entries, statuses):
        print(line)
    if args.feedback:
        title = args.assignment or "the %s assignment" % document.get("program", "")
        count = write_all(args.marks, document, entries, args.feedback, args.feedback_from, title, args.failures)
        without = sum(1 for e in entries if e["status"] != WRITTEN)
        print("feedback: %d e-mail%s written to %s (index: feedback.tsv), %d student%s without one"
              % (count, "" if count == 1 else "s", args.feedback, without, "" if without == 1 else "s"))


def send(args):
    """Sends (or lists) FBDIR's e-mails; returns the exit status."""
    sent, failed, already = send_all(args.feedback, args.send_feedback, credentials(args), args.smtp_cafile,
                                     args.smtp_timeout, args.dry_run)
    if args.dry_run:
        print("feedback: dry run: nothing sent (%d already sent before)" % already)
        return 0
    print("feedback: %d sent, %d failed, %d already sent before" % (sent, failed, already))
    if failed:
        print("feedback: the same command sends the ones that failed (sent.tsv keeps the others from "
              "being sent again)", file=sys.stderr)
    return 1 if failed else 0


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        roster = check(args)
        if args.check:
            return 0
        if args.marks and roster is not None:
            write(args, roster)
        if args.send_feedback or args.dry_run:
            return send(args)
    except (UsageError, MarksError, SendError) as error:
        print("feedback: %s" % error, file=sys.stderr)
        # No server, or one that refused: 1, as for an e-mail refused; bad usage or input: 2.
        return 1 if isinstance(error, SendError) else 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
