"""checking.py -- what a worker does with a job: the sources written to a
folder, check-engine (the package's harness.check, what scripts/check-engine runs) run on it as a user runs it (its sandbox
builds and runs the program), and its results read as data (results.tsv,
the failure reports), never from its English. Also what the cache's key
and the page's totals rest on: the corpus and the checking code's hash.
"""

import csv
import hashlib
import json
import os
import subprocess
import time
from pathlib import Path

from harness import cases, games, languages, paths
from harness.check import checking_code
from harness.check.evidence_report import read_tsv, sentences
from harness.games import caseview
from harness.languages.build import STOPPED_SENTENCE

from . import caseviews, compiler

ROOT = str(paths.ROOT)
# The checking code (harness.check.checking_code's one list, what decides a
# verdict: mark's resume key is made from it too); the built judge and
# sandbox driver beside it.
BUILT = ("build/sandbox", "build/draughts-judge")
# check-engine --stop-after-hangs for the service's checks (quick feedback).
STOP_AFTER_HANGS = 3
# The report's limits: failure reports kept, and each one's size.
REPORTS_KEPT, REPORT_BYTES, TEXT_BYTES = 20, 20000, 20000


def source_globs():
    """The file names that make a folder a program (harness.languages: each
    language's files), e.g. ['*.c', '*.cpp', ...]."""
    return [glob for language in languages.read_table() for glob in language.files]


def products():
    """What a language's build makes (program, hw4, ...; harness.languages):
    a file of an upload with one of these names, at the folder's top, is
    left out of the folder checked, so that the sources are built (and
    nothing handed in is run as if it were their product)."""
    return sorted({language.product for language in languages.read_table() if language.product})


def _hash_tree(digest, path):
    for folder, dirs, names in os.walk(path):
        dirs[:] = sorted(d for d in dirs if d != "tests")
        for name in sorted(names):
            full = os.path.join(folder, name)
            digest.update(os.path.relpath(full, ROOT).encode() + b"\0")
            with open(full, "rb") as handle:
                digest.update(hashlib.sha256(handle.read()).digest())


def fingerprint(options):
    """The corpus, the checking code and the options, hashed: part of every
    cache key, so a new case or a fix of check-engine is never answered
    from an old result."""
    digest = hashlib.sha256(json.dumps(options, sort_keys=True).encode())
    digest.update((checking_code.code_hash(Path(ROOT)) + "\n").encode())
    for path in ("testdata/" + options["program"],) + BUILT + ("build/" + options["program"],):
        full = os.path.join(ROOT, path)
        if os.path.isdir(full):
            _hash_tree(digest, full)
        elif os.path.isfile(full):
            with open(full, "rb") as handle:
                digest.update(path.encode() + b"\0" + hashlib.sha256(handle.read()).digest())
    return digest.hexdigest()


def case_ids(options):
    """The cases a check runs (harness.cases.select_ids, the selection
    check-engine and mark make), in their order."""
    return cases.select_ids(games.get(options["program"]).corpus, "assignment", options["categories"])


def command(options, folder, output):
    # (check-engine is the package's: harness.check, the door's own call)
    args = ["/usr/bin/python3", "-B", "-m", "harness.check", "--as", "scripts/check-engine",
            "--program", options["program"],
            "--timeout", str(options["timeout"]), "--jobs", str(options["check_jobs"]),
            "--show", "0", "--output", output]
    if options.get("stop_after_hangs"):
        args += ["--stop-after-hangs", str(options["stop_after_hangs"])]
    if not options.get("old_standards", True):
        args.append("--no-old-standards")
    for category in options["categories"]:
        args += ["--category", category]
    return args + [folder]


def _text(path, limit=TEXT_BYTES):
    try:
        with open(path, "rb") as handle:
            return handle.read(limit).decode("utf-8", "replace")
    except OSError:
        return ""


def read_results(output, total, printed, error_text, folder, program=None):
    """The result from check-engine's OUTPUT folder (data): results.tsv's
    rows and the first failures' reports, the worker's folder in them
    shown as `.` (the student's own folder); with the game PROGRAM, those
    failures in the game's terms and how the student reruns them
    (caseviews.py)."""
    # (the page's rows: case, category, verdict, symptom, code, read by name)
    rows = [[row.case, row.category, row.verdict, row.symptom, row.code]
            for row in cases.read_results(os.path.join(output, "results.tsv"))]
    failing = [r for r in rows if r[2] != "pass"]
    reports = {}
    for case_id, category, *_ in failing[:REPORTS_KEPT]:
        reports[case_id] = _text(os.path.join(output, "failures", category, case_id.split("/")[-1] + ".txt"),
                                 REPORT_BYTES).replace(folder + "/", "./")
    passed = len(rows) - len(failing)
    groups = {}
    for row in (r for r in failing if r[2] != cases.UNSTABLE):
        groups[row[3] or "no verdict"] = groups.get(row[3] or "no verdict", 0) + 1
    words = "; ".join("%d %s" % (n, s) for s, n in sorted(groups.items(), key=lambda i: (-i[1], i[0]))[:3])
    # (the cases not deterministic counted apart: two runs of each differed, src/check/README.md)
    unstable = sum(1 for r in failing if r[2] == cases.UNSTABLE)
    summary = "%d passed, %d failed%s%s" % (passed, total - passed - unstable,
                                            ", %d not deterministic (two runs of the same case differed)"
                                            % unstable if unstable else "",
                                            ": " + words if words else "")
    causes = read_causes(output)
    if causes:
        summary += "; likely cause: " + ", ".join(c["code"] for c in causes)
    report = {"results": rows, "reports": reports, "output": printed[-TEXT_BYTES:], "build": error_text,
              "causes": causes}
    if program:
        report["views"] = caseview.views(games.get(program), output, list(reports))
        report["run"] = caseviews.how_to_run(games.get(program), output, folder)
    evidence = [sentences(row) for row in read_tsv(Path(output, "evidence.tsv"))]
    if evidence:
        report["evidence"] = evidence
    return {"state": "done", "compiled": 1, "passed": passed, "failed": total - passed, "total": total,
            "summary": summary, "report": json.dumps(report)}


