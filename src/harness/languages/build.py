"""A program handed in as a folder made ready to run: built in the sandbox
when its language needs a build and the folder lacks what it makes (or a
build command is given), the older standard tried when the language's own
command fails with the compiler's errors (a handout's command ran on the
compilers of its day: the HW4 grader's `g++ *.cpp -o hw4` meant C++98 in
2013), the compilers' errors and warnings counted, and a launcher that
runs it as the handout's grader does."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from harness import sandbox
from harness.cases import describe_run, out_of_space_mib
from harness.cases.status import signal_name
from harness.languages.detect import NoLanguage, language_of, python_main, source_files
from harness.languages.table import Language

# The compilers' messages, as gcc, g++ and javac (`FILE:LINE:COL: error: ...`,
# `FILE:LINE: error: ...`) and Mono's mcs (`FILE(LINE,COL): error CS1525: ...`) write them.
ERROR = re.compile(r": error: |: fatal error: |\): error CS[0-9]*: |\): fatal error CS[0-9]*: ")
WARNING = re.compile(r": warning: |\): warning CS[0-9]*: ")
BUILD_TIMEOUT = "60"
# A build the checker stopped, not the compiler: gcc's and g++'s line for
# a pass of theirs (cc1, cc1plus, as, collect2) killed by a signal (the
# driver's name has no colon, a source's FILE:LINE has), collect2's for
# the linker, and the sandbox's last line when the machine's out-of-memory
# killer ended a process of a run that stayed within its cap. (A killed
# javac or mcs, a JVM or Mono, ends the build with 128 + the signal.)
STOPPED = re.compile(r"[^\s:]+: (?:fatal|internal compiler) error: [A-Za-z ]+ signal terminated program \S+$"
                     r"|collect2: fatal error: \S+ terminated with signal \d+ \[")
OUT_OF_MEMORY = re.compile(r"sandbox: the machine ran out of memory and the kernel killed a process of the run, "
                           r"which stayed within its \d+ MiB: not the program's fault; run it again$")
# The sandbox's last line when the build's own processes together passed
# the build's memory cap (the box's control group counted it, box.c): the
# compiler needed that much for this code, which a second try would only
# repeat, so the build failed (its log says why), it was not stopped.
OWN_CAP = re.compile(r"sandbox: out of memory: the run's processes together passed its (?P<mib>\d+) MiB .*; "
                     r"the kernel killed one$")
STOPPED_SENTENCE = "the build was stopped by the checker, not by your code; try again"
# A bare glob word of a build command (`javac *.java`, `g++ -c *.cpp`):
# written ./*.java, so that no name it expands to begins with - or @.
BARE_GLOB = re.compile(r"(?<![^\s;&|(])\*\.")


class NotBuilt(Exception):
    """A folder that cannot be made ready: the sentence a report shows."""

    def __init__(self, message: str, language: Optional[Language] = None) -> None:
        super().__init__(message)
        self.language = language


class BuildStopped(NotBuilt):
    """A build stopped twice by a signal (the out-of-memory killer, a
    SIGKILL), not by the compiler's errors: the checker's fault, never a
    compile error of the program."""


@dataclass(frozen=True)
class Prepared:
    """A folder's program ready: its language, the folder it runs from,
    the launcher, how to run it here (the rerun lines), the build's
    commands as they ran, and how the older standard built it ("")."""

    language: Language
    folder: str
    launcher: str
    command: str
    built: tuple[str, ...]
    note: str


def first_error(log: Path) -> str:
    """The log's first error (or the linker's), cut to 160 bytes."""
    for line in _log_lines(log):
        if ERROR.search(line) or "undefined reference" in line:
            return line[:160]
    return ""


def messages(log: Path) -> tuple[int, int]:
    """How many lines of the log are the compiler's errors, and warnings."""
    lines = _log_lines(log)
    return sum(1 for line in lines if ERROR.search(line)), sum(1 for line in lines if WARNING.search(line))


def _log_lines(log: Path) -> list[str]:
    try:
        return log.read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        return []


