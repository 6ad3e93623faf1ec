"""causes.py -- the likely causes check-engine named for a submission's
failures (src/diagnose: OUTPUT/causes.tsv and causes-cases.tsv, read by
their headers' names) in both of mark-one's runs, check/1 and check/2,
and the class's count of submissions per cause; and the C evidence
(harness.check.evidence: OUTPUT/evidence.tsv), which the page shows first.
"""

import os
from pathlib import Path

from harness.check.evidence_report import CODES, read_tsv, sentences

from .rows import read_tsv_rows

RUNS = ("1", "2")


def submission_causes(base):
    """The causes of a submission, best first: a dict per fault (code,
    description, reproduced, failures and adds summed over the runs,
    beyond: its cases rest on the course's notes alone, the cases it
    explains). None found (or no diagnosis): an empty list."""
    found = {}
    for run in RUNS:
        folder = os.path.join(base, "check", run)
        path = os.path.join(folder, "causes.tsv")
        if not os.path.isfile(path):
            continue
        for fields in read_tsv_rows(path):
            code = fields.get("code", "")
            if not code:
                continue
            cause = found.setdefault(code, {"code": code, "description": fields.get("description", ""),
                                            "reproduced": 0, "failures": 0, "adds": 0, "beyond": False,
                                            "cases": []})
            cause["reproduced"] += number(fields.get("reproduced"))
            cause["failures"] += number(fields.get("failures"))
            # (older diagnoses have no adds: then the cause adds what it reproduces)
            cause["adds"] += number(fields.get("adds", fields.get("reproduced")))
            cause["beyond"] = cause["beyond"] or fields.get("beyond_handout") == "yes"
        explained = os.path.join(folder, "causes-cases.tsv")
        if os.path.isfile(explained):
            for fields in read_tsv_rows(explained):
                if fields.get("code") in found and fields.get("case"):
                    found[fields["code"]]["cases"].append(fields["case"])
    return sorted(found.values(), key=lambda c: (-c["reproduced"], c["code"]))


def submission_evidence(base):
    """check-engine's C evidence for a submission (OUTPUT/evidence.tsv of
    check/1 and check/2), each row as its sentences; none: an empty list."""
    return [sentences(row) for run in RUNS for row in read_tsv(Path(base, "check", run, "evidence.tsv"))]


def submission_evidence_codes(base):
    """The codes of a submission's C evidence (evidence.tsv's `code`), each once, in order met."""
    codes = [row.get("code", "") for run in RUNS for row in read_tsv(Path(base, "check", run, "evidence.tsv"))]
    return list(dict.fromkeys(code for code in codes if code in CODES))


def number(text):
    return int(text) if text and text.isdigit() else 0


def class_counts(rows):
    """Per cause: how many submissions have it and their share of the
    class (ROWS, every submission), most first."""
    counts = {}
    for row in rows:
        named = {cause["code"]: cause["description"] for cause in submission_causes(row["_base"])}
        # (the C evidence's code too, memory-error or uninitialised-read: a cause the tools name)
        for code in submission_evidence_codes(row["_base"]):
            named.setdefault(code, CODES[code])
        for code, description in named.items():
            entry = counts.setdefault(code, {"code": code, "description": description, "count": 0})
            entry["count"] += 1
    for entry in counts.values():
        # (the share of the whole class, in whole percent: how much a cause matters to the course)
        entry["share"] = round(100 * entry["count"] / len(rows)) if rows else 0
    return sorted(counts.values(), key=lambda c: (-c["count"], c["code"]))
