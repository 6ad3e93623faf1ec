"""sentlog.py -- FBDIR/sent.tsv, the record of the feedback e-mails sent:
a line per e-mail the server accepted, added (and flushed to disk) the
moment it did, so that a re-run, after a failure or an interruption,
never sends a student the same feedback twice. A student (name and
address) with a line is not sent to again; delete the line to send again.
"""

import os
import time

SENT = "sent.tsv"
COLUMNS = ("name", "email", "file", "subject", "sent", "message_id")


def already_sent(fbdir):
    """{(name, email): the time it was sent} from FBDIR/sent.tsv."""
    path = os.path.join(fbdir, SENT)
    if not os.path.isfile(path):
        return {}
    with open(path, encoding="utf-8", errors="replace") as handle:
        lines = handle.read().split("\n")
    header = lines[0].split("\t")
    sent = {}
    for line in lines[1:]:
        fields = dict(zip(header, line.split("\t")))
        if fields.get("name"):
            sent[(fields["name"], fields.get("email", ""))] = fields.get("sent", "")
    return sent


def record(fbdir, entry, message_id):
    """A line for ENTRY (name, email, file, subject), on disk before this returns."""
    path = os.path.join(fbdir, SENT)
    new = not os.path.isfile(path)
    values = [entry["name"], entry["email"], entry["file"], entry["subject"],
              time.strftime("%Y-%m-%dT%H:%M:%S%z"), message_id]
    with open(path, "a", encoding="utf-8") as handle:
        if new:
            handle.write("\t".join(COLUMNS) + "\n")
        handle.write("\t".join(str(v).replace("\t", " ").replace("\n", " ") for v in values) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
