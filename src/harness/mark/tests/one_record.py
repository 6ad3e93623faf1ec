"""The record of what mark's worker does to one submission, made with
src/mark/mark-one as it was in bash (one-record/NAME.tsv, a file per
submission of one_submissions.py and per refused command line), so that
its port, harness.mark.one, can be held to it field by field
(test_one_record.py). Per submission: the exit status, the printed line
without its seconds, stderr, result.tsv's fields (not seconds, host),
compile.txt's own lines (the commands as they ran, `(exit status N)` and
the other lines in parentheses), check-engine.txt's commands and counts,
the files written and `done`. Paths of the class and the repository, and
this host's name, are written as {class}, {root} and {host}.

usage: PYTHONPATH=src /usr/bin/python3 -B -m harness.mark.tests.one_record [--command WORKER] DIR
       marks every submission in a class made in DIR (which must not
       exist) with WORKER (default: src/mark/mark-one) and writes the
       record (src/harness/mark/tests/one-record/)
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterable, Sequence

from harness import paths
from harness.mark.tests.one_submissions import REFUSALS, SUBMISSIONS, Submission

RECORD = Path(__file__).resolve().parent / "one-record"
WORKER = paths.SRC / "mark" / "mark-one"
COLUMNS = ("field", "value")
# result.tsv's fields that are the run's time and place, not its outcome.
UNRECORDED = ("seconds", "host")
OWN_LINE = re.compile(r"^(\$ |\()")
CHECK_LINE = re.compile(r"^(== |[0-9]+ passed, [0-9]+ failed)")


def make_class(folder: Path, submissions: Iterable[Submission] = SUBMISSIONS) -> None:
    """FOLDER/submissions/NAME/sources for each, and its staged key."""
    for submission in submissions:
        sources = folder / "submissions" / submission.name / "sources"
        sources.mkdir(parents=True)
        submission.make(sources)
        (sources.parent / "key").write_text(f"key of {submission.name}\n", encoding="utf-8")


def run(worker: Sequence[str], folder: Path, args: Sequence[str]) -> subprocess.CompletedProcess:
    return subprocess.run([*worker, *args], cwd=folder, capture_output=True, text=True,
                          errors="surrogateescape", check=False)


def anonymous(text: str, folder: Path) -> str:
    return (text.replace(str(folder), "{class}").replace(str(paths.ROOT), "{root}")
            .replace(socket.gethostname(), "{host}"))


def own_lines(path: Path, pattern: re.Pattern) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return "(none)"
    return "\n".join(line for line in text.split("\n") if pattern.match(line))


def result_fields(path: Path) -> list[tuple[str, str]]:
    """result.tsv's lines as fields: `field<TAB>value`, and a category's
    `category<TAB>C<TAB>passed<TAB>total` as the field `category C`."""
    fields = []
    for line in path.read_text(encoding="utf-8").split("\n")[:-1] if path.exists() else []:
        key, _, value = line.partition("\t")
        if key == "category":
            category, _, value = value.partition("\t")
            key = f"category {category}"
        if key not in UNRECORDED:
            fields.append((f"result {key}", value))
    return fields


def written(folder: Path) -> str:
    """The files under FOLDER but its sources, relative, sorted."""
    return "\n".join(sorted(str(path.relative_to(folder)) for path in folder.rglob("*")
                            if path.is_file() and path.relative_to(folder).parts[0] != "sources"))


def mark(worker: Sequence[str], folder: Path, submission: Submission) -> list[tuple[str, str]]:
    """The record's fields of SUBMISSION, marked in the class at FOLDER."""
    done = run(worker, folder, [*submission.options, submission.name])
    here = folder / "submissions" / submission.name
    printed = done.stdout.split("\n")[0].split("\t")
    fields = [("status", str(done.returncode)), ("printed", "\t".join(printed[:4] + printed[5:])),
              ("printed lines", str(len(done.stdout.split("\n")) - 1)), ("stderr", done.stderr)]
    fields += result_fields(here / "result.tsv")
    fields += [("compile.txt", own_lines(here / "compile.txt", OWN_LINE)),
               ("check-engine.txt", own_lines(here / "check-engine.txt", CHECK_LINE)),
               ("files", written(here)),
               ("done", (here / "done").read_text(encoding="utf-8") if (here / "done").exists() else "(none)")]
    return [(key, anonymous(value, folder)) for key, value in fields]


def refuse(worker: Sequence[str], folder: Path, args: Sequence[str]) -> list[tuple[str, str]]:
    done = run(worker, folder, args)
    fields = [("status", str(done.returncode)), ("stdout", done.stdout), ("stderr", done.stderr)]
    return [(key, anonymous(value, folder)) for key, value in fields]


def mark_all(worker: Sequence[str], folder: Path, submissions: Sequence[Submission] = SUBMISSIONS,
             refusals: Sequence = REFUSALS, jobs: int = 2) -> dict[str, list[tuple[str, str]]]:
    """{name: fields} of every submission and refusal, JOBS marked at a time."""
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        marked = list(pool.map(lambda submission: mark(worker, folder, submission), submissions))
    records = {submission.name: fields for submission, fields in zip(submissions, marked)}
    for name, args in refusals:
        records[f"refused-{name}"] = refuse(worker, folder, args)
    return records


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def unescape(value: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n"}.get(m.group(1), m.group(1)), value)


def write_record(records: dict[str, list[tuple[str, str]]], folder: Path = RECORD) -> None:
    folder.mkdir(exist_ok=True)
    for name, fields in records.items():
        lines = ["\t".join(COLUMNS)] + [f"{escape(key)}\t{escape(value)}" for key, value in fields]
        (folder / f"{name}.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_record(name: str, folder: Path = RECORD) -> list[tuple[str, str]]:
    """NAME's fields, each line read by the header's column names."""
    lines = (folder / f"{name}.tsv").read_text(encoding="utf-8").split("\n")[:-1]
    header = lines[0].split("\t")
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:]]
    return [(unescape(row["field"]), unescape(row["value"])) for row in rows]


def main(argv: list[str]) -> int:
    worker = [str(WORKER)]
    if argv[:1] == ["--command"] and len(argv) > 2:
        worker, argv = [argv[1]], argv[2:]
    if len(argv) != 1 or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    folder = Path(argv[0]).resolve()
    folder.mkdir(parents=True)
    make_class(folder)
    write_record(mark_all(worker, folder))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
