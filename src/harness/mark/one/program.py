"""What check-engine runs of a submission: built in the sandbox from the
sources of one language (a copy, writable there: harness.languages.build,
the older standard tried when the handout's command fails), or the one
executable handed in; else the facts say why there is nothing to run. A C
or C++ program becomes ./program; a Java, C# or Python one is run from its
folder, ./built (no memory check: Valgrind checks native programs)."""

from __future__ import annotations

import os
import shutil
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from harness import hashes, sandbox
from harness.cases import describe_status, out_of_space_mib, space_words
from harness.languages import Language, NoLanguage, language_of
from harness.languages.build import build_of_its_time, first_error, messages, stopped, stopped_twice
from harness.mark.one import build_cache
from harness.mark.one.facts import Facts
from harness.mark.one.options import Options

SOURCES = "sources"
# A build stopped twice by a signal (the out-of-memory killer under the
# machine's load, a SIGKILL: harness.languages.build.stopped), whatever the
# compiler would have said: the marker's fault, the row no mark (state
# stopped), marked again by --resume.
STOPPED = ("not marked: the build was stopped by the marker, not by the student's code; the submission must be "
           "marked again (--resume marks it)")


@dataclass(frozen=True)
class Target:
    """The program to run: ./program, or ./built run as LANGUAGE runs it;
    MEMCHECK, the memory check's cases per category (0 when not native)."""

    path: str
    language: Optional[Language]
    memcheck: int


def _files(folder: str) -> list[str]:
    """Every regular file under FOLDER (as find -type f: links not followed)."""
    found = []
    for parent, dirs, files in os.walk(folder):
        for name in sorted(dirs + files):
            full = os.path.join(parent, name)
            if os.path.isfile(full) and not os.path.islink(full):
                found.append(full)
    return found


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def choose(options: Options, facts: Facts, work: Path) -> Optional[Target]:
    """The submission's program (None: nothing to run, the facts say why)."""
    every = _files(SOURCES)
    if options.corpus_hash and hashes.tree_hash(options.cases) != options.corpus_hash:
        facts.add("state", "error")
        facts.add("reason", f"the corpus on {socket.gethostname()} differs from the one marking started with: "
                            "not marked")
        return None
    if not every:
        facts.add("state", "empty")
        facts.add("reason", "empty: nothing was handed in")
        return None
    try:
        language = language_of(SOURCES)
    except NoLanguage as problem:
        if "several languages" in str(problem):
            facts.add("state", "nothing")
            facts.add("reason", f"nothing to mark: {problem}")
            return None
        return _handed_in(every, facts, options)
    return compile_sources(language, options, facts, work)


def _handed_in(every: list[str], facts: Facts, options: Options) -> Optional[Target]:
    """The one executable handed in, as ./program."""
    executables = [path for path in every if os.stat(path).st_mode & 0o100]
    if len(executables) == 1:
        shutil.copyfile(executables[0], "program")
        os.chmod("program", 0o755)
        facts.add("compiled", "binary")
        Path("compile.txt").write_text(
            f"(no source file: the executable {executables[0].removeprefix(SOURCES + '/')} was handed in)\n",
            encoding="utf-8", errors="surrogateescape")
        return Target("./program", None, options.memcheck)
    found = _plural(len(executables), "executable") if executables else "no executable"
    facts.add("state", "nothing")
    facts.add("reason", "nothing to compile: no source file of a known language, and "
                        f"{found} among {_plural(len(every), 'file')}")
    return None


def compile_sources(language: Language, options: Options, facts: Facts, work: Path) -> Optional[Target]:
    """LANGUAGE's sources built (compile.txt: the commands as they ran, the
    compiler's messages, the status, and the handout's command's messages
    when the older standard built it)."""
    command = options.compile or language.build or "-"
    limits = sandbox.Limits(timeout=options.compile_timeout, cpu=options.compile_timeout, memory="2048",
                            no_sandbox=not options.sandbox, quiet=True, folder=SOURCES, folder_writable=True)
    sandbox.ensure_built()
    log = work / "compile.log"
    status, note = _build(language, options, limits, work, log)
    with open("compile.txt", "wb") as text:
        if command == "-":
            text.write(f"({language.name}: nothing to build)\n".encode())
        text.write(log.read_bytes())
        text.write(f"(exit status {status})\n".encode())
        if note:
            text.write(f"\n({note}; its messages:)\n".encode())
            text.write(Path(f"{log}.handout").read_bytes())
    errors, warnings = messages(log)
    facts.add("warnings", warnings)
    facts.add("errors", errors)
    facts.add("build_note", note)
    if status == 0:
        facts.add("compiled", "interpreted" if command == "-" else "yes")
        return _built(language, options, facts, work)
    if stopped(status, log):
        facts.add("state", "stopped")
        facts.add("reason", f"{STOPPED} ({stopped_twice(status, log)})")
        return None
    facts.add("state", "not-compiled")
    facts.add("reason", _not_compiled(status, language, options, errors, log))
    return None


def _build(language: Language, options: Options, limits: sandbox.Limits, work: Path, log: Path) -> tuple[int, str]:
    """build_of_its_time() into WORK/built, or the run's kept build of the
    same inputs (--build-cache: harness.mark.one.build_cache); (status, note)."""
    if not options.build_cache:
        return build_of_its_time(SOURCES, language, options.compile, limits, work / "built", log,
                                 options.older_standards)
    cache = Path(options.build_cache)
    build_key = build_cache.key(SOURCES, build_cache.Inputs(language, options.compile, options.compile_timeout,
                                                            options.sandbox, options.older_standards))
    note = build_cache.fetch(cache, build_key, work / "built", log)
    if note is not None:
        return 0, note
    status, note = build_of_its_time(SOURCES, language, options.compile, limits, work / "built", log,
                                     options.older_standards)
    if status == 0:
        build_cache.keep(cache, build_key, work / "built", log, note)
    return status, note


def _built(language: Language, options: Options, facts: Facts, work: Path) -> Target:
    if language.native:
        shutil.copyfile(work / "built" / language.product, "program")
        os.chmod("program", 0o755)
        return Target("./program", None, options.memcheck)
    shutil.rmtree("built", ignore_errors=True)
    shutil.copytree(work / "built", "built", symlinks=True)
    facts.add("memcheck", f"not run ({language.name})")
    return Target("./built", language, 0)


def _not_compiled(status: int, language: Language, options: Options, errors: int, log: Path) -> str:
    if status == 124:
        return f"does not compile: the compiler was stopped after {options.compile_timeout}s"
    mib = out_of_space_mib(log.read_text(encoding="utf-8", errors="replace")) if log.is_file() else None
    if status > 128 and mib:
        return f"does not compile: the build {space_words(mib)}"
    if status > 128:
        return f"does not compile: the compiler was killed ({describe_status(status)})"
    if status == 3:
        return f"does not compile: the command made no '{language.product}'"
    first = first_error(log)
    return f"does not compile: {errors} error{'' if errors == 1 else 's'}" + (f" (first: {first})" if first else "")
