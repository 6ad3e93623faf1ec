"""submissions.py -- the class's submissions: taken in (harness.mark.intake:
the CSVs, the attempt marked, the archives unpacked), named (a folder name
safe anywhere), keyed (the options' text, the files, the attempt: what
--resume compares), copied for their workers (regular files and folders
only: a link is never followed), and listed for the workers and the report."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from harness import hashes
from harness.mark.intake.__main__ import main as intake_main
from harness.mark.report.rows import read_intake
from harness.mark.result_file import MARK_AGAIN, state_of, write_result
from harness.mark.slug import slug

from . import memory
from .checks import Selection
from .options import Options, Stop


@dataclass(frozen=True)
class Submission:
    """One student's: NAME, PATH (the folder marked), the intake's STATE (ok
    or bad-archive) and REASON, ATTEMPT_KEY (the CSV's cell naming the
    attempt marked), and FOLDER, its folder's name under DIR/submissions."""

    name: str
    path: str
    state: str
    reason: str
    attempt_key: str
    folder: str = ""


def take_in(options: Options) -> list[Submission]:
    """harness.mark.intake run on the options (exit 2 on a bad CSV), and its
    DIR/intake.tsv read (by its columns' names, in its order)."""
    os.makedirs(options.output, exist_ok=True)
    status = intake_main(["--output", options.output, "--deadline", options.lateness.deadline, "--submitted",
                          options.lateness.submitted, "--extensions", options.lateness.extensions, "--", *options.submissions])
    if status != 0:
        raise Stop("", 2)
    return [Submission(row["name"], row["path"], row["state"], row["reason"], row["attempt_key"])
            for row in read_intake(options.output).values()]


def options_text(options: Options, corpus_hash: str, tools_hash: str) -> str:
    """The options' part of every key (without a last line break)."""
    return "\n".join([
        "program=" + options.program, "profile=" + options.profile, "compile=" + options.compile,
        "compile_timeout=" + options.compile_timeout, "timeout=" + options.timeout,
        "memcheck=" + options.memcheck, "categories=" + " ".join(options.wanted),
        "excluded=" + " ".join(options.excluded), "sandbox=%d" % options.sandbox, "compare=" + options.compare,
        "old_standards=%d" % options.old_standards, "corpus=" + corpus_hash, "tools=" + tools_hash])


def key(text: str, sources_hash: str, attempt_key: str) -> str:
    """A submission's key: TEXT (options_text), its files' hash, the attempt marked."""
    whole = "%s\nsources=%s\n%s" % (text, sources_hash, "attempt=" + attempt_key if attempt_key else "")
    return hashlib.sha256(whole.encode("utf-8", "surrogateescape")).hexdigest()


def name(options: Options, taken: list[Submission]) -> tuple[Options, list[Submission]]:
    """The options with --output made absolute (its submissions/ made), and
    each submission with its folder's name; two of one folder stop the run."""
    os.makedirs(os.path.join(options.output, "submissions"), exist_ok=True)
    options = dataclasses.replace(options, output=os.path.realpath(options.output))
    seen, named = set(), []
    for submission in taken:
        if not os.path.isdir(submission.path):
            raise Stop("'%s' is not a folder (a submission is a folder of what was handed in)" % submission.path)
        folder = slug(submission.name)
        if folder in seen:
            raise Stop("two submissions are named '%s'" % submission.name)
        seen.add(folder)
        named.append(dataclasses.replace(submission, folder=folder))
    return options, named