def read_causes(output):
    """check-engine's likely causes (OUTPUT/causes.tsv, src/diagnose), best
    first, each a dict of its columns read by their names (code,
    description, reproduced, failures); none when there was no diagnosis."""
    try:
        with open(os.path.join(output, "causes.tsv"), encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return []
    header = lines[0].split("\t") if lines else []
    names = ("code", "description", "reproduced", "failures")
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]
    return [{name: row.get(name, "") for name in names} for row in rows if row.get("code")]


def build_state(output):
    """OUTPUT/program/build.tsv's state (built, not-built, stopped), read by its
    header; "" where check-engine wrote none."""
    try:
        with open(os.path.join(output, "program", "build.tsv"), encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle, delimiter="\t"))
    except OSError:
        return ""
    return rows[0].get("state", "") if rows else ""


def not_built(output, total, printed, error_text):
    """The result of a folder that did not build: the build's log kept in
    the report (compiler.py tells the page from it), its reason in the
    summary."""
    log = _text(os.path.join(output, "program", "build.log"))
    report = {"results": [], "reports": {}, "output": printed[-TEXT_BYTES:], "build": error_text[-TEXT_BYTES:],
              "build_log": log}
    short = compiler.told(log)["short"]
    return {"state": "done", "compiled": 0, "passed": 0, "failed": total, "total": total,
            "summary": "does not build%s: 0 passed, %d failed (not run)" % (" (%s)" % short if short else "", total),
            "report": json.dumps(report)}


def scrub(result, work, data):
    """The result with no path of the server in its summary or report (the
    job's folder names its submission): the program built and WORK/sources
    shown in `.` (the student's own folder, as the page's rerun lines
    say), WORK/output as OUTPUT, the rest of WORK, DATA
    and the repository's place as WORK, DATA and `.`; so that a cached
    answer gives no other student's submission ID and no server path."""
    for name in ("summary", "report"):
        if result and isinstance(result.get(name), str):
            text = result[name].replace(os.path.join(work, "output", "program", "built") + "/", "./")
            text = text.replace(os.path.join(work, "sources"), ".")
            text = text.replace(os.path.join(work, "output"), "OUTPUT").replace(work, "WORK")
            result[name] = text.replace(data.rstrip("/") + "/", "DATA/").replace(ROOT + "/", "")
    return result


def read_progress(output):
    """check-engine's OUTPUT/progress.tsv (done, total; read by its header)
    as (done, total), or None before it is written (the program is built
    first) and once the run is over (check-engine removes it then)."""
    try:
        with open(os.path.join(output, "progress.tsv"), encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle, delimiter="\t"))
        return int(rows[0]["done"]), int(rows[0]["total"])
    except (OSError, IndexError, KeyError, TypeError, ValueError):
        return None


def tell_progress(output, told, progress):
    """progress(done, total) when the count differs from TOLD; the count."""
    found = read_progress(output) if progress is not None else None
    if found is not None and found != told:
        progress(*found)
        return found
    return told


def check_folder(options, folder, output, total, stop=None, progress=None):
    """Runs check-engine on folder; returns the result for leases.finish.
    A folder check-engine could not build (status 1, OUTPUT/program/
    build.tsv's state not-built) is
    `done` and not compiled; one whose build a signal stopped twice (state
    stopped: the out-of-memory killer under load) is `error`, the
    checker's fault in those words; any other stop of check-engine is
    `error`.
    stop(): polled while it runs; True kills the run (the lease was lost).
    progress(done, total): called at each poll when the count changed."""
    started, told = time.time(), None
    process = subprocess.Popen(command(options, folder, output), cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, errors="replace",
                               env={**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")})
    try:
        while True:
            try:
                printed, error_text = process.communicate(timeout=2)
                break
            except subprocess.TimeoutExpired:
                told = tell_progress(output, told, progress)
                if stop is not None and stop():
                    process.kill()
                    process.communicate()
                    return None
    except BaseException:  # the worker is stopped: its check-engine too
        process.kill()
        raise
    result = result_of(process.returncode, options, folder, output, total, printed, error_text)
    result["seconds"] = round(time.time() - started, 2)
    return result


def result_of(status, options, folder, output, total, printed, error_text):
    """The result of a check-engine run that ended with STATUS, from its
    OUTPUT folder (check_folder's cases)."""
    if status in (0, 1) and os.path.isfile(os.path.join(output, "results.tsv")):
        try:
            return read_results(output, total, printed, error_text[-TEXT_BYTES:], folder, options["program"])
        except cases.ResultsError as error:
            return {"state": "error", "summary": "check-engine's results unreadable: %s" % error}
    if status == 1 and build_state(output) == "not-built":
        return not_built(output, total, printed, error_text)
    if status == 1 and build_state(output) == "stopped":  # (twice by a signal: not the program's)
        return {"state": "error", "summary": STOPPED_SENTENCE}
    return {"state": "error", "summary": "check-engine stopped with status %s: %s" % (status, error_text.strip()[-300:])}
