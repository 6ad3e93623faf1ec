"""What a game is to the harness: every specific of one game in one frozen
record, so that the tools ask the game instead of branching on its name
(the records of today's src/games/GAME.bash, plus what lived elsewhere
under a game's name: the service's visible categories, mark's
deliverables). A game's module (harness/games/NAME.py) defines GAME, one
of these; the registry (harness.games) finds it by its module's name."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Sequence

from harness import paths

# How a graded program gets a case: the input on stdin and the output on
# stdout, or input.txt in its folder and output.txt written there.
RUN_MODES = ("stdin", "graded")
NAME_PATTERN = re.compile(r"[a-z]+")
# A difference explained in the game's terms: the reference's "explain: "
# lines, the expected output's lines, the program's, and the first line
# where they differ, and a function giving the reference's stdout lines
# run again with other options (to check a sentence before it is said),
# to the "explain: " lines (each ending in a newline).
Explain = Callable[[list[str], list[str], list[str], int, Callable[[list[str]], list[str]]], list[str]]


@dataclass(frozen=True)
class Region:
    """Where a line of an expected output stands: a code of the game's
    (grouping failures) and the same in words."""

    code: str
    words: str


@dataclass(frozen=True)
class CorpusMinimum:
    """A promise of the corpus: at least MINIMUM cases in these categories
    together (scripts/corpus-stats)."""

    categories: tuple[str, ...]
    minimum: int

    @property
    def name(self) -> str:
        """The row's name, the categories joined by + (malformed+edge-input)."""
        return "+".join(self.categories)


@dataclass(frozen=True)
class StatsRow:
    """A row of scripts/corpus-stats beyond the categories': what is
    counted, how many cases, the minimum promised."""

    row: str
    cases: int
    minimum: int


@dataclass(frozen=True)
class RunOutcome:
    """A run of an engine on any input (scripts/fuzz): its exit status,
    stdout and stderr; TIMEOUT, the seconds after which it was killed."""

    status: int
    out: bytes
    err: bytes
    timeout: float | str = 20

    @classmethod
    def from_files(cls, prefix: Path | str, timeout: float | str = 20) -> "RunOutcome":
        """The run left as PREFIX.status, PREFIX.out and PREFIX.err."""
        status = Path(f"{prefix}.status").read_text(encoding="utf-8").split("\n", 1)[0].strip()
        return cls(int(status), Path(f"{prefix}.out").read_bytes(), Path(f"{prefix}.err").read_bytes(), timeout)


@dataclass(frozen=True)
class JudgeFault:
    """A row of a judge's table of faults: how the rule a rejection names
    begins, and the fault it finds broken, in the game's terms."""

    rule: str
    fault: str


