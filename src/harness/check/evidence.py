"""C-level evidence for a failing C or C++ program that check-engine
built from a folder: its first case that crashed (or that --memcheck
found errors in; else its first failing case, when the output there
differs between -O0 and -O2) run again in the sandbox, built at -O0 -g
with AddressSanitizer and UndefinedBehaviorSanitizer, and, when they
name nothing, under Valgrind memcheck with --track-origins=yes; the
first error's kind, the file and line of the first frame in the
student's own sources and that line's text (harness.check.evidence_parse),
and whether the output depends on the optimisation level. A build stopped
by a signal (the machine's out-of-memory killer) is built once more; stopped
twice, the evidence says it could not be gathered. OUTPUT/evidence.tsv
holds it as data, the report prints it (evidence_words), all within a
budget of seconds (src/check/README.md, "C evidence")."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from harness.check.evidence_parse import Finding, from_sanitizers, from_valgrind
from harness.check.evidence_run import SANITIZED, PLAIN, Builder, Clock, Ran, run_case
from harness.languages.detect import source_files
from harness.languages.table import Language
from harness.sandbox import SandboxError

# The evidence's budget, seconds: its builds and runs together.
BUDGET = 60
COLUMNS = ("case", "kind", "file", "line", "source", "build", "optimisation", "origin", "message", "log", "caller",
           "code")
HANG = "hang"
# Evidence's build when the builds the tools needed were stopped twice by a
# signal and no tool found an error: not gathered, the checker's fault
# (never "no error found", never a compile failure); the log says how.
STOPPED = "stopped"


@dataclass(frozen=True)
class EvidenceSettings:
    """What the evidence needs: the student's folder and its language, the
    build command the check used, the corpus, check-engine's OUTPUT, how
    a case is run (GRADED: input.txt), the sandbox, a run's timeout, the budget."""

    sources: Path
    language: Language
    command: str
    cases: Path
    output: Path
    graded: bool
    sandbox: bool = True
    timeout: int = 10
    budget: int = BUDGET


@dataclass(frozen=True)
class Evidence:
    """The case looked at, the first error found (None: none was), the
    build that found it (`-O0 asan`, `valgrind`; `-O0` when none did;
    STOPPED when none did and a build the tools needed was stopped twice),
    `same` or `differs` (the output at -O0 against -O2's, "" unknown), and the tool's log."""

    case: str
    finding: Optional[Finding]
    build: str
    optimisation: str
    log: str = ""


def kept_run(output: Path, case_id: str) -> tuple[str, bytes]:
    """The check's run of CASE_ID, as the worker kept it (OUTPUT/outputs): its status word and stdout."""
    kept = output / "outputs" / case_id
    try:
        return Path(f"{kept}.status").read_text().strip(), Path(f"{kept}.out").read_bytes()
    except OSError:
        return "", b""


def crashed(status: str) -> bool:
    return status.isdigit() and int(status) > 128


def choose(output: Path, failing: Sequence[str], memchecked: Optional[str]) -> tuple[Optional[str], bool]:
    """The case to look at, and whether it must be (a crash, or --memcheck's findings)
    rather than only when its output depends on the optimisation level."""
    for case_id in failing:
        if crashed(kept_run(output, case_id)[0]):
            return case_id, True
    if memchecked:
        return memchecked, True
    return next((case_id for case_id in failing if kept_run(output, case_id)[0] not in (HANG, "")), None), False


def optimisation(settings: EvidenceSettings, builder: Builder, case_id: str, clock: Clock) -> tuple[str, Optional[Path]]:
    """`same` or `differs` (CASE_ID's stdout and status at -O0 against the
    check's -O2 run; "" when not known) and the -O0 build (None: none)."""
    built = builder.build("O0", PLAIN, clock)
    status, out = kept_run(settings.output, case_id)
    if built is None or not status or clock.left() < 1:
        return "", built
    how = "unbuffered" if crashed(status) else "plain"
    ran = _run(built / (settings.language.product or ""), built, settings, case_id, how,
               min(settings.timeout, clock.left()))
    if ran is None:
        return "", built
    same = ran.out == out and (str(ran.status) == status or (crashed(status) and ran.status > 128))
    return "same" if same else "differs", built


