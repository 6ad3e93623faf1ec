"""message.py -- a student's feedback as one MIME e-mail (Python's
EmailMessage): the text (body.py) and the submission's page attached as
text/html, without the parts for the staff only (who else the submission
was found similar to); written to FBDIR/FOLDER.eml, with FBDIR/feedback.tsv,
the index the sending reads.
"""

import os
import re
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from . import body
from .classlist import MarksError
from .failures import first_failures

INDEX = "feedback.tsv"
INDEX_COLUMNS = ("name", "folder", "email", "status", "file", "subject")

# The page's parts marked for the staff only (the report's submission.html).
STAFF_ONLY = re.compile(r"<!-- staff-only -->.*?<!-- /staff-only -->\n?", re.S)


def student_page(marks_dir, folder):
    """The submission's page, for its student: the staff's parts left out."""
    path = os.path.join(marks_dir, "submissions", folder, "index.html")
    try:
        with open(path, encoding="utf-8") as handle:
            return STAFF_ONLY.sub("", handle.read())
    except OSError as problem:
        raise MarksError("--marks: cannot read the page %s: %s" % (path, problem.strerror)) from None


def build(marks_dir, document, entry, sender, title, most):
    """The EmailMessage of ENTRY (a classlist entry to be written)."""
    row = entry["row"]
    failures = first_failures(marks_dir, document, row, most)
    attachment = "%s.html" % entry["folder"]
    message = EmailMessage()
    message["From"] = sender
    message["To"] = entry["email"]
    message["Subject"] = body.subject(title, row)
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = make_msgid("feedback", domain=sender.rsplit("@", 1)[1])
    message.set_content(body.text(title, entry, document["scheme"].get("deadline"), failures, attachment))
    message.add_attachment(student_page(marks_dir, entry["folder"]), subtype="html", filename=attachment)
    return message


def replace_file(path, data):
    """PATH holds DATA, whole or not at all (written aside, then renamed)."""
    aside = path + ".part"
    with open(aside, "wb") as handle:
        handle.write(data)
    os.replace(aside, path)


def cell(value):
    return str(value).replace("\t", " ").replace("\n", " ")


def write_all(marks_dir, document, entries, fbdir, sender, title, most):
    """FBDIR/FOLDER.eml for each entry to be written, and FBDIR/feedback.tsv
    (a line per entry, written or not, and why); returns how many were written."""
    os.makedirs(fbdir, exist_ok=True)
    written = 0
    for entry in entries:
        entry["file"] = entry["subject"] = ""
        if entry["status"] != "written":
            continue
        message = build(marks_dir, document, entry, sender, title, most)
        entry["file"] = entry["folder"] + ".eml"
        entry["subject"] = message["Subject"]
        replace_file(os.path.join(fbdir, entry["file"]), message.as_bytes())
        written += 1
    lines = ["\t".join(INDEX_COLUMNS)]
    lines += ["\t".join(cell(entry[column]) for column in INDEX_COLUMNS) for entry in entries]
    replace_file(os.path.join(fbdir, INDEX), ("\n".join(lines) + "\n").encode("utf-8"))
    return written