@dataclass(frozen=True)
class Game:
    """Every specific of one game. Paths are relative to the top folder."""

    name: str
    title: str
    run_mode: str                          # stdin or graded (RUN_MODES)
    run_words: str                         # the same for people
    packages: tuple[str, ...]              # Debian packages beyond gcc's the handout's languages need
    seed_case: str                         # a case reaching every part of the engine
    oom_cases: tuple[str, ...]             # scripts/oom's default cases
    corpus_pipeline: tuple[str, ...]       # the corpus pipeline and its arguments
    judge: str                             # the assignment profile's validator (a make target), or ""
    judge_faults: str                      # with a judge: its table of faults (TSV), else ""
    explain: Explain                       # a difference explained from the reference's --explain
    corpus_minimums: tuple[CorpusMinimum, ...]
    corpus_total: int
    visible_categories: tuple[str, ...]    # the pre-submission service's default visible categories
    deliverables: tuple[str, ...]          # what mark looks for beside the program
    handout_input: str                     # a case standing for the handout's input, or ""
    fuzz_dictionary: str                   # words of the input language, as afl's dictionary
    line_region: Callable[[Path, int], Region]
    region_symptom: Callable[[str], str]
    memcheck_cases: Callable[[Path, Sequence[str]], list[str]]
    corpus_stats_rows: Callable[[Path], list[StatsRow]]
    contract_violations: Callable[[RunOutcome], list[str]]
    # a failing case in the game's terms (harness.games.caseview's view,
    # from its CaseFiles); None: the pages show check-engine's report only
    case_view: Optional[Callable[..., dict]] = None

    def __post_init__(self) -> None:
        if not NAME_PATTERN.fullmatch(self.name):
            raise ValueError(f"a game's name is lower-case letters: {self.name!r}")
        if self.run_mode not in RUN_MODES:
            raise ValueError(f"{self.name}: run mode {self.run_mode!r} is none of {', '.join(RUN_MODES)}")
        if bool(self.judge) != bool(self.judge_faults):
            raise ValueError(f"{self.name}: a judge and its table of faults go together")

    @property
    def engine(self) -> Path:
        """The reference engine's binary (build/NAME)."""
        return paths.BUILD / self.name

    @property
    def corpus(self) -> Path:
        """The golden cases (testdata/NAME)."""
        return paths.TESTDATA / self.name

    @property
    def fault_catalogue(self) -> Path:
        """The catalogue of faults diagnosis ranks (src/diagnose/faults/NAME.tsv)."""
        return paths.SRC / "diagnose" / "faults" / f"{self.name}.tsv"

    @property
    def scheme(self) -> Path:
        """The default marking scheme (src/mark/schemes/NAME.tsv)."""
        return paths.SRC / "mark" / "schemes" / f"{self.name}.tsv"

    def path(self, relative: str) -> Optional[Path]:
        """A path of the record (judge, judge_faults, ...) from the top
        folder; None for an empty one."""
        return paths.ROOT / relative if relative else None

    def judge_fault_table(self) -> list[JudgeFault]:
        """The judge's table of faults, comments left out (none without a judge)."""
        table = self.path(self.judge_faults)
        if table is None:
            return []
        rows = []
        for line in table.read_text(encoding="utf-8").split("\n"):
            cells = line.split("\t")
            if not line.startswith("#") and len(cells) == 2:
                rows.append(JudgeFault(*cells))
        return rows

    def judge_fault(self, rule: str) -> Optional[str]:
        """The fault of the first row whose rule RULE begins with, or None."""
        return next((row.fault for row in self.judge_fault_table() if rule.startswith(row.rule)), None)


def largest_outputs(cases: Path, count: int, pattern: str, ids: Sequence[str]) -> list[str]:
    """The COUNT ids matching PATTERN (a regular expression, searched) with
    the largest expected outputs, largest first (ties: the later id first)."""
    sized = [((Path(cases) / f"{case_id}.out").stat().st_size, case_id)
             for case_id in ids if re.search(pattern, case_id)]
    return [case_id for _, case_id in sorted(sized, reverse=True)[:count]]


def first_matching(pattern: str, ids: Sequence[str]) -> list[str]:
    """The first id matching PATTERN, as a list of one (none when none does)."""
    return next(([case_id] for case_id in ids if re.search(pattern, case_id)), [])


def text_lines(data: bytes) -> list[str]:
    """DATA's lines as awk reads them (split at newlines only, a last line
    without one still a line), undecodable bytes kept as escapes."""
    text = data.decode("utf-8", errors="surrogateescape")
    lines = text.split("\n")
    return lines[:-1] if text.endswith("\n") or not text else lines


def last_line(data: bytes) -> str:
    """The last line of DATA as $(tail -n 1 FILE) gives it."""
    lines = text_lines(data)
    return lines[-1].rstrip("\n") if lines else ""


def stderr_shape(err: bytes) -> tuple[int, str]:
    """(newlines in ERR as wc -l counts them, its first line)."""
    lines = text_lines(err)
    return err.count(b"\n"), lines[0] if lines else ""
