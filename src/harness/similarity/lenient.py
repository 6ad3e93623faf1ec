"""lenient.py -- the last attempt at parsing a C file that neither the
empty system headers nor pycparser's fake libc let through (cparse.py
tries those first, so a file they parse is read exactly as before).

A student's file fails there for reasons that say nothing of its code:
a header of the course's that was not handed in (`#include
"../engine/board.h"`), a system header the fake libc lacks
(<sys/prctl.h>), a macro the build gives (`#ifndef REPO` / `#error
build with -DREPO=...`), and then the types those headers would have
declared (`board_t b;`). So here the submission's .c and .h files are
copied into a scratch folder, deep enough that `../` stays inside it,
where:
- each quoted header that is not there is an empty file;
- the system headers come from the fake libc, else empty ones;
- each name an `#ifndef NAME` guards with an `#error` is defined as ""
  (an expression anywhere, and a string beside strings);
- each name that stands where only a type can (a name followed by a
  name: `board_t b`) or that the parser stopped right after is declared
  `typedef int NAME;` in front of the text, and the parse tried again
  (at most GUESSES times).
The preprocessed text names the original files, so the places found are
the student's own lines (those of an empty header are outside the
folder and dropped). gcc only preprocesses."""

import os
import re
import shutil
import tempfile

import pycparser

from harness.similarity.cparse import FAKE_LIBC, preprocess, stub_headers

DEPTH = ("up",) * 4  # how many `../` a quoted include may climb
GUESSES = 25
QUOTED = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.MULTILINE)
GUARDED = re.compile(r"^[ \t]*#[ \t]*ifndef[ \t]+(\w+)[ \t]*\n[ \t]*#[ \t]*error\b", re.MULTILINE)
ERROR = re.compile(r"^[ \t]*#[ \t]*error\b.*$", re.MULTILINE)
NAME_NAME = re.compile(r"\b(?:struct|union|enum)[ \t]+\w+"
                       r"|(?<![\w.>$])([A-Za-z_]\w*)(?=[ \t]+(?:const[ \t]+)?([A-Za-z_]\w*))")
LITERAL = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""")
LAST_NAME = re.compile(r"([A-Za-z_]\w*)[\s*)]*$")
STOPPED = re.compile(r"^(.+?):(\d+):(\d+): before: (.*)$")
KEYWORDS = set(pycparser.c_lexer.CLexer.keyword_map) | {"sizeof", "return", "else", "case", "goto", "typedef",
                                                         "struct", "union", "enum", "const", "volatile"}


def copy_tree(folder, scratch):
    """The submission's .c and .h files copied under scratch (its #error
    lines blanked); returns (the copy's root, the guarded names)."""
    root = os.path.join(scratch, *DEPTH, "copy")
    guarded = set()
    for top, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(top, name)
            if not name.endswith((".c", ".h")) or os.path.islink(path) or not os.path.isfile(path):
                continue  # (a link is not followed out of the submission)
            target = os.path.join(root, os.path.relpath(path, folder))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
            guarded |= set(GUARDED.findall(text))
            with open(target, "w", encoding="utf-8") as handle:
                handle.write(ERROR.sub("", text))
    return root, guarded


def stub_quoted(root, scratch):
    """An empty file for each quoted header a copied file names that is
    neither beside it nor in the copy's root (inside scratch only)."""
    for top, _, files in os.walk(root):
        for name in files:
            with open(os.path.join(top, name), encoding="utf-8") as handle:
                wanted = QUOTED.findall(handle.read())
            for header in wanted:
                beside = os.path.normpath(os.path.join(top, header))
                if os.path.exists(beside) or os.path.exists(os.path.join(root, header)):
                    continue
                if beside.startswith(scratch + os.sep):
                    os.makedirs(os.path.dirname(beside), exist_ok=True)
                    open(beside, "w", encoding="utf-8").close()


def guesses_in(text):
    """The names that stand before another name (a type's place), in
    the code (not in its strings and characters)."""
    found = set()
    for line in text.splitlines():
        if not line.startswith("#"):
            found |= {m.group(1) for m in NAME_NAME.finditer(LITERAL.sub('""', line))
                      if m.group(1) and m.group(2) not in KEYWORDS}
    return found - KEYWORDS


def stopped_after(message):
    """The name just before where the parser stopped, from its message
    ("file:line:column: before: token"), else the name it stopped at (a
    type after `const`), or None."""
    where = STOPPED.search(message)
    if where is None:
        return None
    try:
        with open(where.group(1), encoding="utf-8", errors="replace") as handle:
            line = handle.read().splitlines()[int(where.group(2)) - 1]
    except (OSError, IndexError):
        return None
    name = LAST_NAME.search(line[:int(where.group(3)) - 1])
    if name and name.group(1) not in KEYWORDS:
        return name.group(1)
    return where.group(4) if re.fullmatch(r"[A-Za-z_]\w*", where.group(4)) else None


def parse_guessing(parser, text):
    """The text parsed, names declared as types until it parses."""
    types = guesses_in(text)
    for _ in range(GUESSES):
        prefix = "".join("typedef int %s;\n" % name for name in sorted(types))
        try:
            return parser.parse(prefix + text, "")
        except (pycparser.c_parser.ParseError, AssertionError, IndexError) as error:
            name = stopped_after(str(error))
            if name is None or name in types:
                raise ValueError(str(error)) from error
            types.add(name)
    raise ValueError("too many names taken for types")


def parse_lenient(parser, path, folder):
    """The AST of path (a .c file under folder) by this module's means;
    ValueError when even so it does not parse."""
    scratch = os.path.realpath(tempfile.mkdtemp(prefix="lenient."))
    try:
        root, guarded = copy_tree(folder, scratch)
        stub_quoted(root, scratch)
        stubs = os.path.join(scratch, "system")
        os.makedirs(stubs)
        stub_headers(root, stubs)
        copied = os.path.join(root, os.path.relpath(path, folder))
        text = preprocess(copied, ((FAKE_LIBC, stubs), None), ["-D%s=\"\"" % name for name in sorted(guarded)])
        return parse_guessing(parser, text.replace(root + os.sep, folder + os.sep))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
