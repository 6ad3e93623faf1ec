"""check --memcheck N: N cases of each category under Valgrind memcheck,
in the sandbox (one box); each case's leaks and invalid accesses, one
line per case for people, and OUTPUT/memcheck.tsv for programs (case,
verdict clean or findings, summary, log), which mark reads."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Sequence, TextIO

from harness import paths
from harness.cases import category_of, describe_status
from harness.sandbox import Box, Limits

FLAGS = paths.SRC / "golden" / "memcheck.flags"
_PREFIX = re.compile(r"^==[0-9]+== +")
# Valgrind's last line of a process it saw to its end (its exit, or a
# signal it could report): a log without it was cut short (the run killed
# by the timeout or the sandbox), and says nothing of what was not reached.
_ERRORS = re.compile(r"^==[0-9]+== ERROR SUMMARY: ([0-9]+) errors", re.MULTILINE)


def complete(log: str) -> bool:
    """Whether LOG holds Valgrind's closing ERROR SUMMARY line."""
    return _ERRORS.search(log) is not None


def _counted_errors(log: str) -> str:
    """The errors Valgrind's ERROR SUMMARY counts, in words, for a log
    whose errors are of none of the kinds summary() names (a mismatched
    free, a system call's uninitialised argument...); "" when none."""
    counted = sum(int(found.group(1)) for found in _ERRORS.finditer(log))
    return f"{counted} errors of other kinds (see the log)" if counted else ""


def summary(log: str) -> str:
    """"" when Valgrind found nothing, else the kinds of error and the bytes lost, in a few words."""
    invalid: dict[str, int] = {}
    uninitialised = freed = 0
    lost: list[str] = []
    for line in log.split("\n"):
        found = re.search(r"== Invalid (read|write)", line)
        if found:
            kind = line.split()[2] if len(line.split()) > 2 else found.group(1)
            invalid[kind] = invalid.get(kind, 0) + 1
        if "== Conditional jump or move depends on uninitialised" in line:
            uninitialised += 1
        if "== Invalid free" in line:
            freed += 1
        if re.search(r"(definitely|indirectly|possibly) lost: [1-9]", line) or \
                re.search(r"still reachable: [1-9]", line):
            lost.append(_PREFIX.sub("", line, count=1))
    # (reads before writes, as the awk it was listed them)
    parts = [f"{invalid[kind]} invalid {kind}s" for kind in sorted(invalid)]
    if uninitialised:
        parts.append(f"{uninitialised} uses of uninitialised values")
    if freed:
        parts.append(f"{freed} invalid frees")
    if lost:
        parts.append("; ".join(lost))
    return ", ".join(parts) or _counted_errors(log)


def findings(log: str, status: int, timeout: str) -> str:
    """What a case's Valgrind LOG found, "" when it is clean: a log cut
    short (no ERROR SUMMARY: the run, ended by STATUS, stopped before
    Valgrind's checks at exit) says so and is never clean."""
    if complete(log):
        return summary(log)
    return f"Valgrind's report was cut short: the run ended with {describe_status(status, timeout)}"


def chosen(ids: Sequence[str], per_category: int) -> list[str]:
    """The first PER_CATEGORY ids of each category, in order."""
    taken: dict[str, int] = {}
    picked = []
    for case_id in ids:
        category = category_of(case_id)
        if taken.get(category, 0) < per_category:
            taken[category] = taken.get(category, 0) + 1
            picked.append(case_id)
    return picked


def flags_words() -> str:
    """Valgrind's first three options, for the heading."""
    lines = [line for line in FLAGS.read_text(encoding="utf-8").split("\n") if not line.startswith("#")]
    return " ".join(" ".join(lines[:3]).split())


def report_memcheck(ids: Sequence[str], per_category: int, cases: Path, output: Path, program: str,
                    limits: Limits, graded: bool, timeout: str, out: TextIO) -> tuple[int, int]:
    """The memory check; (checked, clean)."""
    picked = chosen(ids, per_category)
    logs = output / "memcheck"
    logs.mkdir(parents=True, exist_ok=True)
    out.write(f"memcheck: {len(picked)} cases ({per_category} per category) under valgrind {flags_words()}\n")
    out.flush()
    rows = ["case\tverdict\tsummary\tlog\n"]
    clean = 0
    with Box(program, limits) as box:
        for case_id in picked:
            log = logs / (case_id.replace("/", "__") + ".log")
            run = box.run(cases / f"{case_id}.in", graded, "memcheck")
            if run.log.is_file() and run.log.stat().st_size > 0:
                shutil.copyfile(run.log, log)
                said = findings(log.read_text(encoding="utf-8", errors="replace"), run.status, timeout)
            else:
                log.write_bytes(b"")
                said = f"no Valgrind report: the run ended with {describe_status(run.status, timeout)}"
            if not said:
                clean += 1
                rows.append(f"{case_id}\tclean\t\t{log}\n")
            else:
                out.write(f"  {case_id}: {said} (log: {log})\n")
                rows.append(f"{case_id}\tfindings\t{said}\t{log}\n")
    (output / "memcheck.tsv").write_text("".join(rows), encoding="utf-8")
    out.write(f"memcheck: {clean} clean, {len(picked) - clean} with findings\n")
    return len(picked), clean
