"""python3 -m harness.mark.intake --output DIR [--deadline TIME] [--submitted CSV]
                    [--extensions CSV] [SUBMISSION...]

scripts/mark's intake, run once before it names the submissions: reads
and checks --submitted and --extensions whole (exit 2, file:line), takes
the class from the SUBMISSION folders and archives, or from the CSV's
folder column (not both), picks each student's attempt (attempts.py),
unpacks the archives picked (archives.py) into DIR/intake/NAME/ATTEMPT/,
and writes DIR/intake.tsv (a row per student, see COLUMNS) and
DIR/intake.list (name, path, state, reason and attempt key of each, every
field NUL-terminated: scripts/mark's reading). A bad archive gets its row
(state bad-archive, the reason) and the class goes on.
"""

import argparse
import os
import re
import shutil
import stat
import sys
from datetime import datetime, timezone

from harness.mark.report.lateness import LatenessError, parse_time
from harness.mark.slug import slug

from .archives import BadArchive, archive_name, archive_suffix, unpack
from .attempts import Attempt, Choice, IntakeError, choose, plural, read_extensions, read_submitted

COLUMNS = ["name", "path", "submitted", "submitted_from", "attempt", "attempts", "attempt_rule", "deadline",
           "deadline_from", "state", "reason", "handed_in", "attempt_key"]


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="python3 -m harness.mark.intake")
    parser.add_argument("--output", required=True)
    parser.add_argument("--deadline", default="")
    parser.add_argument("--submitted", default="")
    parser.add_argument("--extensions", default="")
    parser.add_argument("submissions", nargs="*")
    return parser.parse_args(argv)


def one_line(text):
    return re.sub(r"[\t\n\r]", " ", text)


def files_time(path):
    """An archive's own modification time, or the newest of a folder's
    regular files (links not followed); None when it holds none."""
    if os.path.isfile(path):
        return datetime.fromtimestamp(os.stat(path).st_mtime, timezone.utc)
    newest = None
    for folder, _, names in os.walk(path):
        for name in names:
            info = os.lstat(os.path.join(folder, name))
            if stat.S_ISREG(info.st_mode) and (newest is None or info.st_mtime > newest):
                newest = info.st_mtime
    return datetime.fromtimestamp(newest, timezone.utc) if newest is not None else None


def class_from_paths(paths, times):
    """{name: [Attempt]} of the SUBMISSION paths, each timed by TIMES (the
    --submitted CSV without folders) or by its files."""
    attempts, given = {}, {}
    for path in paths:
        is_archive = os.path.isfile(path) and archive_suffix(path)
        if not (os.path.isdir(path) or is_archive):
            raise IntakeError("'%s' is not a folder or an archive (.zip, .tar.gz, .tgz): a submission is "
                              "a folder of what was handed in, or its archive" % path)
        name = one_line(archive_name(path) if is_archive else os.path.basename(os.path.abspath(path)))
        if name in given:
            raise IntakeError("two submissions are named '%s': %s and %s" % (name, given[name], path))
        given[name] = path
        timed = times.get(name)
        attempts[name] = [Attempt(name, timed[0].time if timed else files_time(path), path, "",
                                  timed[0].line if timed else 0)]
    return attempts


def load_class(args):
    """(class deadline, {name: [Attempt]}, {name: (deadline, line)}),
    every input read and checked; raises IntakeError."""
    try:
        deadline = parse_time(args.deadline) if args.deadline else None
    except LatenessError as error:
        raise IntakeError("--deadline: %s" % error) from None
    zone = deadline.tzinfo if deadline else None
    has_folders, listed = False, {}
    if args.submitted:
        try:
            has_folders, listed = read_submitted(args.submitted, zone)
        except IntakeError as error:
            raise IntakeError("--submitted: %s" % error) from None
    extensions = {}
    if args.extensions:
        if deadline is None:
            raise IntakeError("--extensions needs --deadline (an extension moves the class's deadline)")
        try:
            extensions = read_extensions(args.extensions, deadline)
        except IntakeError as error:
            raise IntakeError("--extensions: %s" % error) from None
    if has_folders and args.submissions:
        raise IntakeError("--submitted %s names each attempt's folder (its folder column), and so the class: "
                          "give no SUBMISSION besides it" % args.submitted)
    if not has_folders and not args.submissions:
        raise IntakeError("no SUBMISSION given (or a --submitted CSV with a folder column)")
    attempts = listed if has_folders else class_from_paths(args.submissions, listed)
    for name in sorted(set(listed) - set(attempts)):
        print("mark: --submitted names '%s', which is no submission of this run" % name, file=sys.stderr)
    for name in sorted(set(extensions) - set(attempts)):
        print("mark: --extensions names '%s' (line %d), which is no submission of this run"
              % (name, extensions[name][1]), file=sys.stderr)
    return deadline, attempts, extensions


def pick(attempts, deadline, extension):
    """The Choice for one student."""
    if attempts[0].time is None:
        return Choice(attempts[0], 1, 1, "your only attempt (no time: it holds no file)", deadline, False)
    if extension:
        return choose(attempts, extension[0], extended=True)
    return choose(attempts, deadline)


def take(name, choice, output):
    """The row of one student: the attempt picked, unpacked when an archive."""
    attempt = choice.attempt
    path, state, reason = attempt.path, "ok", ""
    if os.path.isfile(attempt.path):
        path = os.path.join(output, "intake", slug(name), str(choice.number))
        try:
            unpack(attempt.path, path)
        except BadArchive as error:
            state, reason = "bad-archive", "bad archive %s: %s" % (os.path.basename(attempt.path), error)
            print("mark: %s: %s" % (name, reason))
    return {
        "name": name, "path": os.path.abspath(path), "state": state, "reason": one_line(reason),
        "submitted": attempt.time.isoformat(timespec="seconds") if attempt.time else "",
        "submitted_from": ("csv" if attempt.line else "files") if attempt.time else "",
        "attempt": choice.number, "attempts": choice.attempts, "attempt_rule": choice.rule,
        "deadline": choice.deadline.isoformat(timespec="seconds") if choice.deadline else "",
        "deadline_from": ("extension" if choice.extended else "class") if choice.deadline else "",
        "handed_in": os.path.abspath(attempt.path), "attempt_key": attempt.cell,
    }


def escape(value):
    return str(value).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def write_rows(output, rows):
    with open(os.path.join(output, "intake.tsv"), "w", encoding="utf-8") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            f.write("\t".join(escape(row[c]) for c in COLUMNS) + "\n")
    with open(os.path.join(output, "intake.list"), "wb") as f:
        for row in rows:
            for field in ("name", "path", "state", "reason", "attempt_key"):
                f.write(os.fsencode(str(row[field])) + b"\0")


def main(argv=None):
    args = parse_arguments(argv)
    try:
        deadline, attempts, extensions = load_class(args)
    except IntakeError as error:
        print("mark: %s" % error, file=sys.stderr)
        return 2
    os.makedirs(args.output, exist_ok=True)
    shutil.rmtree(os.path.join(args.output, "intake"), ignore_errors=True)
    rows = [take(name, pick(tried, deadline, extensions.get(name)), args.output)
            for name, tried in attempts.items()]
    write_rows(args.output, rows)
    several = sum(1 for r in rows if r["attempts"] > 1)
    bad = sum(1 for r in rows if r["state"] != "ok")
    if several or any(r["handed_in"] != r["path"] for r in rows):
        print("mark: intake: %s from %s (%s with several), %s"
              % (plural(len(rows), "submission"), plural(sum(r["attempts"] for r in rows), "attempt"),
                 plural(several, "student"), plural(bad, "bad archive")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
