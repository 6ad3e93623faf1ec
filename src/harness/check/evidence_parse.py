"""The first error of a sanitizer's or Valgrind's report, as data: its
kind in words, and the first frame of its stack that is in the student's
own sources (file relative to their folder, line, that line's text).
AddressSanitizer and UndefinedBehaviorSanitizer write to stderr
(`==N==ERROR: AddressSanitizer: double-free ...` and its `#1 0x... in f
FILE:LINE:COL` frames; `FILE:LINE:COL: runtime error: ...`), Valgrind
memcheck to its log (`==N== Invalid write of size 1` and `==N==    at
0x...: f (FILE:LINE)`, with --track-origins=yes an `Uninitialised value
was created by ...` stack). Pure text in, a Finding out: no process."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

# AddressSanitizer's error names, in the words a report uses.
ASAN_KINDS = (("attempting double-free", "double free"),
              ("heap-use-after-free", "use after free (heap)"),
              ("stack-use-after-return", "use after return (stack)"),
              ("stack-use-after-scope", "use after scope (stack)"),
              ("heap-buffer-overflow", "heap buffer overflow"),
              ("stack-buffer-overflow", "stack buffer overflow"),
              ("stack-buffer-underflow", "stack buffer underflow"),
              ("global-buffer-overflow", "global buffer overflow"),
              ("dynamic-stack-buffer-overflow", "stack buffer overflow (alloca or VLA)"),
              ("stack-overflow", "stack overflow (endless recursion?)"),
              ("attempting free on address which was not malloc", "free of a pointer malloc never gave"),
              ("alloc-dealloc-mismatch", "malloc/new and free/delete mismatched"),
              ("SEGV on unknown address", "segmentation fault (a bad pointer)"),
              ("memcpy-param-overlap", "overlapping memcpy"),
              ("strcpy-param-overlap", "overlapping strcpy"))
# The codes for a finding (src/check/README.md, "C evidence"): a
# memory error (an invalid read, write or free, an overflow, a double free,
# a use after free, a bad pointer) or a value used before it is set. A
# leak, memory left at exit, a crash with no error named, a stack overflow
# from recursion and the other undefined behaviours get no code.
MEMORY_ERROR, UNINITIALISED_READ = "memory-error", "uninitialised-read"
NOT_MEMORY = ("stack overflow (endless recursion?)",)
UBSAN_MEMORY = ("out of bounds", "null pointer", "misaligned address")
ASAN_ERROR = re.compile(r"^==[0-9]+==ERROR: AddressSanitizer: (.*)$")
ASAN_FRAME = re.compile(r"^\s*#[0-9]+ 0x[0-9a-f]+ in (\S+) (.+?):([0-9]+)(?::[0-9]+)?\s*$")
UBSAN_ERROR = re.compile(r"^(.+?):([0-9]+):[0-9]+: runtime error: (.*)$")
# Valgrind's errors, each the first line of its block, and their kinds.
VALGRIND_KINDS = ((re.compile(r"^Invalid free\(\)"), "invalid or double free"),
                  (re.compile(r"^Invalid (read|write) of size"), "invalid {0} (outside a block, or freed)"),
                  (re.compile(r"^Conditional jump or move depends on uninitialised"),
                   "uninitialised value used in a condition"),
                  (re.compile(r"^Use of uninitialised value"), "uninitialised value used"),
                  (re.compile(r"^Syscall param .* uninitialised"), "uninitialised bytes passed to the system"),
                  (re.compile(r"^Mismatched free\(\)"), "malloc/new and free/delete mismatched"),
                  (re.compile(r"^Source and destination overlap"), "overlapping copy"),
                  (re.compile(r"bytes in [0-9,]+ blocks are (definitely|indirectly|possibly) lost"),
                   "memory leak ({0} lost)"),
                  (re.compile(r"bytes in [0-9,]+ blocks are still reachable"), "memory not freed at exit"),
                  (re.compile(r"^Process terminating with default action of signal"), "crash"))
# What is not a memory error though the tools report it (code_of), and
# the kinds that are: every kind either tool names, but those (and the
# uninitialised ones, their own code). Each name once, in the tables above.
NOT_MEMORY_PREFIXES = ("memory leak", "memory not freed", "crash")
MEMORY_KINDS = frozenset(name for name in [kind for _, kind in ASAN_KINDS] + [kind for _, kind in VALGRIND_KINDS]
                         if name not in NOT_MEMORY and not name.startswith(NOT_MEMORY_PREFIXES)
                         and "uninitialised" not in name and "{" not in name)
VALGRIND_LINE = re.compile(r"^==[0-9]+== ?(.*)$")
VALGRIND_FRAME = re.compile(r"^\s*(?:at|by) 0x[0-9A-F]+: (\S+) \((.+?):([0-9]+)\)\s*$")
ORIGIN = re.compile(r"^\s*Uninitialised value was created by (.*)$")


@dataclass(frozen=True)
class Place:
    """A line of the student's sources: FILE (relative to their folder), LINE, its text."""

    file: str
    line: int
    source: str

    def words(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Finding:
    """The first error: its kind in words, the tool's own first line, where
    in the student's sources (None when no frame is theirs), and for an
    uninitialised value where it was created (None when not said)."""

    kind: str
    message: str
    place: Optional[Place]
    origin: Optional[Place] = None
    origin_how: str = ""
    caller: Optional[Place] = None


def own_place(path: str, line: str, sources: Sequence[str], folder: Path) -> Optional[Place]:
    """PATH:LINE as a Place when PATH names one of SOURCES (the folder's
    files, relative): the longest of them that PATH ends with (the build's
    folder in the box, /sandbox/folder, and Valgrind's bare names alike)."""
    path = path.replace("\\", "/")
    matches = [name for name in sources if path == name or path.endswith("/" + name)]
    if not matches:
        bare = path.rsplit("/", 1)[-1]
        matches = [name for name in sources if name.rsplit("/", 1)[-1] == bare and "/" not in path]
    if not matches:
        return None
    name = max(matches, key=len)
    return Place(name, int(line), source_line(folder / name, int(line)))


def source_line(path: Path, number: int) -> str:
    """Line NUMBER of PATH, white space at its ends taken off ("" when none)."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        return ""
    return lines[number - 1].strip() if 0 < number <= len(lines) else ""


def asan_kind(text: str) -> str:
    for words, kind in ASAN_KINDS:
        if words in text:
            return kind
    return text.split(" on ")[0].split(" (")[0]


def from_sanitizers(stderr: str, sources: Sequence[str], folder: Path) -> Optional[Finding]:
    """The first AddressSanitizer or UndefinedBehaviorSanitizer error of STDERR; None when there is none."""
    lines = stderr.split("\n")
    for index, line in enumerate(lines):
        undefined = UBSAN_ERROR.match(line)
        if undefined:
            return Finding(f"undefined behaviour: {undefined.group(3)}", line.strip(),
                           own_place(undefined.group(1), undefined.group(2), sources, folder))
        error = ASAN_ERROR.match(line)
        if error:
            return placed(asan_kind(error.group(1)), error.group(1).strip(),
                          own_frames(lines[index + 1:], ASAN_FRAME, sources, folder))
    return None


def first_own_frame(lines: Sequence[str], frame: re.Pattern, sources: Sequence[str],
                    folder: Path) -> Optional[Place]:
    """The first frame of the stack at the start of LINES that is in the student's sources."""
    own = own_frames(lines, frame, sources, folder)
    return own[0] if own else None


def own_frames(lines: Sequence[str], frame: re.Pattern, sources: Sequence[str], folder: Path) -> list[Place]:
    """The frames of the stack at the start of LINES that are in the student's sources, innermost first."""
    started, own = False, []
    for line in lines:
        found = frame.match(line)
        if not found:
            if started and (not line.strip() or not line.lstrip().startswith(("#", "at ", "by "))):
                break
            continue
        started = True
        place = own_place(found.group(2), found.group(3), sources, folder)
        if place is not None:
            own.append(place)
    return own


def placed(kind: str, message: str, own: Sequence[Place], origin: Optional[Place] = None,
           how: str = "") -> Finding:
    """A Finding at the first of OWN, its caller the second."""
    return Finding(kind, message, own[0] if own else None, origin, how, own[1] if len(own) > 1 else None)


def valgrind_kind(text: str) -> Optional[str]:
    for pattern, kind in VALGRIND_KINDS:
        found = pattern.search(text)
        if found:
            return kind.format(*found.groups())
    return None


def from_valgrind(log: str, sources: Sequence[str], folder: Path) -> Optional[Finding]:
    """The first error of a Valgrind memcheck LOG; None when there is none."""
    lines = [VALGRIND_LINE.sub(r"\1", line) for line in log.split("\n") if VALGRIND_LINE.match(line)]
    for index, line in enumerate(lines):
        kind = valgrind_kind(line)
        if kind is None:
            continue
        rest = lines[index + 1:]
        block = rest[:next((n for n, text in enumerate(rest) if not text.strip()), len(rest))]
        origin, how = None, ""
        for at, text in enumerate(block):
            created = ORIGIN.match(text)
            if created:
                origin = first_own_frame(block[at + 1:], VALGRIND_FRAME, sources, folder)
                how = created.group(1).split(" at 0x")[0]
        return placed(kind, line.strip(), own_frames(block, VALGRIND_FRAME, sources, folder), origin, how)
    return None


def code_of(finding: Optional[Finding]) -> str:
    """FINDING's code: MEMORY_ERROR, UNINITIALISED_READ, or "" (none, or no code for its kind)."""
    if finding is None:
        return ""
    kind = finding.kind
    if "uninitialised" in kind:
        return UNINITIALISED_READ
    if kind.startswith("undefined behaviour: "):
        return MEMORY_ERROR if any(words in kind for words in UBSAN_MEMORY) else ""
    if kind in NOT_MEMORY or kind.startswith(NOT_MEMORY_PREFIXES):
        return ""
    return MEMORY_ERROR if kind in MEMORY_KINDS or kind.startswith("invalid ") else ""
