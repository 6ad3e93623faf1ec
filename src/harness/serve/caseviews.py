"""caseviews.py -- each failing visible case in the game's terms, for the
report page: made by the worker from check-engine's OUTPUT folder (the
program's output of the case, OUTPUT/outputs/CATEGORY/NAME.out, and its
status) and the corpus, by the game's case_view (harness.games.checkers /
draughts); and how the student reruns a case on their own machine: the
files' names, the build and the run command of the program's language
(harness.languages), the command that reruns a case. No path of the
server's in any of it."""

import csv
import os
from pathlib import Path

from harness import languages
from harness.games.caseview import CaseFiles, local_run, rerun_command


def stem(case_id):
    """A case's files' name on the student's machine: CATEGORY-NAME
    (examples-win-at-A.in, .out)."""
    return case_id.replace("/", "-")


def _status(path, default=0):
    """The status in a .status file: its number, None for `hang` (killed
    at the time limit), DEFAULT when there is no file."""
    try:
        word = Path(path).read_text(encoding="utf-8").split("\n", 1)[0].strip()
    except OSError:
        return default
    return int(word) if word.lstrip("-").isdigit() else None


def case_files(game, output, case_id):
    """The failing case's CaseFiles: the corpus's input and expected
    output (and status), the program's output and status in OUTPUT."""
    corpus, done = Path(game.corpus), Path(output, "outputs")
    return CaseFiles(corpus / (case_id + ".in"), corpus / (case_id + ".out"), done / (case_id + ".out"),
                     _status(done / (case_id + ".status")), _status(corpus / (case_id + ".status")))


def views(game, output, case_ids):
    """{case: its view} for these failing cases (none for a game without
    case_view, or a case check-engine left no output of: not run)."""
    if game.case_view is None:
        return {}
    found = {}
    for case_id in case_ids:
        files = case_files(game, output, case_id)
        if files.actual.is_file():
            found[case_id] = game.case_view(files)
    return found


def language_of(output):
    """The language check-engine built the program as (OUTPUT/program/
    build.tsv's language column, read by its header), or None."""
    try:
        with open(os.path.join(output, "program", "build.tsv"), encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle, delimiter="\t"))
        return languages.get(rows[0]["language"]) if rows else None
    except (OSError, KeyError, languages.LanguagesError):
        return None


def how_to_run(game, output, folder):
    """How the student builds and runs their program in its own folder:
    {"mode": how the game runs a program (stdin or graded), "build": the
    language's build command with its files, "run": its run command}
    (no build nor run when the language is unknown)."""
    language = language_of(output)
    if language is None:
        return {"mode": game.run_mode}
    build = language.build or ""
    if build:
        build = build.replace('"$@"', language.files[0])
    main = languages.python_main(folder, language) if language.name == "python" else None
    return {"mode": game.run_mode, "build": build, "run": local_run(language.run, main)}


def rerun(run, case_id):
    """The one command that reruns CASE as RUN (how_to_run's) says, the
    program ./program when its language is unknown; "" for a report made
    before there were such commands (no mode)."""
    if not run.get("mode"):
        return ""
    return rerun_command(run["mode"], run.get("run") or "./program", stem(case_id))
