"""The C evidence (harness.check.evidence) as data and as words:
OUTPUT/evidence.tsv (a header, then a row: case, kind, file, line,
source, build, optimisation, origin, message, log, caller, code; read by
the columns' names) and the `C evidence:` lines of check-engine's report, which
mark's and the service's pages show too."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional, Sequence, TextIO

from harness.check.evidence import COLUMNS, STOPPED, Evidence, EvidenceSettings, gather
from harness.check.evidence_parse import MEMORY_ERROR, UNINITIALISED_READ, code_of

TOOLS = {"-O0 asan": "AddressSanitizer/UBSan, -O0", "valgrind": "Valgrind --track-origins=yes, -O0"}
# A code's words, before the finding (issue 41's codes; evidence_parse.code_of).
CODES = {MEMORY_ERROR: "a memory error", UNINITIALISED_READ: "a value used before it is set"}


def _cell(text: str) -> str:
    return " ".join(text.replace("\t", " ").split())


def row_of(evidence: Evidence) -> dict[str, str]:
    """EVIDENCE as a row of evidence.tsv, by column."""
    found = evidence.finding
    place = found.place if found else None
    origin = found.origin if found else None
    return {"case": evidence.case, "kind": found.kind if found else "", "file": place.file if place else "",
            "line": str(place.line) if place else "", "source": place.source if place else "",
            "build": evidence.build, "optimisation": evidence.optimisation,
            "origin": f"{found.origin_how} at {origin.words()}: `{origin.source}`" if found and origin else "",
            "message": found.message if found else "", "log": evidence.log,
            "caller": f"{found.caller.words()}: `{found.caller.source}`" if found and found.caller else "",
            "code": code_of(found)}


def write_tsv(path: Path, evidence: Optional[Evidence]) -> None:
    """evidence.tsv: its header, and EVIDENCE's row when there is one."""
    lines = ["\t".join(COLUMNS)]
    if evidence is not None:
        row = row_of(evidence)
        lines.append("\t".join(_cell(row[column]) for column in COLUMNS))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_tsv(path: Path) -> list[dict[str, str]]:
    """evidence.tsv's rows, each by its header's names; none when there is no file."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        return []
    header = lines[0].split("\t") if lines else []
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]


def sentences(row: dict[str, str]) -> list[str]:
    """A row of evidence.tsv in words: the first error (where, its line, the
    tool, the case), where an uninitialised value came from, and whether
    the output depends on the optimisation level."""
    said = []
    tool = TOOLS.get(row.get("build", ""), row.get("build", ""))
    case = row.get("case", "")
    if row.get("kind"):
        where = f" at {row['file']}:{row['line']}: `{row.get('source', '')}`" if row.get("file") else \
            " (no frame in the program's own sources)"
        code = row.get("code", "")
        named = f"{CODES[code]} ({code}): " if code in CODES else ""
        said.append(f"{named}{row['kind']}{where} ({tool}, case {case})")
        if row.get("caller"):
            said.append(f"  called from {row['caller']}")
    elif row.get("build") == STOPPED:
        said.append(f"could not be gathered on case {case}: the checker's build of the program for "
                    "AddressSanitizer, UBSan or Valgrind was stopped twice by a signal (the machine's load, not "
                    "the program); check it again")
    else:
        said.append(f"no error found by AddressSanitizer, UBSan or Valgrind on case {case}")
    if row.get("origin"):
        said.append(f"  the uninitialised value was created by {row['origin']}")
    if row.get("optimisation") == "differs":
        said.append(f"  the output depends on the optimisation level: at -O0 case {case} prints otherwise "
                    "than at -O2 (undefined behaviour: an uninitialised value, or memory out of bounds)")
    return said


def report_lines(rows: list[dict[str, str]]) -> str:
    """The `C evidence:` lines of check-engine's report ("" for no rows)."""
    text = ""
    for row in rows:
        first, *rest = sentences(row)
        text += f"C evidence: {first}\n" + "".join(f"{line}\n" for line in rest)
    return text


def first_memchecked(output: Path) -> Optional[str]:
    """The first case --memcheck found errors in (OUTPUT/memcheck.tsv), None when none."""
    return next((row["case"] for row in read_tsv(output / "memcheck.tsv") if row.get("verdict") == "findings"), None)


def report_evidence(settings: EvidenceSettings, failing: Sequence[str], out: TextIO) -> None:
    """The C evidence gathered for the FAILING cases, OUTPUT/evidence.tsv
    written and its lines printed to OUT when a case called for it;
    nothing else (an error of its own said on stderr, never the end of the check)."""
    try:
        evidence = gather(settings, failing, first_memchecked(settings.output))
    except (OSError, ValueError) as error:
        sys.stderr.write(f"check-engine: no C evidence: {error}\n")
        return
    if evidence is None:
        return
    write_tsv(settings.output / "evidence.tsv", evidence)
    out.write(f"check-engine: C evidence: case {evidence.case} built again at -O0 with AddressSanitizer and "
              f"UBSan, then under Valgrind, in the sandbox (at most {settings.budget}s; "
              f"{settings.output}/evidence.tsv)\n")
    out.write(report_lines([row_of(evidence)]))
