"""The submissions mark's worker (src/mark/mark-one, harness.mark.one) is
recorded on (one_record.py): each a name, the options it is marked with
and how its folder is made, covering every way the worker chooses a
program (built, interpreted, handed in, none), the smoke test of a hanging
program, the memory check, the older standard, the deliverables of HW4,
and the options passed on to check-engine. Also the command lines that
stop before any marking (usage, bad options)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from harness import paths
from harness.check.tests.subjects import player_copy

FIXTURES = paths.SRC / "mark" / "tests" / "fixtures"
CPP98 = paths.SRC / "languages" / "tests" / "fixtures" / "cpp98"
CHECKERS = ("--category", "official", "--category", "examples", "--memcheck", "1", "--timeout", "5")
DRAUGHTS = ("--program", "draughts", "--category", "examples", "--category", "no-move-at-root", "--memcheck", "1",
            "--timeout", "5")
HANDOUT_CASE = paths.TESTDATA / "draughts" / "examples" / "handout-case5"


@dataclass(frozen=True)
class Submission:
    """NAME marked with OPTIONS; MAKE fills its (empty) sources folder."""

    name: str
    options: tuple[str, ...]
    make: Callable[[Path], None]


def engine(program: str = "checkers") -> Callable[[Path], None]:
    """A correct submission: every .c and .h of src/PROGRAM."""
    def make(sources: Path) -> None:
        for source in sorted((paths.SRC / program).glob("*.[ch]")):
            shutil.copy(source, sources)
    return make


def engine_and(fixture: str, program: str = "checkers") -> Callable[[Path], None]:
    """A correct copy with FIXTURE (src/mark/tests/fixtures) beside its files."""
    def make(sources: Path) -> None:
        engine(program)(sources)
        shutil.copy(FIXTURES / fixture, sources)
    return make


def edited(file: str, old: str, new: str, program: str = "checkers") -> Callable[[Path], None]:
    """A correct copy with OLD replaced by NEW in FILE (a fault, a leak)."""
    def make(sources: Path) -> None:
        engine(program)(sources)
        text = (sources / file).read_text(encoding="utf-8")
        if old not in text:
            raise ValueError(f"src/{program}/{file}: no {old!r}")
        (sources / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return make


def files(**contents: str) -> Callable[[Path], None]:
    def make(sources: Path) -> None:
        for name, text in contents.items():
            (sources / name.replace("__", ".")).write_text(text, encoding="utf-8")
    return make


def executables(*names: str) -> Callable[[Path], None]:
    """The checkers engine, built here, handed in under each of NAMES."""
    def make(sources: Path) -> None:
        for name in names:
            subprocess.run(["cc", "-std=c11", "-O2", "-o", str(sources / name),
                            *map(str, sorted((paths.SRC / "checkers").glob("*.c")))], check=True)
    return make


def hw4(output: str, inputs: bool, readme: str, fault: str = "") -> Callable[[Path], None]:
    """A draughts submission with a handed-in output.txt: the one of the
    case it hands in (input.txt), or the handout's case 5 changed (CRLF, a
    move); a readme by the name README; FAULT, a fixture that breaks it."""
    def make(sources: Path) -> None:
        engine("draughts")(sources)
        case = paths.TESTDATA / "draughts" / "examples" / "opening"
        if inputs:
            shutil.copy(f"{case}.in", sources / "input.txt")
            (sources / "output.txt").write_bytes(Path(f"{case}.out").read_bytes())
        elif output == "differs":
            text = Path(f"{HANDOUT_CASE}.out").read_text(encoding="utf-8")
            lines = ["first move: (0,0)=>(1,1)." if line.startswith("first move: ") else line
                     for line in text.split("\n")[:-1]]
            (sources / "output.txt").write_bytes("".join(f"{line}\r\n" for line in lines).encode())
        else:
            shutil.copy(f"{HANDOUT_CASE}.out", sources / "output.txt")
        if readme:
            (sources / readme).write_text("gcc -o hw4 *.c\n", encoding="utf-8")
        if fault:
            shutil.copy(FIXTURES / fault, sources)
    return make


def player(language: str, variant: str) -> Callable[[Path], None]:
    def make(sources: Path) -> None:
        sources.rmdir()
        player_copy(language, variant, sources)
    return make


def copy_of(folder: Path) -> Callable[[Path], None]:
    def make(sources: Path) -> None:
        sources.rmdir()
        shutil.copytree(folder, sources)
    return make


LEAK = ("int main(", "static void *volatile leaked;\nint main(")


def leaking(sources: Path) -> None:
    """A correct copy that loses 7 bytes a run: only the memory check tells."""
    edited("main.c", *LEAK)(sources)
    text = (sources / "main.c").read_text(encoding="utf-8")
    start = text.index("int main(")
    brace = text.index("\n{\n", start) + 3
    (sources / "main.c").write_text(text[:brace] + "    leaked = malloc(7);\n    leaked = NULL;\n" + text[brace:],
                                    encoding="utf-8")


SUBMISSIONS = (
    Submission("reference", CHECKERS, engine()),
    Submission("leaking", CHECKERS, leaking),
    Submission("fault", CHECKERS, edited("board.c", "START_ROWS = 3", "START_ROWS = 2")),
    Submission("syntax-error", CHECKERS, engine_and("syntax-error.c")),
    Submission("warnings", CHECKERS, engine_and("warnings.c")),
    Submission("hangs", ("--category", "official", "--category", "examples", "--memcheck", "1", "--timeout", "1"),
               files(main__c=(FIXTURES / "hang.c").read_text(encoding="utf-8"))),
    Submission("empty", CHECKERS, lambda sources: None),
    Submission("mixed", CHECKERS, files(a__c="int main(void) { return 0; }\n", B__java="class B {}\n")),
    Submission("binary", CHECKERS + ("--no-sandbox",), executables("my engine")),
    Submission("two-binaries", CHECKERS, executables("one", "two")),
    Submission("junk", CHECKERS, files(notes__txt="my program\n")),
    Submission("elsewhere", CHECKERS + ("--corpus-hash", "0" * 64), engine()),
    Submission("own-compile", CHECKERS + ("--compile", "gcc -std=c11 -O0 -o program *.c", "--key", "given-key"),
               engine()),
    Submission("makes-nothing", CHECKERS + ("--compile", "true"), engine()),
    Submission("strict", ("--category", "official", "--profile", "strict", "--compare", "whitespace",
                          "--check-jobs", "2", "--totals", "official=9", "--memcheck", "0"), engine()),
    Submission("hw4-matches", DRAUGHTS, hw4("matches", True, "ReadMe.txt")),
    Submission("hw4-differs", DRAUGHTS, hw4("differs", False, "README.md")),
    Submission("hw4-broken", DRAUGHTS, hw4("matches", False, "", "syntax-error.c")),
    Submission("python", ("--program", "draughts", "--category", "examples", "--category", "ties", "--exclude",
                          "ties", "--memcheck", "1"), player("python", "reference-like")),
    Submission("python-faulty", DRAUGHTS, player("python", "wrong-leaf")),
    Submission("java", ("--program", "draughts", "--category", "examples", "--memcheck", "1"),
               player("java", "reference-like")),
    Submission("cpp98", ("--program", "draughts", "--category", "examples", "--memcheck", "1"), copy_of(CPP98)),
    Submission("cpp98-today", ("--program", "draughts", "--category", "examples", "--no-old-standards"),
               copy_of(CPP98)),
)

# Command lines stopped before any marking: (name, arguments).
REFUSALS = (
    ("help", ("--help",)),
    ("no-name", ("--program", "checkers")),
    ("unknown-option", ("--frobnicate", "reference")),
    ("two-names", ("reference", "leaking")),
    ("bad-compare", ("--compare", "fuzzy", "reference")),
    ("bad-program", ("--program", "chess", "reference")),
    ("no-folder", ("nobody",)),
)