def _run(program: Path, built: Path, settings: EvidenceSettings, case_id: str, how: str, timeout: int,
         **box: object) -> Optional[Ran]:
    try:
        return run_case(program, built, settings.cases / f"{case_id}.in", settings.graded, how, timeout,
                        settings.sandbox, **box)  # type: ignore[arg-type]
    except SandboxError:
        return None


def sanitized(settings: EvidenceSettings, builder: Builder, case_id: str, clock: Clock,
              sources: Sequence[str]) -> tuple[Optional[Finding], str]:
    """The first AddressSanitizer or UBSan error of CASE_ID's run (None: none), and their report."""
    built = builder.build("asan", SANITIZED, clock)
    if built is None or clock.left() < 1:
        return None, ""
    ran = _run(builder.sanitized_launcher(built), built, settings, case_id, "plain",
               min(3 * settings.timeout, clock.left()), memory_by_group=True)
    if ran is None:
        return None, ""
    return from_sanitizers(ran.err, sources, settings.sources), ran.err


def valgrind(settings: EvidenceSettings, builder: Builder, built: Optional[Path], case_id: str, clock: Clock,
             sources: Sequence[str]) -> tuple[Optional[Finding], str]:
    """The first error Valgrind (--track-origins=yes) finds in CASE_ID's run of the -O0 build, and its log."""
    if built is None or clock.left() < 2:
        return None, ""
    ran = _run(built / (settings.language.product or ""), built, settings, case_id, "memcheck",
               clock.left(), flags=builder.memcheck_flags())
    if ran is None:
        return None, ""
    return from_valgrind(ran.log, sources, settings.sources), ran.log


def looked(settings: EvidenceSettings, builder: Builder, plain: Optional[Path], case_id: str, clock: Clock,
           sources: Sequence[str]) -> tuple[Optional[Finding], str, str]:
    """The sanitizers' first error, else Valgrind's: (finding, the tool's report, the build that found it)."""
    finding, text = sanitized(settings, builder, case_id, clock, sources)
    if finding is not None:
        return finding, text, "-O0 asan"
    finding, text = valgrind(settings, builder, plain, case_id, clock, sources)
    return finding, text, "valgrind" if finding else "-O0"


def gather(settings: EvidenceSettings, failing: Sequence[str], memchecked: Optional[str] = None) -> Optional[Evidence]:
    """The evidence for the program's failures (FAILING, in order; MEMCHECKED:
    the first case --memcheck found errors in), its tools' report kept in
    OUTPUT/evidence/; None when no case called for it."""
    case_id, must = choose(settings.output, failing, memchecked)
    if case_id is None:
        return None
    clock = Clock(settings.budget)
    sources = source_files(str(settings.sources), settings.language) + \
        sorted(str(header.relative_to(settings.sources)) for header in settings.sources.rglob("*.h*"))
    with tempfile.TemporaryDirectory(prefix="evidence.") as work:
        builder = Builder(settings.sources, settings.language, settings.command, Path(work), settings.sandbox)
        optimised, plain = optimisation(settings, builder, case_id, clock)
        called = must or optimised == "differs"
        if not called and not builder.stopped:
            return None
        finding, text, build = looked(settings, builder, plain, case_id, clock, sources) if called else (None, "", "")
        if finding is None and builder.stopped:  # (a tool could not look: no "no error found")
            text, build = "".join(f"{how}\n" for how in builder.stopped), STOPPED
    log = settings.output / "evidence" / (case_id.replace("/", "__") + ".txt")
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(text, encoding="utf-8")
    return Evidence(case_id, finding, build, optimised, str(log))
