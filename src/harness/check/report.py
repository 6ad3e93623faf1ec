"""check's report for people, from results.tsv's rows: the failures
grouped by likely cause (OUTPUT/causes.tsv and causes-cases.tsv, read by
their headers' names) and by symptom, the full reports of the first of
each group, and a table per category with the last line."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence, TextIO

from harness.cases import UNSTABLE, ResultRow

CAUSE = "likely cause: "


@dataclass
class Group:
    """A group of failures: its name (a symptom, or "likely cause: ..."),
    its rank (0 a cause, 1 a symptom), how many, their categories in the
    order met, the first case."""

    name: str
    rank: int
    first: str
    count: int = 0
    categories: list[str] = field(default_factory=list)


def _table(path: Path) -> list[dict[str, str]]:
    """A TSV with a header as a dict a row, each column by its name."""
    lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    if not lines or not lines[0]:
        return []
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]


def causes_of(output: Optional[Path]) -> dict[str, str]:
    """{case: the sentence of its likely causes} from OUTPUT's causes.tsv
    and causes-cases.tsv (several joined with " with ")."""
    if output is None or not (output / "causes.tsv").is_file() or not (output / "causes-cases.tsv").is_file():
        return {}
    sentence: dict[str, str] = {}
    for row in _table(output / "causes.tsv"):
        code = row.get("code", "")
        sentence.setdefault(code, f"{row.get('description', '')} ({code})")
    cause: dict[str, str] = {}
    for row in _table(output / "causes-cases.tsv"):
        code, case = row.get("code", ""), row.get("case", "")
        if code in sentence:
            cause[case] = cause[case] + " with " + sentence[code] if case in cause else sentence[code]
    return cause


def failure_groups(rows: Sequence[ResultRow], output: Optional[Path] = None) -> list[Group]:
    """The failures grouped: likely causes first, then symptoms, each
    largest first (then by name, in bytes)."""
    cause = causes_of(output)
    groups: dict[str, Group] = {}
    for row in rows:
        if row.passed:
            continue
        name, rank = row.symptom, 1
        if row.case in cause:
            name, rank = CAUSE + cause[row.case], 0
        group = groups.setdefault(name, Group(name, rank, row.case))
        group.rank = rank
        group.count += 1
        if row.category not in group.categories:
            group.categories.append(row.category)
    return sorted(groups.values(), key=lambda g: (g.rank, -g.count, os.fsencode(g.name),
                                                  os.fsencode(" ".join(g.categories)), os.fsencode(g.first)))


def report_groups(groups: Sequence[Group], profile: str, out: TextIO) -> None:
    """The groups, each with its count, its categories and one example."""
    if not groups:
        return
    if any(group.name.startswith(CAUSE) for group in groups):
        out.write(f"failures by likely cause, then by symptom (profile {profile}):\n")
    else:
        out.write(f"failures by symptom (profile {profile}):\n")
    for group in groups:
        out.write(f"  {group.count} {'case' if group.count == 1 else 'cases'}: {group.name}\n")
        out.write(f"      categories: {' '.join(group.categories)}; e.g. {group.first}\n")


def report_failures(rows: Sequence[ResultRow], groups: Sequence[Group], output: Path, shown_name: str,
                    show: int, out: TextIO) -> None:
    """The full reports of SHOW failures, the first of each group first,
    then the names of the others."""
    order = [group.first for group in groups]
    if not order:
        return
    listed = set(order)
    symptom = {row.case: row.symptom for row in rows if not row.passed}
    order += [row.case for row in rows if not row.passed and row.case not in listed]
    shown, rest = 0, []
    out.flush()
    for case in order:
        report = output / "failures" / f"{case}.txt"
        if shown < show and report.is_file():
            out.write(f"---------------------------------------- FAILED {case} ({symptom.get(case, '')})\n")
            out.flush()
            out.buffer.write(report.read_bytes()) if hasattr(out, "buffer") else out.write(report.read_text())
            out.flush()
            shown += 1
        else:
            rest.append(case)
    if rest:
        out.write(f"---------------------------------------- {len(rest)}{'' if shown == 0 else ' more'} failed:\n")
        out.write("".join(f"  {case}\n" for case in rest[:40]))
        if len(rest) > 40:
            out.write(f"  ... and {len(rest) - 40} more\n")
    out.write(f"every failure's report: {shown_name}/failures/<category>/<name>.txt\n")


@dataclass(frozen=True)
class Counts:
    passed: int
    failed: int
    whitespace_passed: int
    unstable: int = 0


def report_table(rows: Sequence[ResultRow], profile: str, out: TextIO) -> Counts:
    """Passed and failed per category (in the order met), and the total;
    a column of the cases not deterministic when there are any."""
    order: list[str] = []
    counted: dict[str, dict[str, int]] = {}
    whitespace = 0
    for row in rows:
        if row.category not in counted:
            order.append(row.category)
            counted[row.category] = {"pass": 0, "fail": 0, UNSTABLE: 0}
        kind = row.verdict if row.verdict in ("pass", UNSTABLE) else "fail"
        counted[row.category][kind] += 1
        whitespace += row.passed and row.code == "whitespace"
    unstable = sum(counts[UNSTABLE] for counts in counted.values())
    extra = f" {'not deterministic':>17}" if unstable else ""
    out.write(f"  {'category':<20} {'passed':>7} {'failed':>7}{extra}   (profile {profile})\n")
    for category in order:
        counts = counted[category]
        mark = "  FAILED" if counts["fail"] or counts[UNSTABLE] else ""
        extra = f" {counts[UNSTABLE]:>17}" if unstable else ""
        out.write(f"  {category:<20} {counts['pass']:>7} {counts['fail']:>7}{extra}{mark}\n")
    total = Counts(sum(c["pass"] for c in counted.values()), sum(c["fail"] for c in counted.values()),
                   whitespace, unstable)
    extra = f" {unstable:>17}" if unstable else ""
    out.write(f"  {'total':<20} {total.passed:>7} {total.failed:>7}{extra}\n")
    return total


def last_line(counts: Counts, profile: str, memcheck: Optional[tuple[int, int]] = None) -> tuple[str, int]:
    """The last line and how many did not pass in all (failed, not
    deterministic): MEMCHECK (checked, clean) counted in it. The cases not
    deterministic are named only when there are some."""
    passed, failed, note = counts.passed, counts.failed, ""
    if memcheck is not None:
        checked, clean = memcheck
        passed, failed = passed + clean, failed + checked - clean
        note = f", memcheck of {checked} cases included"
    if counts.whitespace_passed:
        note += f"; {counts.whitespace_passed} passed only with white space ignored"
    unstable = f", {counts.unstable} not deterministic" if counts.unstable else ""
    return f"{passed} passed, {failed} failed{unstable} (profile {profile}{note})", failed + counts.unstable
