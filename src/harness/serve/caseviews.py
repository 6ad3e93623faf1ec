"""caseviews.py -- each failing visible case in the game's terms, for the
report page (the views themselves: harness.games.caseview.views, from
check-engine's OUTPUT folder); how the student reruns a case on their
own machine: the files' names, the build and the run command of the
program's language (harness.languages), the command that reruns a case. No path of the
server's in any of it."""

import csv
import os

from harness import languages
from harness.games.caseview import local_run, rerun_command


def stem(case_id):
    """A case's files' name on the student's machine: CATEGORY-NAME
    (examples-win-at-A.in, .expected)."""
    return case_id.replace("/", "-")


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
