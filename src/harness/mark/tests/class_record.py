"""class_record.py -- what marking a class does, kept to hold a port of
scripts/mark to the same answers: a small class (our engine's sources as a
C submission, a copy with a syntax error, a program that hangs, an empty
folder, a .zip; --submitted, --deadline and --extensions CSVs as the bats
tests make them, --similarity, --memcheck 1, two categories) marked once,
then again with --resume, and a few refused command lines. Kept per run:
the exit status, stdout and stderr (the seconds, ETA and order of the
progress lines taken out), marks.csv and marks.json (the seconds and the
host taken out), the files written under --output; and the keys of the
first run (`done`) with the corpus and checking-code hashes they were made
with, so that a port can make the same keys from them.

    PYTHONPATH=src /usr/bin/python3 -B -m harness.mark.tests.class_record [--mark CMD] RECORD.json

writes the record (the command: scripts/mark, the door, unless given);
test_class_record.py takes it again with `python3 -m harness.mark` and
compares.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from harness import hashes, paths
from harness.check import checking_code

RECORD = Path(__file__).parent / "class-record" / "record.json"
DEADLINE = "2021-10-15T18:00+11:00"
# Every file of the class is dated here (the submissions' times do not depend on when the class was made).
FILES_TIME = 1634169600  # 2021-10-14T00:00:00Z
FIXTURES = paths.SRC / "mark" / "tests" / "fixtures"
# Left out of marks.csv and marks.json: how long a run took, and where.
TIMING = ("seconds", "host", "started", "generated", "finished", "elapsed")
OPTIONS = ["--category", "official", "--category", "examples", "--memcheck", "1", "--timeout", "2"]


def copy_engine(dest: Path) -> None:
    dest.mkdir(parents=True)
    for source in sorted((paths.SRC / "checkers").glob("*.[ch]")):
        shutil.copy(source, dest / source.name)


def make_class(top: Path) -> Path:
    """The class's folder, under TOP, with its CSVs beside it."""
    folder = top / "class"
    copy_engine(folder / "engine")
    copy_engine(folder / "syntax error 'x'")
    shutil.copy(FIXTURES / "syntax-error.c", folder / "syntax error 'x'")
    (folder / "hangs").mkdir()
    shutil.copy(FIXTURES / "hang.c", folder / "hangs" / "main.c")
    (folder / "empty").mkdir()
    copy_engine(top / "zipped")
    shutil.copy(FIXTURES / "warnings.c", top / "zipped")
    for source in (top / "zipped").iterdir():
        os.utime(source, (FILES_TIME, FILES_TIME))
    with zipfile.ZipFile(folder / "Zed_Zip_HW4.zip", "w") as archive:
        for source in sorted((top / "zipped").iterdir()):
            archive.write(source, "zed/" + source.name)
    for here, _, names in os.walk(folder):
        for name in names:
            os.utime(os.path.join(here, name), (FILES_TIME, FILES_TIME))
    (top / "submitted.csv").write_text("name,submitted\nengine,2021-10-15T17:00+11:00\n"
                                       "Zed_Zip,2021-10-16T09:00+11:00\nhangs,2021-10-17T18:30+11:00\n")
    (top / "extensions.csv").write_text("name,deadline\nZed_Zip,2021-10-17T18:00\nnobody,2021-10-18T18:00\n")
    return folder


def class_options(top: Path, output: str) -> list[str]:
    return ["--output", str(top / output), *OPTIONS, "--deadline", DEADLINE,
            "--submitted", str(top / "submitted.csv"), "--extensions", str(top / "extensions.csv"),
            "--similarity"]


def submissions(top: Path) -> list[str]:
    return sorted(str(path) for path in (top / "class").iterdir())


def runs(top: Path) -> list[tuple[str, list[str]]]:
    """(label, arguments) of every run, in order."""
    one = str(top / "class" / "engine")
    refused = top / "refused"
    return [
        ("help", ["--help"]),
        ("no-arguments", []),
        ("unknown-option", ["--frobnicate", one]),
        ("bad-program", ["--program", "chess", one]),
        ("bad-category", ["--output", str(refused), "--category", "nope", one]),
        ("bad-jobs", ["--jobs", "0", one]),
        ("missing-value", ["--output"]),
        ("no-file", ["--output", str(refused), "--manual", str(top / "none.csv"), one]),
        ("not-a-folder", ["--output", str(refused), "--memcheck", "0", one + "/main.c"]),
        ("first", class_options(top, "out") + submissions(top)),
        ("resumed", class_options(top, "out") + ["--resume"] + submissions(top)),
    ]


