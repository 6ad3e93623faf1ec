"""A class of four checkers submissions marked by scripts/mark, for the
tests of --impact: the reference, two copies with a catalogued fault each
(no-tower-promotion, win-not-reported: harness.diagnose.faultbuild's
trees), and one that hangs on every input; marked on the official cases
by a scheme of one part, 10 marks proportional to official/* passed."""

from __future__ import annotations

import csv
import shutil
import subprocess
from pathlib import Path

from harness import paths
from harness.diagnose import faultbuild

SCHEME = ("part\tmarks\tcredit\tvisibility\tcases\tdescription\n"
          "all\t10\tproportional\tvisible\tofficial/*\tevery official case\n")
FAULTS = {"nopromo": "no-tower-promotion", "nowin": "win-not-reported"}
# A case the reference and no-tower-promotion pass, win-not-reported fails.
NEW_CASE = paths.TESTDATA / "checkers" / "wins" / "ends-in-input-then-a-black-wins-by-block-s4"


def hanging_copy(dest: Path) -> None:
    """The reference's sources, spinning for ever at the start of main."""
    shutil.copytree(paths.SRC / "checkers", dest)
    main = dest / "main.c"
    text = main.read_text()
    opening = "int main(int argc, char **argv)\n{\n"
    assert opening in text
    main.write_text(text.replace(opening, opening + "    for (volatile int spin = 0; ; spin = 0) { }\n", 1))


# A Python submission that crashes (SIGSEGV) on an input ending with A.
CRASHES_ON_A = """import os, signal, sys
data = sys.stdin.read()
if data.rstrip().endswith("A"):
    os.kill(os.getpid(), signal.SIGSEGV)
print("hello")
"""


def mark(submissions: list[Path], scheme: Path, output: Path, timeout: str = "1") -> Path:
    """SUBMISSIONS marked on the official cases by SCHEME into OUTPUT, with
    TIMEOUT seconds a run: 1 where a submission hangs on every case, so
    that its marking is short; more for an interpreter, whose start alone
    can pass a second on a loaded machine and turn a crash into a hang."""
    subprocess.run([str(paths.ROOT / "scripts" / "mark"), "--category", "official", "--memcheck", "0",
                    "--timeout", timeout, "--scheme", str(scheme), "--output", str(output),
                    *sorted(str(path) for path in submissions)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return output


def make_python_class(folder: Path) -> Path:
    """A class of one Python submission (CRASHES_ON_A), marked into FOLDER/marked."""
    (folder / "py").mkdir(parents=True)
    (folder / "py" / "hw4.py").write_text(CRASHES_ON_A)
    (folder / "scheme.tsv").write_text(SCHEME)
    return mark([folder / "py"], folder / "scheme.tsv", folder / "marked", timeout="10")


def make_class(folder: Path) -> Path:
    """The four submissions under FOLDER/class, marked into FOLDER/marked."""
    submissions = folder / "class"
    submissions.mkdir(parents=True)
    shutil.copytree(paths.SRC / "checkers", submissions / "ref")
    builder = faultbuild.Builder(str(folder / "build"))
    for name, code in FAULTS.items():
        shutil.copytree(builder.build("checkers", [code]) + ".src", submissions / name)
    hanging_copy(submissions / "hangs")
    (folder / "scheme.tsv").write_text(SCHEME)
    return mark(list(submissions.iterdir()), folder / "scheme.tsv", folder / "marked")


# The draughts class: the reference and the catalogued fault no-crowning,
# marked on the examples (the handout's given cases) by a scheme of one
# part; the new case, a crowning the fault gets wrong.
DRAUGHTS_SCHEME = ("part\tmarks\tcredit\tvisibility\tcases\tdescription\n"
                   "given\t10\tproportional\tvisible\texamples/*\tthe handout's given cases\n")
DRAUGHTS_NEW_CASE = paths.TESTDATA / "draughts" / "crowning" / "crowning-0-s1"


def make_draughts_class(folder: Path) -> Path:
    """The reference and no-crowning under FOLDER/class, marked into FOLDER/marked."""
    submissions = folder / "class"
    submissions.mkdir(parents=True)
    shutil.copytree(paths.SRC / "draughts", submissions / "ref")
    built = faultbuild.Builder(str(folder / "build")).build("draughts", ["no-crowning"])
    shutil.copytree(built + ".src", submissions / "nocrown")
    (folder / "scheme.tsv").write_text(DRAUGHTS_SCHEME)
    subprocess.run([str(paths.ROOT / "scripts" / "mark"), "--program", "draughts", "--category", "examples",
                    "--memcheck", "0", "--timeout", "5", "--scheme", str(folder / "scheme.tsv"), "--output",
                    str(folder / "marked"), str(submissions / "nocrown"), str(submissions / "ref")],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return folder / "marked"


def impact_rows(klass: Path) -> dict[str, tuple[str, str, str]]:
    """{name: (mark_before, mark_after, cases_failed)} of KLASS/impact.tsv."""
    with open(klass / "impact.tsv", encoding="utf-8", newline="") as handle:
        return {row["name"]: (row["mark_before"], row["mark_after"], row["cases_failed"])
                for row in csv.DictReader(handle, delimiter="\t")}
