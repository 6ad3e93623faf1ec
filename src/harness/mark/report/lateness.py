"""lateness.py -- when each submission came in, how late that is, and the
penalty: "penalty marks at the rate of two marks per day or part day
late" (the checkers handout), so a submission one second late loses a
whole day's marks, and the final mark is never below zero.

Times are ISO 8601 (`2021-10-15T18:00`, `2021-10-15 18:00:00+11:00`,
`...Z`). A time without a zone is in the deadline's zone, or, when the
deadline has none either, in this machine's (TZ). A submission's time
is the marked attempt's, from the --submitted CSV (as an LMS exports it),
which src/harness/mark/intake reads and passes on as its row of intake.tsv; for a
name the CSV does not list, its files' newest modification time, which
the row says.
"""

import math
from datetime import datetime, timezone
from decimal import Decimal

from .scheme import rounded

# The --submitted CSV's columns (read by src/harness/mark/intake), by header (any
# letter case): the first of each list that the header has.
NAME_HEADERS = ("name", "student", "username", "login")
TIME_HEADERS = ("submitted", "submitted_at", "submission time", "time", "timestamp")

DAY_SECONDS = 24 * 60 * 60


class LatenessError(Exception):
    """A deadline or a CSV that cannot be read, said for people."""


def parse_time(text, zone=None):
    """TEXT as an aware datetime; a naive one takes ZONE (None: local)."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise LatenessError("'%s' is not a date and time (e.g. 2021-10-15T18:00 or 2021-10-15 18:00:00+11:00)"
                            % text) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone) if zone is not None else moment.astimezone()
    return moment


def days_late(submitted, deadline):
    """Whole days or part days after DEADLINE; 0 when on time."""
    seconds = (submitted - deadline).total_seconds()
    return max(0, math.ceil(seconds / DAY_SECONDS))


class Lateness:
    """The run's deadline and penalty per day."""

    def __init__(self, deadline_text, per_day):
        self.deadline = parse_time(deadline_text) if deadline_text else None
        self.per_day = Decimal(per_day)

    def files_time(self, files_time):
        """(aware datetime or None, "files" or ""): the files' newest time,
        in the deadline's zone when there is a deadline."""
        if files_time:
            return datetime.fromtimestamp(float(files_time), timezone.utc).astimezone(
                self.deadline.tzinfo if self.deadline else None), "files"
        return None, ""

    def assess(self, files_time, taken=None):
        """{submitted, submitted_from, deadline, late_days, late_penalty} of
        a row; TAKEN, the row's line of intake.tsv (src/harness/mark/intake), gives
        the marked attempt's time and the student's own deadline."""
        moment, source = self.files_time(files_time)
        deadline = self.deadline
        if taken and taken.get("submitted"):
            moment, source = parse_time(taken["submitted"]), taken.get("submitted_from") or "csv"
            moment = moment.astimezone(self.deadline.tzinfo) if self.deadline else moment
        if taken and taken.get("deadline"):
            deadline = parse_time(taken["deadline"])
        late = days_late(moment, deadline) if deadline and moment else 0
        return {"submitted": moment.isoformat(timespec="seconds") if moment else "",
                "submitted_from": source, "late_days": late,
                "deadline": deadline.isoformat(timespec="seconds") if deadline else "",
                "late_penalty": rounded(self.per_day * late)}
