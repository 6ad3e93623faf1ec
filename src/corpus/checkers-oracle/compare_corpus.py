#!/usr/bin/env python3
"""Run the checkers oracle on every golden case and compare byte for byte.

For each testdata/checkers/<category>/NAME.in it compares the oracle's
stdout with NAME.out, its exit status with NAME.status (0 when absent) and
its stderr with NAME.err (empty when absent). Each disagreement is printed
as case, stream and first differing line; the last line is
`N agreed, N disagreed`. Exit status 0 only when all agree. With
--disagreed FILE the names of the cases that disagree also go to FILE,
one a line, for the corpus pipeline to read.

Run from anywhere:
    python3 src/corpus/checkers-oracle/compare_corpus.py [--jobs 2] [--times]
        [--corpus DIR] [--disagreed FILE] [SUBSTRING ...]
SUBSTRINGs keep only the cases whose category/NAME contains one of them.
The oracle runs in-process, in at most two worker processes.
"""

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

# No __pycache__ in the repository (the tests compare its state).
sys.dont_write_bytecode = True
from checkers_oracle import run  # noqa: E402 (after the setting above)

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE.parents[2] / "testdata" / "checkers"
MAX_JOBS = 2


def find_cases(corpus: Path, filters: list) -> list:
    cases = sorted(corpus.glob("*/*.in"))
    names = [f"{case.parent.name}/{case.stem}" for case in cases]
    return [case for case, name in zip(cases, names)
            if not filters or any(text in name for text in filters)]


def read_optional(path: Path, default: bytes) -> bytes:
    return path.read_bytes() if path.exists() else default


def first_difference(expected: bytes, actual: bytes) -> str:
    """Line number and both versions of the first line that differs."""
    expected_lines = expected.split(b"\n")
    actual_lines = actual.split(b"\n")
    for number, (want, got) in enumerate(zip(expected_lines, actual_lines), 1):
        if want != got:
            return f"line {number}: expected {want[:100]!r}, got {got[:100]!r}"
    number = min(len(expected_lines), len(actual_lines)) + 1
    return (f"line {number}: expected {len(expected_lines)} lines, "
            f"got {len(actual_lines)}")


def run_case(case: Path):
    """(case name, list of disagreement texts, seconds taken)."""
    name = f"{case.parent.name}/{case.stem}"
    started = time.monotonic()
    stdout, stderr, status = run(case.read_bytes())
    seconds = time.monotonic() - started
    problems = []
    expected_out = read_optional(case.with_suffix(".out"), None)
    if expected_out is None:
        problems.append("stdout: the case has no .out file")
    elif stdout != expected_out:
        problems.append("stdout " + first_difference(expected_out, stdout))
    status_text = read_optional(case.with_suffix(".status"), b"0")
    expected_status = int(status_text.strip() or b"0")
    if status != expected_status:
        problems.append(f"status expected {expected_status}, got {status}")
    expected_err = read_optional(case.with_suffix(".err"), b"")
    if stderr != expected_err:
        problems.append("stderr " + first_difference(expected_err, stderr))
    return name, problems, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=MAX_JOBS)
    parser.add_argument("--times", action="store_true",
                        help="also print the ten slowest cases")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--disagreed", type=Path,
                        help="also write the disagreeing cases' names here")
    parser.add_argument("filters", nargs="*")
    options = parser.parse_args()
    jobs = max(1, min(options.jobs, MAX_JOBS))
    cases = find_cases(options.corpus, options.filters)
    agreed = disagreed = 0
    timings, disagreeing = [], []
    with Pool(processes=jobs) as pool:
        for name, problems, seconds in pool.imap(run_case, cases, chunksize=8):
            timings.append((seconds, name))
            if problems:
                disagreed += 1
                disagreeing.append(name)
                for problem in problems:
                    print(f"{name}: {problem}")
            else:
                agreed += 1
    if options.disagreed is not None:
        options.disagreed.write_text("".join(f"{name}\n" for name in disagreeing))
    if options.times:
        for seconds, name in sorted(timings, reverse=True)[:10]:
            print(f"{seconds:7.2f}s {name}")
    print(f"{agreed} agreed, {disagreed} disagreed")
    return 0 if disagreed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
