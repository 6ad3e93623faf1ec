"""The subjects of the verdicts' record (issue 39, "Same verdicts"): the two
reference engines, a program built from each patch of the fault catalogue
(src/diagnose/faults/GAME.tsv, built by `make faults`) and the HW4 test
players of every language with each of their variants
(src/draughts-judge/tests/players/README.md), and how each is made ready to
be handed to scripts/check-engine."""

import csv
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from harness import paths

GAMES = ("checkers", "draughts")
PLAYERS = paths.SRC / "draughts-judge" / "tests" / "players"

# Each language's variants, as its README lists them ("Variants per language").
PYTHON_VARIANTS = (
    "reference-like", "order-reversed", "order-kings-first", "spacing", "no-dot",
    "inf-int", "inf-word", "no-header", "tie-last", "bounds-before", "upper-case",
    "cut-strict", "no-mandatory-jump", "no-crowning", "wrong-leaf", "tie-bound",
    "bad-first-move", "missing-child", "extra-child", "wrong-prune-list")
VARIANTS = {
    "python": PYTHON_VARIANTS,
    "java": ("reference-like", "order-reversed", "spacing", "inf-int", "tie-last",
             "cut-strict", "wrong-leaf"),
    "cpp": ("reference-like", "no-header", "bounds-before", "order-kings-first",
            "no-mandatory-jump", "missing-child"),
    "csharp": ("reference-like", "order-reversed", "cut-strict", "wrong-leaf"),
}

# Where a copy's default variant is written in its sources (the sandbox
# passes no environment), as src/test-lib/players.bash sets it: the file,
# and the text whose "reference-like" is replaced by the variant.
VARIANT_SITES = {
    "python": ("player.py", 'os.environ.get("HW4_VARIANT", "reference-like")'),
    "java": ("hw4.java", 'if (variant == null) variant = "reference-like";'),
    "csharp": ("hw4.cs", '?? "reference-like";'),
    "cpp": ("hw4.cpp", 'std::string name = env ? env : "reference-like";'),
}


class SubjectError(Exception):
    """A subject cannot be made ready (not built, a variant site not found)."""


@dataclass(frozen=True)
class Subject:
    """One program whose verdicts are recorded."""

    name: str
    game: str
    kind: str  # reference, fault or player
    language: str
    variant: str  # the fault's code, the player's variant, or "" for a reference

    @property
    def build(self) -> str:
        """How the subject is built, in a few words (the manifest's column)."""
        if self.kind == "reference":
            return f"make: build/{self.game}"
        if self.kind == "fault":
            return f"make faults: build/faults/{self.game}/{self.variant}"
        site = VARIANT_SITES[self.language][0]
        return (f"copy of src/draughts-judge/tests/players/{self.language}, variant set in "
                f"{site}; built by check-engine in the sandbox")

    def as_row(self) -> dict:
        """The subject's row of the manifest (subjects.tsv)."""
        return {"subject": self.name, "game": self.game, "kind": self.kind,
                "language": self.language, "variant": self.variant, "build": self.build}


def fault_codes(game: str) -> list:
    """The codes of GAME's fault catalogue, read by column name."""
    with open(paths.SRC / "diagnose" / "faults" / f"{game}.tsv", encoding="utf-8", newline="") as f:
        return [row["code"] for row in csv.DictReader(f, delimiter="\t")]


def all_subjects() -> list:
    """Every subject of the record, in the record's order."""
    subjects = [Subject(f"reference-{game}", game, "reference", "c", "") for game in GAMES]
    for game in GAMES:
        subjects += [Subject(f"fault-{game}-{code}", game, "fault", "c", code)
                     for code in fault_codes(game)]
    for language, variants in VARIANTS.items():
        subjects += [Subject(f"player-{language}-{variant}", "draughts", "player", language, variant)
                     for variant in variants]
    return subjects


def build_programs() -> None:
    """Builds the references and every fault of the catalogue (make, make faults)."""
    for target in ("all", "faults"):
        done = subprocess.run(["make", "-s", "-C", str(paths.ROOT), target],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SubjectError(f"make {target} failed:\n{done.stdout}{done.stderr}")


def player_copy(language: str, variant: str, folder: Path) -> Path:
    """A copy of LANGUAGE's player at FOLDER whose default variant is VARIANT."""
    shutil.copytree(PLAYERS / language, folder)
    name, text = VARIANT_SITES[language]
    source = folder / name
    content = source.read_text(encoding="utf-8")
    if text not in content:
        raise SubjectError(f"{PLAYERS / language / name}: no {text!r} to set the variant in")
    source.write_text(content.replace(text, text.replace("reference-like", variant)),
                      encoding="utf-8")
    return folder


def target(subject: Subject, scratch: Path) -> Path:
    """What check-engine is handed for SUBJECT: the built program, or a
    player's copy (a FOLDER, built in the sandbox) made under SCRATCH."""
    if subject.kind == "player":
        return player_copy(subject.language, subject.variant, scratch / subject.name)
    if subject.kind == "reference":
        program = paths.BUILD / subject.game
    else:
        program = paths.BUILD / "faults" / subject.game / subject.variant
    if not program.is_file():
        raise SubjectError(f"{program}: not built ({subject.build})")
    return program