def own_cap_mib(lines: list[str]) -> str | None:
    """The MiB of the build's own memory cap when the last non-empty of a
    log's LINES is the sandbox's OWN_CAP line (the build passed it), else None."""
    last = next((line for line in reversed(lines) if line.strip()), None)
    found = OWN_CAP.match(last) if last is not None else None
    return found.group("mib") if found else None


def stopped(status: int, log: Path) -> bool:
    """Whether a build ended by STATUS, its messages in LOG, was stopped by
    a signal (128 + N, or a compiler's pass killed: STOPPED's lines)
    rather than failed by its compiler, by its own memory cap (OWN_CAP),
    by the sandbox's watch of its files (out_of_space_mib: it wrote more
    than they may take, which a second try would only repeat), or hung (124)."""
    if status in (0, 124):
        return False
    lines = [line for line in _log_lines(log) if line]
    if own_cap_mib(lines) or out_of_space_mib("\n".join(lines)):
        return False
    return status > 128 or any(STOPPED.match(line) for line in lines) or bool(
        lines and OUT_OF_MEMORY.match(lines[-1]))


def stopped_how(status: int, log: Path) -> str:
    """How a stopped build was stopped: the log's line that says it, or its signal."""
    said = next((line for line in _log_lines(log) if STOPPED.match(line) or OUT_OF_MEMORY.match(line)), "")
    return said[:160] if said else f"signal SIG{signal_name(status - 128)}"


def stopped_twice(status: int, log: Path) -> str:
    """The words after STOPPED_SENTENCE (or mark's) for a build that
    build_again_if_stopped() saw stopped twice: how the second stopped."""
    return f"stopped twice; the second time: {stopped_how(status, log)}"


def built(folder: str | Path, language: Language) -> bool:
    return language.product is None or (Path(folder) / language.product).is_file()


def run_words(folder: str, language: Language) -> str:
    """LANGUAGE's run command for FOLDER's program ({main} filled in)."""
    run = language.run
    if "{main}" in run:
        main = python_main(folder, language)
        if main is None:
            raise NotBuilt("no Python file to run (hw4.py, a single .py file, or a single one with __main__)",
                           language)
        run = run.replace("{main}", main)
    return run


def write_launcher(folder: str, language: Language, path: Path) -> None:
    """An executable at PATH that runs FOLDER's program ($SANDBOX_FOLDER in the box) as the grader does."""
    path.write_text("#!/bin/sh\n# Runs the program of its folder ($SANDBOX_FOLDER) as the grader does.\n"
                    f'exec {run_words(folder, language)} "$@"\n')
    path.chmod(0o755)


def command_here(folder: str, language: Language, quote) -> str:
    """The shell command that runs FOLDER's program here (the rerun lines)."""
    return run_words(folder, language).replace('"', "").replace("$SANDBOX_FOLDER", quote(folder))


def as_operand(name: str) -> str:
    """NAME as a compiler reads it as a file, never as an option or an
    argument file: gcc, g++, javac and mcs take a word beginning with - as
    an option and one beginning with @ as a file of more options (a source
    `@q.c` holding `-wrapper /bin/sh,-c,...` ran any command during the
    build), so such a name is passed as ./NAME (others as they are: no
    compiler reads them otherwise, and the build log keeps its names)."""
    return f"./{name}" if name.startswith(("-", "@")) else name


def operand_globs(command: str) -> str:
    """COMMAND with each bare glob word (`*.java`) written `./*.java`."""
    return BARE_GLOB.sub("./*.", command)


