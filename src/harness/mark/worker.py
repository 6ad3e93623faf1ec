"""worker.py -- the worker that marks one submission, as the class sees
it: its command line, in this one function, so that the worker changing
(src/mark/mark-one today) changes one place. The worker is run in DIR, the
run's --output folder, with the submission's folder name last; it marks
DIR/submissions/NAME/sources and leaves result.tsv (harness.mark.result_file)
and, last, `done`; it prints one line, NAME, state, passed/total,
warnings, seconds, tab-separated."""

from __future__ import annotations

from pathlib import Path

from harness.mark.cli.options import Options


def command(repo: str | Path, options: Options, totals: str, corpus_hash: str = "", build_cache: str = "") -> list[str]:
    """The worker's words before the folder's name: REPO's worker (this
    repository, or --remote-repo's on another machine) with the run's
    options; TOTALS is "category=cases,..."; CORPUS_HASH, given on another
    machine, makes it refuse a corpus that differs from this one's;
    BUILD_CACHE, the run's folder of kept builds on this machine."""
    words = [f"{repo}/src/mark/mark-one", "--program", options.program, "--profile", options.profile,
             "--compile", options.compile, "--compile-timeout", options.compile_timeout,
             "--timeout", options.timeout, "--memcheck", options.memcheck, "--check-jobs", options.check_jobs]
    if options.compare != "exact":
        words += ["--compare", options.compare]
    words += ["--totals", totals]
    for category in options.wanted:
        words += ["--category", category]
    for category in options.excluded:
        words += ["--exclude", category]
    if not options.sandbox:
        words.append("--no-sandbox")
    if not options.old_standards:
        words.append("--no-old-standards")
    if corpus_hash:
        words += ["--corpus-hash", corpus_hash]
    if build_cache:
        words += ["--build-cache", build_cache]
    return words