@dataclass
class Copied:
    """What copy() did: the folders to mark, the archives refused, the
    submissions to regrade (memory.py's plans) and their new keys
    ({folder: (key, base key)})."""

    todo: list[str] = field(default_factory=list)
    refused: int = 0
    plans: list[memory.Plan] = field(default_factory=list)
    keys: dict[str, tuple[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Texts:
    """The options' text of every key, with the corpus (TEXT) and without
    it (BASE: the key a regrade compares), and the corpus's case hashes."""

    text: str
    base: str
    hashes: dict[str, str]


def copy(options: Options, named: list[Submission], texts: Texts) -> Copied:
    """A fresh copy of each submission whose key changed (all, without
    --resume), its key and memory beside it; a bad archive gets its row
    instead. With --resume, one whose key changed with the corpus alone is
    left as it is, to regrade (memory.py)."""
    copied = Copied()
    for submission in named:
        sources = hashes.tree_hash(submission.path)
        made = key(texts.text, sources, submission.attempt_key)
        base = key(texts.base, sources, submission.attempt_key)
        dest = Path(options.output) / "submissions" / submission.folder
        if options.resume and unchanged(dest, made):
            continue
        found = memory.plan(dest, submission.folder, texts.hashes) \
            if options.resume and not options.remote.sshloginfile and memory.regradable(dest, base) else None
        if found is not None:
            copied.plans.append(found)
            copied.keys[submission.folder] = (made, base)
            continue
        remove(dest)
        (dest / "sources").mkdir(parents=True)
        write_text(dest / "name", submission.name + "\n")
        if submission.state != "ok":
            write_result(dest / "result.tsv", [("state", submission.state), ("reason", submission.reason),
                                               ("compiled", "no")])
            write_text(dest / "done", made + "\n")
            copied.refused += 1
            continue
        skipped = copy_tree(Path(submission.path), dest / "sources")
        if skipped:
            write_text(dest / "skipped.txt", "".join(shown + "\n" for shown in skipped))
        write_text(dest / "key", made + "\n")
        memory.write_memory(dest, texts.hashes, base)
        copied.todo.append(submission.folder)
    return copied


def unchanged(dest: Path, made: str) -> bool:
    """DEST was marked in full with the key MADE (a build the marker's
    machine stopped, state stopped, is marked again: no mark was given)."""
    done = dest / "done"
    return done.is_file() and done.read_text(encoding="utf-8").rstrip("\n") == made \
        and (dest / "result.tsv").is_file() and state_of(dest / "result.tsv") not in MARK_AGAIN


def remove(path: Path) -> None:
    """rm -rf PATH."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def write_text(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)


def copy_tree(source: Path, dest: Path) -> list[str]:
    """SOURCE's folders and regular files copied into DEST (with their modes
    and times); returns what is neither (links, devices, FIFOs: never
    followed nor read), as paths relative to SOURCE, in find(1)'s order."""
    skipped: list[str] = []

    def walk(folder: str, relative: str) -> None:
        with os.scandir(folder) as entries:
            for entry in entries:
                shown = relative + entry.name
                if entry.is_dir(follow_symlinks=False):
                    (dest / shown).mkdir(exist_ok=True)
                    walk(entry.path, shown + "/")
                elif entry.is_file(follow_symlinks=False):
                    shutil.copy2(entry.path, dest / shown, follow_symlinks=False)
                else:
                    skipped.append(shown)

    walk(str(source), "")
    return skipped


def categories(ids: tuple[str, ...]) -> list[tuple[str, int]]:
    """(category, cases) of IDS, in their order."""
    return [(category, len(list(group))) for category, group in itertools.groupby(i.split("/")[0] for i in ids)]


def write_lists(output: str, selection: Selection, named: list[Submission]) -> None:
    """DIR/cases.txt, DIR/categories.tsv and DIR/run.tsv (folder, name, and
    files_time: the newest modification time of a submission's files, its
    time when --submitted does not say), for the workers and the report."""
    out = Path(output)
    write_text(out / "cases.txt", "".join(case + "\n" for case in selection.ids))
    write_text(out / "categories.tsv", "category\ttotal\n" + "".join(
        "%s\t%d\n" % counted for counted in categories(selection.ids)))
    write_text(out / "run.tsv", "folder\tname\tfiles_time\n" + "".join(
        "%s\t%s\t%s\n" % (s.folder, s.name, files_time(s.path)) for s in named))


def files_time(folder: str) -> str:
    """The newest modification time of FOLDER's regular files, as find's
    %T@ prints it (seconds, a point, ten digits); empty when it has none."""
    times = [os.lstat(os.path.join(folder, name)).st_mtime_ns for name in hashes.regular_files(Path(folder))]
    return "%d.%09d0" % divmod(max(times), 10 ** 9) if times else ""
