"""check-engine's OUTPUT folder as data: results.tsv (read by its header's
names: case, verdict) and the program's run of each failing case,
OUTPUT/outputs/CASE.out and CASE.status."""
import csv
import os

from harness.diagnose import corpusruns, evaluate
from harness.diagnose import runs


class DataError(Exception):
    pass


def failing(output):
    path = os.path.join(output, "results.tsv")
    try:
        with open(path, newline="") as handle:
            rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    except OSError as error:
        raise DataError("cannot read %s: %s (run check-engine --output %s first)"
                        % (path, error.strerror, output))
    if rows and not {"case", "verdict"} <= set(rows[0]):
        raise DataError("%s has no case and verdict columns" % path)
    # (a case not run, check-engine --stop-after-hangs, has no run to compare)
    return [row["case"] for row in rows if row["verdict"] == "fail" and row.get("code") != "not-run"]


def sample(ids, limit=0):
    """The ids taken in turn from each category, so that every kind of
    failure has its say when the budget cuts the list short; at most
    LIMIT of them (0: all)."""
    if limit <= 0 or limit > len(ids):
        limit = len(ids)
    groups = {}
    for case_id in ids:
        groups.setdefault(case_id.rpartition("/")[0], []).append(case_id)
    chosen = []
    while len(chosen) < limit:
        for group in groups.values():
            if group and len(chosen) < limit:
                chosen.append(group.pop(0))
    return chosen


def program_run(game, output, case_id, input_path, engine):
    stem = os.path.join(output, "outputs", case_id)
    run = runs.read_run(stem)
    if run is None and engine:
        run = runs.run_program(game, engine, input_path)
        runs.write_run(stem, run)
    if run is None:
        raise DataError("%s.out is missing: check-engine keeps a failing case's run "
                        "there; or give --engine BIN to rerun a trusted program" % stem)
    return run


def load(game, ids, cases_dir, output, engine, judge=None):
    """The failing cases IDS, each with its expected run and the program's
    (program_run); with the judge's verdict on it where check-engine kept
    the message of JUDGE (a path: the diagnosis's judge) itself."""
    kept = kept_verdicts(output, judge)
    cases = []
    for case_id in ids:
        stem = os.path.join(cases_dir, case_id)
        if not os.path.isfile(stem + ".in"):
            raise DataError("no case %s in %s" % (case_id, cases_dir))
        program = program_run(game, output, case_id, stem + ".in", engine)
        case = evaluate.Case(case_id, stem + ".in", runs.expected(cases_dir, case_id), program)
        if kept:
            case.verdict = read_verdict(os.path.join(output, "outputs", case_id))
            case.judged = case.verdict is not None
        cases.append(case)
    return cases


def kept_verdicts(output, judge):
    """Whether OUTPUT/outputs holds verdicts of JUDGE's own (check-engine's
    judge.tsv names a binary of the same SHA-256): a message it kept
    (ID.verdict) is then what JUDGE says of the kept output, since the
    judge reads only the input and the output (src/draughts-judge/main.c)."""
    if judge is None:
        return False
    try:
        with open(os.path.join(output, "outputs", runs.KEPT_JUDGE), newline="") as handle:
            rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
        return bool(rows) and rows[0].get("sha256") == corpusruns.file_digest(judge)
    except OSError:
        return False


def read_verdict(stem):
    """STEM.verdict's bytes (the judge's message, check-engine's worker), or
    None when the check kept none: the judge did not reject the run, or
    did not judge it (a crash, an empty output)."""
    try:
        with open(stem + ".verdict", "rb") as handle:
            return handle.read()
    except OSError:
        return None


def judge_binary(path):
    if not os.access(path, os.X_OK):
        raise DataError("%s is not built (make)" % path)
    return path
