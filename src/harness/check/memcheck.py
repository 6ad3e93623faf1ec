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


# Valgrind's memcheck runs a program 10 to 50 times slower than it runs
# alone (Valgrind's manual): a case's run under it has this many times the
# case's timeout, so that a loaded machine does not cut its report short.
VALGRIND_SLOWER = 10


def timeout_under_valgrind(timeout: str) -> str:
    """The timeout of a case's run under Valgrind, for a case's TIMEOUT (seconds)."""
    return f"{float(timeout) * VALGRIND_SLOWER:g}"


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


def verdict(log: str, status: int, timeout: str) -> tuple[str, str]:
    """A case's (verdict, summary) from its Valgrind LOG: clean, findings,
    or incomplete when the log was cut short (no ERROR SUMMARY: the run,
    ended by STATUS, stopped before Valgrind's checks at exit, so it says
    nothing of what was not reached; never clean, and not the program's
    memory error either)."""
    if not complete(log):
        return "incomplete", (f"Valgrind's report was cut short: the run ended with "
                              f"{describe_status(status, timeout)}; not checked")
    said = summary(log)
    return ("findings", said) if said else ("clean", "")


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


def _checked(box: Box, input_path: Path, graded: bool, log: Path, timeout: str) -> tuple[str, str]:
    """One case under Valgrind in BOX, its log kept as LOG: (verdict,
    summary). A log cut short is the checker's (a loaded machine reaches
    the timeout first): the case runs once more before it is incomplete."""
    found = ("incomplete", "")
    for _ in range(2):
        run = box.run(input_path, graded, "memcheck")
        if not (run.log.is_file() and run.log.stat().st_size > 0):
            log.write_bytes(b"")
            return "findings", f"no Valgrind report: the run ended with {describe_status(run.status, timeout)}"
        shutil.copyfile(run.log, log)
        found = verdict(log.read_text(encoding="utf-8", errors="replace"), run.status, timeout)
        if found[0] != "incomplete":
            return found
    return found


def report_memcheck(ids: Sequence[str], per_category: int, cases: Path, output: Path, program: str,
                    limits: Limits, graded: bool, timeout: str, out: TextIO) -> tuple[int, int]:
    """The memory check; (checked, clean)."""
    picked = chosen(ids, per_category)
    logs = output / "memcheck"
    logs.mkdir(parents=True, exist_ok=True)
    out.write(f"memcheck: {len(picked)} cases ({per_category} per category) under valgrind {flags_words()}\n")
    out.flush()
    rows = ["case\tverdict\tsummary\tlog\n"]
    counted = {"clean": 0, "findings": 0, "incomplete": 0}
    with Box(program, limits) as box:
        for case_id in picked:
            log = logs / (case_id.replace("/", "__") + ".log")
            found, said = _checked(box, cases / f"{case_id}.in", graded, log, timeout)
            counted[found] += 1
            if said:
                out.write(f"  {case_id}: {said} (log: {log})\n")
            rows.append(f"{case_id}\t{found}\t{said}\t{log}\n")
    (output / "memcheck.tsv").write_text("".join(rows), encoding="utf-8")
    incomplete = f", {counted['incomplete']} not completed" if counted["incomplete"] else ""
    out.write(f"memcheck: {counted['clean']} clean, {counted['findings']} with findings{incomplete}\n")
    return len(picked), counted["clean"]
