"""Whether two outputs differ only in white space, and if so, the first
place and what differs there (was src/check/whitespace-difference; check
runs it in-process on a failed case's stdout or output.txt, never on a
passing one; `python3 -m harness.check.whitespace EXPECTED ACTUAL` is the
same as a command).

"Only in white space", exactly: white space is space, tab, CR, LF,
vertical tab and form feed (C's isspace in the C locale; a line break
is white space too); every other byte, NUL and non-ASCII bytes
included, is part of a token, a maximal run of non-white bytes. Two
outputs differ only in white space when they differ as bytes and hold
the same sequence of tokens. So `A B` and `A  B`, `A B\n` and
`A B  \r\n\n` are that, while `AB` and `A B` are not (two tokens
against one), nor is an output with a character more or less.

Where: both outputs are cut into white runs and tokens (a white run,
maybe empty, before each token and after the last). The first white run
that differs is the difference; what differs in it, in the order the
text reads (the end of the line before it, the blank lines inside it,
the start of the line after it), is its kind:
  trailing-spaces / missing-trailing-spaces   at the end of a line
  leading-spaces / missing-leading-spaces     at the start of a line
  spaces-inside     more or fewer spaces between two tokens of a line
  tab               a tab where spaces (or nothing) are expected
  spaces-for-tab    spaces (or nothing) where a tab is expected
  cr                a CR where none is expected (CR LF line endings)
  missing-cr        no CR where one is expected
  extra-blank-line / missing-blank-line       a blank line more or less
  line-broken       a line break where a space is expected
  lines-joined      a space (or nothing) where a line break is expected
  no-final-newline  the output ends without the expected newline
  extra-final-newline  a newline at the end where none is expected
The line numbers are the expected output's (up to the difference the
two outputs have the same lines)."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from harness.check.compare import common_prefix

USAGE = """usage: python3 -m harness.check.whitespace EXPECTED ACTUAL
Exit 0 and one line, LINE<TAB>KIND<TAB>the kind in words<TAB>the kind and
line in words (e.g. "4<TAB>trailing-spaces<TAB>trailing spaces<TAB>trailing
spaces on line 4"), when ACTUAL differs from EXPECTED only in white space
(space, tab, CR, LF, VT, FF: the same sequence of the other bytes' runs);
exit 1, printing nothing, when they differ otherwise (and not first in
white space) or not at all; exit 3 when they differ in more than white
space but first in white space, and one line: the line of the first
difference that is not white space in EXPECTED and in ACTUAL, then the
first white-space difference as above (e.g. "22<TAB>22<TAB>4<TAB>
trailing-spaces<TAB>..."); exit 2 on bad usage or an unreadable file.
"""

WHITE_RUN = re.compile(rb"[ \t\r\n\f\x0b]*")

# Each kind in words: alone (the symptom's, the same for every case that
# differs so), and where it is (LINE: the line number).
WORDS = {
    "trailing-spaces": ("trailing spaces", "trailing spaces on line LINE"),
    "missing-trailing-spaces": ("missing trailing spaces", "missing trailing spaces on line LINE"),
    "leading-spaces": ("leading spaces", "leading spaces on line LINE"),
    "missing-leading-spaces": ("missing leading spaces", "missing leading spaces on line LINE"),
    "spaces-inside": ("spaces inside a line", "spaces inside line LINE"),
    "tab": ("a tab instead of spaces", "a tab instead of spaces on line LINE"),
    "spaces-for-tab": ("spaces instead of a tab", "spaces instead of a tab on line LINE"),
    "cr": ("CR line endings", "CR line endings from line LINE"),
    "missing-cr": ("LF line endings, CR LF expected", "LF line endings, CR LF expected, from line LINE"),
    "extra-blank-line": ("an extra blank line", "an extra blank line at line LINE"),
    "missing-blank-line": ("a missing blank line", "a missing blank line at line LINE"),
    "line-broken": ("a line broken in two", "line LINE broken in two"),
    "lines-joined": ("two lines joined", "line LINE joined with the next"),
    "no-final-newline": ("no newline at the end", "no newline at the end (line LINE)"),
    "extra-final-newline": ("a newline at the end", "a newline at the end where none is expected (line LINE)"),
}


def first_different_run(expected, actual):
    """Where the white run holding the first differing byte starts (the
    same place in both, since everything before it is the same), and that
    run in each."""
    start = common_prefix(expected, actual)
    while start > 0 and expected[start - 1:start] in (b" ", b"\t", b"\r", b"\n", b"\f", b"\x0b"):
        start -= 1
    return (start, WHITE_RUN.match(expected, start).group(), WHITE_RUN.match(actual, start).group())


def piece_kind(expected, actual, where):
    """The kind of a difference inside one line's white (no LF in either);
    WHERE is trailing, leading or inside."""
    if b"\r" in actual and b"\r" not in expected:
        return "cr"
    if b"\r" in expected and b"\r" not in actual:
        return "missing-cr"
    # (a tab for spaces: both hold white; a tab where nothing is expected
    # is white at the end or start of a line like any other)
    if expected and actual:
        if b"\t" in actual and b"\t" not in expected:
            return "tab"
        if b"\t" in expected and b"\t" not in actual:
            return "spaces-for-tab"
    if where == "inside":
        return "spaces-inside"
    return ("" if len(actual) > len(expected) else "missing-") + where + "-spaces"


def run_difference(expected, actual, at_start, at_end):
    """The first difference between two white runs as (kind, lines after
    the run's first line)."""
    e_lines, a_lines = expected.split(b"\n"), actual.split(b"\n")
    e_breaks, a_breaks = len(e_lines) - 1, len(a_lines) - 1
    if e_breaks == 0 and a_breaks == 0:
        where = "leading" if at_start else "trailing" if at_end else "inside"
        return piece_kind(expected, actual, where), 0
    if e_breaks == 0 or a_breaks == 0:
        more = a_breaks > 0
        if at_start:
            return ("extra-blank-line" if more else "missing-blank-line"), 0
        if at_end:
            return ("extra-final-newline" if more else "no-final-newline"), 0
        return ("line-broken" if more else "lines-joined"), 0
    # Both break the line: the end of the first line, the blank lines
    # both have, then one more or one less, then the next line's start.
    shared = min(e_breaks, a_breaks)
    for index in range(shared):
        if e_lines[index] != a_lines[index]:
            # (the end of a line, or a blank line's white)
            return piece_kind(e_lines[index], a_lines[index], "trailing"), index
    if e_breaks != a_breaks:
        return ("extra-blank-line" if a_breaks > e_breaks else "missing-blank-line"), shared
    return piece_kind(e_lines[-1], a_lines[-1], "trailing" if at_end else "leading"), shared


def line_of(text, at):
    """The 1-based line of TEXT that byte AT is on."""
    return 1 + text.count(b"\n", 0, at)


def token_offset(text, index, within):
    """The offset of byte WITHIN of token INDEX (0-based) of TEXT; the end
    of TEXT past its last token."""
    for number, token in enumerate(re.finditer(rb"[^ \t\r\n\f\x0b]+", text)):
        if number == index:
            return token.start() + within
    return len(text)


def token_difference(expected, actual):
    """Where the first token that differs differs, as a byte offset in each
    output (the end of an output with no more tokens), and its index."""
    e_tokens, a_tokens = expected.split(), actual.split()
    shared = min(len(e_tokens), len(a_tokens))
    index = 0
    while index < shared and e_tokens[index] == a_tokens[index]:
        index += 1
    within = common_prefix(e_tokens[index], a_tokens[index]) if index < shared else 0
    return (token_offset(expected, index, within), token_offset(actual, index, within), index)


def first_real_difference(expected, actual, start, e_run, a_run):
    """When the outputs differ in more than white space: "" when that is
    their first difference (exit 1), else the lines of the first difference
    that is not white space, in each, as the report's first two fields."""
    e_at, a_at, index = token_difference(expected, actual)
    # (a report only when white space differs first, between two tokens
    # that are still the same in both)
    if len(expected[:start].split()) >= index or e_run == a_run:
        return ""
    return "%d\t%d\t" % (line_of(expected, e_at), line_of(actual, a_at))


WHITE_BYTES = b" \t\r\n\x0b\x0c"


@dataclass(frozen=True)
class Finding:
    """A difference first in white space: its LINE (the expected
    output's), KIND, the kind in words (PHRASE) and with the line (WORDS);
    with MIXED, the outputs differ in more afterwards, first at line
    REAL_EXPECTED of the expected output and REAL_ACTUAL of the actual."""

    line: int
    kind: str
    phrase: str
    words: str
    mixed: bool = False
    real_expected: int = 0
    real_actual: int = 0

    def tool_line(self) -> str:
        """The line the command prints."""
        real = f"{self.real_expected}\t{self.real_actual}\t" if self.mixed else ""
        return f"{real}{self.line}\t{self.kind}\t{self.phrase}\t{self.words}"


def difference(expected: bytes, actual: bytes) -> Optional[Finding]:
    """The first difference of EXPECTED and ACTUAL when it is in white
    space (mixed when more differs afterwards); None when they are the
    same, or differ first in a token."""
    if expected == actual:
        return None
    start, e_run, a_run = first_different_run(expected, actual)
    real = ""
    # (bytes.split(): the tokens, split at exactly these six white bytes)
    if expected.split() != actual.split():
        real = first_real_difference(expected, actual, start, e_run, a_run)
        if not real:
            return None
    at_end = start + len(e_run) == len(expected)
    kind, later = run_difference(e_run, a_run, start == 0, at_end)
    line = line_of(expected, start) + later
    phrase, where = WORDS[kind]
    finding = Finding(line, kind, phrase, where.replace("LINE", str(line)))
    if real:
        e_line, a_line = (int(part) for part in real.split("\t")[:2])
        return Finding(line, kind, phrase, finding.words, True, e_line, a_line)
    return finding


def token_first(expected: bytes, actual: bytes) -> bool:
    """Whether the first byte where the two differ is white space in
    neither (so the answer is None at once); False when unsure (a white
    byte there, or one output ends first)."""
    at = common_prefix(expected, actual)
    if at >= len(expected) or at >= len(actual):
        return False
    return expected[at] not in WHITE_BYTES and actual[at] not in WHITE_BYTES


def main(args: list[str]) -> int:
    if args in (["--help"], ["-h"]):
        sys.stdout.write(USAGE)
        return 0
    if len(args) != 2:
        sys.stderr.write(USAGE)
        return 2
    texts = []
    for path in args:
        try:
            texts.append(Path(path).read_bytes())
        except OSError as error:
            sys.stderr.write("whitespace-difference: %s: %s\n" % (path, error.strerror or error))
            return 2
    found = difference(*texts)
    if found is None:
        return 1
    print(found.tool_line())
    return 3 if found.mixed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