# Lines mark prints since the record was made, on purpose: issue 40's
# proof of the sandbox under the header line (its own test:
# src/sandbox/tests/sandbox-fallback.bats).
ADDED_SINCE = re.compile(r"^mark: sandbox (contained|NOT CONTAINED|NOT PROVEN)[^\n]*\n", re.M)


def scrub(text: str, top: Path) -> str:
    """TEXT with the class's place and the repository's written as <TOP>
    and <ROOT>, the seconds and ETA of the progress lines taken out, and
    the lines added on purpose since the record (ADDED_SINCE)."""
    text = ADDED_SINCE.sub("", text)
    text = text.replace(str(top), "<TOP>").replace(str(paths.ROOT), "<ROOT>")
    text = re.sub(r"(warnings), [0-9.]+s; ETA [0-9]+m[0-9]+s$", r"\1", text, flags=re.M)
    text = re.sub(r" marked in [0-9]+s; ", " marked in Ns; ", text)
    text = re.sub(r"^similarity: \[ *[0-9.]+s\]", "similarity: [N s]", text, flags=re.M)
    return re.sub(r"^mark: \[[0-9]+/", "mark: [#/", text, flags=re.M)


def progress_sorted(lines: list[str]) -> list[str]:
    """The progress lines (their order is the workers' finishing order) sorted, in place."""
    at = [i for i, line in enumerate(lines) if line.startswith("mark: [#/")]
    for i, line in zip(at, sorted(lines[i] for i in at)):
        lines[i] = line
    return lines


def marks_csv(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    with open(path, encoding="utf-8", newline="") as handle:
        return [{k: v for k, v in row.items() if k not in TIMING} for row in csv.DictReader(handle)]


def without_timing(value):
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


def marks_json(path: Path, top: Path):
    if not path.is_file():
        return None
    return without_timing(json.loads(scrub(path.read_text(encoding="utf-8"), top)))


def written(output: Path) -> list[str]:
    """Every file and folder under OUTPUT, relative, sorted (the temporary
    folders of a Valgrind run named by number)."""
    if not output.is_dir():
        return []
    found = []
    for here, dirs, names in os.walk(output):
        for name in dirs + names:
            found.append(os.path.relpath(os.path.join(here, name), output))
    return sorted(set(re.sub(r"[0-9]{3,}", "N", name) for name in found))


def keys(output: Path) -> dict[str, str]:
    folder = output / "submissions"
    if not folder.is_dir():
        return {}
    return {slug: (folder / slug / "done").read_text().strip() for slug in sorted(os.listdir(folder))
            if (folder / slug / "done").is_file()}


def take_run(mark: list[str], arguments: list[str], top: Path, env: dict) -> dict:
    done = subprocess.run(mark + arguments, capture_output=True, text=True, errors="surrogateescape",
                          env=env, cwd=paths.ROOT, stdin=subprocess.DEVNULL)
    output = top / arguments[arguments.index("--output") + 1] if "--output" in arguments[:-1] else None
    taken = {"status": done.returncode,
             "stdout": progress_sorted(scrub(done.stdout, top).split("\n")),
             "stderr": scrub(done.stderr, top).split("\n")}
    if output is not None and output.name == "out":
        taken.update({"marks.csv": marks_csv(output / "marks.csv"),
                      "marks.json": marks_json(output / "marks.json", top),
                      "written": written(output), "keys": keys(output)})
    return taken


def take(mark: list[str], env: dict | None = None) -> dict:
    """The record: every run of MARK (a command line's first words) on a
    class made afresh, and the hashes the keys were made with."""
    env = dict(os.environ if env is None else env)
    with tempfile.TemporaryDirectory(prefix="class-record.") as name:
        top = Path(name)
        make_class(top)
        record = {"runs": {label: take_run(mark, arguments, top, env) for label, arguments in runs(top)}}
        record["hashes"] = hashes_now()
    return record


def hashes_now() -> dict:
    return {"corpus": hashes.tree_hash(paths.TESTDATA / "checkers"), "tools": checking_code.code_hash(paths.ROOT)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m harness.mark.tests.class_record")
    parser.add_argument("--mark", default=str(paths.ROOT / "scripts" / "mark"),
                        help="the command that marks a class (words split as a shell would)")
    parser.add_argument("record", nargs="?", type=Path, default=RECORD)
    options = parser.parse_args(argv)
    record = take(shlex.split(options.mark))
    options.record.parent.mkdir(parents=True, exist_ok=True)
    text = io.StringIO()
    json.dump(record, text, indent=1, sort_keys=True, ensure_ascii=False)
    options.record.write_text(text.getvalue() + "\n", encoding="utf-8")
    print("class_record: %d runs written to %s" % (len(record["runs"]), options.record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