def build(folder: str, language: Language, command: str, limits: sandbox.Limits, out: Path, log: Path) -> int:
    """A copy of FOLDER built in the sandbox (COMMAND, or the language's
    build) into OUT; the compiler's messages in LOG; the build's status
    (124 a hang, 3 when it made nothing)."""
    command = command or (language.build or "")
    if command and "$@" not in command and "$*" not in command and "*." not in command:
        command += ' "$@"'
    if os.path.lexists(out):
        shutil.rmtree(out)
    if not command:
        shutil.copytree(folder, out, symlinks=True)
        log.write_bytes(b"")
        return 0
    sources = " ".join(shlex.quote(as_operand(name)) for name in source_files(folder, language))
    script = shlex.quote(f"PS4='$ '; set -x; {operand_globs(command)}")
    with tempfile.NamedTemporaryFile("w", prefix="build.", delete=False) as launcher:
        launcher.write(f'#!/bin/bash\ncd "$SANDBOX_FOLDER" || exit 126\nexec 1>&2\nexec bash -c {script} build '
                       f"{sources}\n")
    os.chmod(launcher.name, 0o755)
    try:
        with open(log, "wb") as messages:
            status = sandbox.run_once(launcher.name, limits, folder_out=str(out), stdout=messages,
                                      stderr=messages)
    finally:
        os.unlink(launcher.name)
    if not out.exists():
        out.mkdir(parents=True)
    if status == 0 and not built(out, language):
        with open(log, "a", encoding="utf-8") as messages:
            messages.write(f"the build succeeded but made no {language.product}\n")
        status = 3
    return status


def build_again_if_stopped(folder: str, language: Language, command: str, limits: sandbox.Limits, out: Path,
                           log: Path) -> int:
    """build(), once more when a signal stopped it (stopped(): under a
    machine's load the out-of-memory killer may end a build that fits its
    limits); the second's status, its log saying so."""
    status = build(folder, language, command, limits, out, log)
    if not stopped(status, log):
        return status
    status = build(folder, language, command, limits, out, log)
    with open(log, "a", encoding="utf-8") as messages:
        messages.write("(the checker stopped the first build, by a signal or out of memory: this is the second)\n")
    return status


def build_of_its_time(folder: str, language: Language, command: str, limits: sandbox.Limits, out: Path,
                      log: Path, older_standards: bool) -> tuple[int, str]:
    """build() (again when stopped by a signal), and when the language's
    own command failed with the compiler's errors, again with the older
    standard: (status, note)."""
    handout = Path(f"{log}.handout")
    handout.unlink(missing_ok=True)
    status = build_again_if_stopped(folder, language, command, limits, out, log)
    older = language.older_command()
    if status in (0, 3, 124) or stopped(status, log) or command or older is None or not older_standards:
        return status, ""
    first = first_error(log)
    log.rename(handout)
    if build_again_if_stopped(folder, language, older, limits, out, log) == 0:
        return 0, f"built with {language.older}: the handout's command failed with: {first or f'exit status {status}'}"
    log.unlink(missing_ok=True)
    handout.rename(log)
    with open(log, "a", encoding="utf-8") as messages:
        messages.write(f"({language.older} was tried too: it did not build either)\n")
    return status, ""


def prepare(folder: str, command: str, limits: sandbox.Limits, work: Path, older_standards: bool, quote,
            timeout: str) -> Prepared:
    """FOLDER's program ready to run: built into WORK/built when needed
    (messages in WORK/build.log), its launcher WORK/program. NotBuilt with
    the sentence when it cannot; TIMEOUT words a hang."""
    try:
        language = language_of(folder)
    except NoLanguage as problem:
        raise NotBuilt(f"{folder}: {problem}") from None
    runs_from, ran, note = folder, (), ""
    if command or not built(folder, language):
        log = work / "build.log"
        status, note = build_of_its_time(folder, language, command, limits, work / "built", log, older_standards)
        ran = tuple(line[2:] for line in _log_lines(log) if line.startswith("$ "))
        if stopped(status, log):
            raise BuildStopped(f"{folder} ({language.name}): {STOPPED_SENTENCE} ({stopped_twice(status, log)})",
                               language)
        if status != 0:
            error = next((line for line in _log_lines(log)
                          if not line.startswith("$ ") and "error" in line.lower()), "")[:160]
            first, ended = ran[0] if ran else "", describe_run(status, "\n".join(_log_lines(log)), timeout)
            raise NotBuilt(f"{folder} ({language.name}) does not build: '{first}' ended with {ended}"
                           + (f": {error}" if error else ""), language)
        runs_from = str(work / "built")
    try:
        write_launcher(runs_from, language, work / "program")
    except NotBuilt as problem:
        raise NotBuilt(f"{folder}: {problem}", language) from None
    return Prepared(language, runs_from, str(work / "program"), command_here(runs_from, language, quote), ran,
                    note)
