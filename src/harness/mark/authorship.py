"""authorship.py -- COMP10002's Authorship Declaration, found in a
submission's sources by the skeleton's shape: a comment holding "Authorship
Declaration" (the skeleton's "Student Authorship Declaration:"), its
numbered paragraphs, then the two lines

    Signed by: [Enter your full name and student number here before submission]
    Dated:     [Enter the date that you "signed" the declaration]

A declaration is `signed` when its "Signed by" line holds a name (a letter
left once the skeleton's bracketed placeholders are taken out; a name on
the next line counts), `unsigned` when the line is empty, still the
placeholder, or absent from the declaration, and `missing` when no source
file holds a declaration. In a program of several files the best found
counts: one signed declaration in any source file (the handout asks for it
"at the top of your submitted program", and a program of several files has
no one top) signs the submission. Where the declaration sits in its file is
not judged; the detail names the file and line for a person to look at.
"""

import os
import re

# The files read: C and the other languages scripts/mark builds (the
# skeleton is C; a comment is found by its words, so any of them will do).
SOURCE_SUFFIXES = (".c", ".h", ".cpp", ".cc", ".hpp", ".java", ".py")
# A file is read up to this many bytes: a declaration is at a program's top.
READ_LIMIT = 1 << 20
# The declaration runs from its heading to the end of its comment (`*/`),
# or at most this many lines (a declaration in `//` or `#` comments).
DECLARATION_LINES = 80

HEADING = re.compile(r"authorship\s+declaration", re.I)
SIGNED_BY = re.compile(r"^\s*(?:/\*+|\*+|//+|#+)?\s*signed\s+by\b\s*:?(.*)", re.I)
# The skeleton's placeholders: square brackets around "Enter ...".
PLACEHOLDER = re.compile(r"\[[^\]]*\benter\b[^\]]*\]?", re.I)
COMMENT_MARKS = re.compile(r"\*/.*|^\s*(/\*+|\*+|//+|#+)", re.S)
DATED = re.compile(r"^\s*dated\s*:", re.I)
# Best first: what a submission's several declarations come to.
ORDER = ("signed", "unsigned", "missing")


def signature(text):
    """What a "Signed by" line holds once the placeholders and the comment's
    own marks are taken out."""
    return COMMENT_MARKS.sub("", PLACEHOLDER.sub("", text)).strip()


def has_name(text):
    return any(c.isalpha() for c in text)


def verdict_at(lines, start):
    """(verdict, START, the name) of the declaration whose heading is on
    line START: its Signed by line, up to the end of its comment."""
    end = min(len(lines), start + DECLARATION_LINES)
    if "*/" in lines[start][HEADING.search(lines[start]).end():]:
        end = start + 1
    for i in range(start + 1, end):
        if "*/" in lines[i]:
            end = i + 1
            break
    for i in range(start, end):
        found = SIGNED_BY.search(lines[i])
        if not found:
            continue
        name = signature(found.group(1))
        if not name and i + 1 < end and not DATED.match(signature(lines[i + 1])):
            name = signature(lines[i + 1])
        return ("signed" if has_name(name) else "unsigned"), start, name
    return "unsigned", start, ""


def verdict_of_lines(lines):
    """(verdict, line index of the heading, the name) of the best declaration
    in LINES (a file's first comment may name the declaration that follows
    it); ("missing", None, "") when there is none."""
    found = [verdict_at(lines, i) for i, line in enumerate(lines) if HEADING.search(line)]
    return min(found, key=lambda v: ORDER.index(v[0]), default=("missing", None, ""))


def declaration(text):
    """(verdict, line number from 1 or None, the name) of TEXT."""
    verdict, start, name = verdict_of_lines(text.split("\n"))
    return verdict, (None if start is None else start + 1), name


def source_files(folder):
    """The source files under FOLDER, relative to it, in a fixed order."""
    found = []
    for parent, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if name.lower().endswith(SOURCE_SUFFIXES):
                found.append(os.path.relpath(os.path.join(parent, name), folder))
    return found


def read_start(path):
    with open(path, "rb") as f:
        return f.read(READ_LIMIT).decode("utf-8", errors="replace").replace("\r", "")


def detect(folder):
    """(verdict, detail) of the submission in FOLDER: the best declaration
    of its source files, and in words where it is and who signed it."""
    best = ("missing", "no source file holds an Authorship Declaration")
    for rel in source_files(folder):
        try:
            verdict, line, name = declaration(read_start(os.path.join(folder, rel)))
        except OSError:
            continue
        if ORDER.index(verdict) >= ORDER.index(best[0]):
            continue
        if verdict == "signed":
            best = (verdict, "%s:%d: signed by %s" % (rel, line, name[:80]))
        else:
            best = (verdict, "%s:%d: the declaration is not signed (its Signed by line is empty or "
                             "the skeleton's placeholder)" % (rel, line))
    return best
