"""failures.py -- a submission's first failing cases, worded as its page
words them (harness.mark.report.pages: the symptom, what went wrong, and the
case's reason from its failure report, what the case checks), in the
corpus's order.
"""

import os

from harness.mark.report.pages import failure_entries
from harness.mark.report.rows import load_submission


def run_cases(marks_dir):
    """The run's case ids (DIR/cases.txt), in the corpus's order."""
    with open(os.path.join(marks_dir, "cases.txt"), encoding="utf-8") as handle:
        return [line for line in handle.read().split("\n") if line]


def first_failures(marks_dir, document, row, most):
    """(the first MOST failing cases: [{id, symptom, why}], how many cases
    failed, how many were not run) of ROW, a submission of marks.json."""
    cases = run_cases(marks_dir)
    categories = [(c["name"], c["total"]) for c in document["categories"]]
    loaded = load_submission(marks_dir, row["folder"], row["name"], categories, cases)
    verdicts = loaded["_verdicts"]
    order = {case: index for index, case in enumerate(cases)}
    failing = sorted((case for case, (verdict, _) in verdicts.items() if verdict != "pass"),
                     key=lambda case: order.get(case, len(cases)))
    shown = failure_entries(loaded["_base"], [{"ordered": failing[:most]}])[0]["failures"]
    explained = [{"id": f["id"], "symptom": verdicts[f["id"]][1] or "no verdict", "why": f["why"]} for f in shown]
    return explained, len(failing), sum(1 for case in cases if case not in verdicts)
