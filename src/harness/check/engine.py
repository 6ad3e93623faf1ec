"""check-engine: any program (or a folder of C, C++, Java, C# or Python
sources, built in the sandbox) against a game's golden corpus, each
worker keeping one sandbox box; the verdicts as data (results.tsv,
junit.xml) and the report for people. `scripts/check-engine --help` says
every option; src/check/README.md every promise."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from harness import cases as corpus
from harness import containment, paths, sandbox
from harness.check import diagnose, memcheck, options as opts, report
from harness.check.evidence import EvidenceSettings
from harness.check.evidence_report import report_evidence
from harness.check.compare import shell_quote
from harness.check.dispatch import run_all
from harness.check.junit import write_junit
from harness.check.usage import usage
from harness.check.worker import WorkerSettings, keep_judge
from harness.games import Game
from harness.languages.build import BuildStopped, NotBuilt, prepare
from harness.languages.table import Language


class CannotCheck(Exception):
    """A program that cannot be checked (a folder that does not build, a
    judge that does not build): status 1."""


@dataclass
class Program:
    """What the workers run: the program (or a folder's launcher), the
    folder beside it, the command the rerun lines name, the name the
    header gives."""

    path: str
    folder: str | None
    run_command: str
    shown: str
    language: Optional[Language] = None
    build_command: str = ""


def choose_profile(options: opts.Options, game: Game) -> None:
    """assignment unless given, or strict when assignment would hold no case."""
    if options.profile:
        return
    options.profile = "assignment"
    strict_only = corpus.strict_only(options.cases)
    if strict_only and len(corpus.list_ids(options.cases)) == len(strict_only):
        print(f"check-engine: profile assignment holds no {game.name} case ({options.cases}/strict-only says why); "
              "running profile strict")
        options.profile = "strict"


def select(options: opts.Options) -> list[str]:
    unknown = corpus.unknown_categories(options.cases, options.categories + options.excluded)
    if unknown:
        there = "".join(category + " " for category in corpus.categories(options.cases))
        raise opts.UsageError(f"no category '{unknown[0]}' (there are: {there})")
    ids = corpus.select_ids(options.cases, options.profile, options.categories, options.excluded)
    if not ids:
        raise opts.UsageError(f"no cases to run under '{options.cases}' (profile {options.profile})")
    return ids


def prepare_program(options: opts.Options, output: Path) -> Program:
    """The program as given, or a FOLDER's built (in the sandbox) into
    OUTPUT/program, its state as data in OUTPUT/program/build.tsv."""
    if not options.engine_folder:
        quoted = shell_quote(options.engine)
        return Program(options.engine_path or options.engine, None, quoted, options.engine)
    where = output / "program"
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir(parents=True)
    limits = sandbox.Limits(timeout="60", cpu="60", memory="2048", no_sandbox=not options.sandbox, quiet=True,
                            folder=options.engine_folder, folder_writable=True)
    sandbox.ensure_built()
    try:
        ready = prepare(options.engine_folder, options.build, limits, where, options.older_standards, shell_quote,
                        options.timeout)
    except NotBuilt as problem:  # (stopped: twice by a signal, the checker's fault; not-built: the program's)
        language = problem.language.name if problem.language else ""
        state = "stopped" if isinstance(problem, BuildStopped) else "not-built"
        (where / "build.tsv").write_text(f"state\tlanguage\n{state}\t{language}\n")
        raise CannotCheck(str(problem)) from None
    (where / "build.tsv").write_text(f"state\tlanguage\nbuilt\t{ready.language.name}\n")
    print(f"check-engine: {options.engine}: {ready.language.name}")
    for line in ready.built:
        if line:
            print(f"check-engine: built in the sandbox ({output}/program/built) with: {line}")
    if ready.note:
        print(f"check-engine: {ready.note}")
    # (the C evidence builds the folder again as the check did, with its options after; not a --build of one's own)
    again = "" if options.build else ((ready.language.older_command() if ready.note else ready.language.build) or "")
    return Program(ready.launcher, ready.folder, ready.command, ready.command, ready.language, again)


def compared_words(options: opts.Options, judge: str) -> str:
    words = "stdout byte for byte only"
    if options.compare != "exact":
        words = "stdout only, compared with white space ignored"
    if judge:
        words = f"output.txt judged by the rules ({judge}), not by its bytes"
    if options.profile == "strict":
        words = "output, exit status and stderr byte for byte" if options.exact_stderr else \
            "output and exit status exactly, stderr by its shape"
        if options.compare != "exact":
            words += ", white space in the output ignored"
    return words


def build_judge(options: opts.Options, game: Game) -> str:
    """The judge (built) when the assignment profile of the game has one, else ""."""
    if options.profile != "assignment" or not game.judge:
        return ""
    sys.stdout.flush()
    made = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(paths.ROOT), game.judge],
                          stdout=sys.stderr, check=False, umask=0o022)  # (build/ is for every user)
    if made.returncode != 0:
        raise CannotCheck(f"cannot build the judge ({game.judge})")
    return game.judge


def check(options: opts.Options, game: Game, started: float) -> int:
    """The whole check once the options are good: status 0 or 1."""
    choose_profile(options, game)
    ids = select(options)
    with ThreadPoolExecutor(max_workers=1) as proving:
        # (the probe's run overlaps the judge's and the program's preparation)
        proof = proving.submit(containment.proven_line) if options.sandbox else None
        return check_proven(options, game, ids, proof, started)


def check_proven(options: opts.Options, game: Game, ids: Sequence[str], proof: Optional[Future],
                 started: float) -> int:
    """check(), the containment's proof under way in PROOF."""
    output = Path(options.output)
    for stale in ("failures", "memcheck", "evidence"):
        shutil.rmtree(output / stale, ignore_errors=True)
    (output / "evidence.tsv").unlink(missing_ok=True)
    (output / "progress.tsv").unlink(missing_ok=True)
    diagnose.clear(output)
    (output / "failures").mkdir(parents=True, exist_ok=True)
    judge = build_judge(options, game)
    program = prepare_program(options, output)
    print(f"check-engine: {program.shown} ({game.name}, run {game.run_words}) against {len(ids)} cases, profile "
          f"{options.profile} ({compared_words(options, judge)}; {options.jobs} jobs, {options.timeout}s timeout)")
    sandbox.ensure_built()
    print("check-engine: " + sandbox.describe(sandbox.Limits(timeout=options.timeout,
                                                             no_sandbox=not options.sandbox)))
    if proof is not None:
        print("check-engine: " + proof.result())
    sys.stdout.flush()
    settings = WorkerSettings(
        cases=Path(options.cases), game=game, program=program.path, run_command=program.run_command, output=output,
        timeout=options.timeout, folder=program.folder, sandbox=options.sandbox, exact_stderr=options.exact_stderr,
        stdout_only=options.profile != "strict", judge=opts.shorten(str(paths.ROOT / judge)) if judge else None,
        compare_whitespace=options.compare == "whitespace",
        reference=game.engine if os.access(game.engine, os.X_OK) else None,
        stop_after_hangs=int(options.stop_after_hangs))
    with tempfile.TemporaryDirectory(prefix="check-engine.") as work:
        verdicts = run_all(ids, options.jobs_count, settings, Path(work), output / "progress.tsv")
    if judge and (output / "outputs").is_dir():
        keep_judge(output, str(paths.ROOT / judge))  # (the judge of the runs kept: none kept, no folder)
    # (progress.tsv is for the run's readers while it runs: once the verdicts are in, results.tsv says it all)
    (output / "progress.tsv").unlink(missing_ok=True)
    return finish(options, game, ids, verdicts, program, started)


def finish(options: opts.Options, game: Game, ids: Sequence[str], verdicts: dict, program: Program,
           started: float) -> int:
    """results.tsv and junit.xml, the diagnosis, the groups, the failures,
    the memory check, the table and the last line."""
    output = Path(options.output)
    rows = corpus.rows_for(ids, verdicts)
    corpus.write_results(output / "results.tsv", rows)
    write_junit(output / "junit.xml", rows, game.name, f"{game.name} (profile {options.profile})",
                output / "failures")
    causes = None
    # (a game without a catalogue of faults has no likely causes to name)
    if options.diagnose and game.fault_catalogue.is_file() and any(row.verdict == "fail" for row in rows):
        causes = diagnose.diagnose(game, options.cases, output, int(time.monotonic() - started), sys.stdout)
    groups = report.failure_groups(rows, output)
    report.report_groups(groups, options.profile, sys.stdout)
    report.report_failures(rows, groups, output, options.output, int(options.show), sys.stdout)
    memchecked = None
    if int(options.memcheck) > 0:
        timeout = memcheck.timeout_under_valgrind(options.timeout)
        limits = sandbox.Limits(timeout=timeout, no_sandbox=not options.sandbox, quiet=True, folder=program.folder)
        # (a case that hung without Valgrind is not run again under it)
        hung = {row.case for row in rows if row.code == "hang"}
        memchecked = memcheck.report_memcheck([i for i in ids if i not in hung], int(options.memcheck),
                                              Path(options.cases), output, program.path, limits,
                                              game.run_mode == "graded", timeout, sys.stdout)
    failing = [row.case for row in rows if not row.passed]
    if options.diagnose and failing and program.language is not None and program.language.native and \
            program.build_command and options.engine_folder:
        report_evidence(EvidenceSettings(Path(options.engine_folder), program.language, program.build_command,
                                         Path(options.cases), output, game.run_mode == "graded", options.sandbox,
                                         int(float(options.timeout))), failing, sys.stdout)
    counts = report.report_table(rows, options.profile, sys.stdout)
    if causes:
        sys.stdout.write(causes)
    line, failed = report.last_line(counts, options.profile, memchecked)
    print(line)
    return 1 if failed else 0


def _name(argv: Sequence[str]) -> str:
    return argv[1] if len(argv) >= 2 and argv[0] == "--as" and argv[1] else opts.NAME


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str]) -> int:
    started = time.monotonic()
    # (a TERM, as a service's lease lost sends, ends the run as an interrupt: every box closed)
    signal.signal(signal.SIGTERM, _interrupted)
    name = _name(argv)
    try:
        options = opts.parse(argv)
        valgrind = int(options.memcheck) <= 0 if options.memcheck.isdigit() else True
        if options.memcheck.isdigit() and int(options.memcheck) > 0:
            valgrind = subprocess.run([str(paths.SRC / "tools" / "ensure-tools"), "--check", "valgrind"],
                                      stdout=subprocess.DEVNULL, check=False).returncode == 0
        game = opts.check(options, valgrind)
        return check(options, game, started)
    except opts.HelpRequested:
        sys.stdout.write(usage(name))
        return 0
    except opts.UsageError as bad:
        sys.stdout.flush()
        if str(bad):
            sys.stderr.write(f"check-engine: {bad}\n")
        if bad.show_usage:
            sys.stderr.write(usage(name))
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("\ncheck-engine: interrupted\n")
        return 130
    except CannotCheck as problem:
        sys.stdout.flush()
        sys.stderr.write(f"check-engine: {problem}\n")
        return 1
