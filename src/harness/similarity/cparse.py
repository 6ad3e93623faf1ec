"""cparse.py -- a submission's C files parsed with pycparser (Debian's
python3-pycparser): each .c file preprocessed by `gcc -E` against
pycparser's fake libc headers when they are installed (its own headers
read as they are), else with its #include <...> lines stripped and a few
common types declared; its function definitions kept with the file they
came from. gcc only preprocesses (the student's program is never run).
A file that does not preprocess or parse is said, not raised: the caller
then falls back to the token comparison for that submission."""

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field

import pycparser
from pycparser import c_ast

from harness.similarity.fastlex import FastLexer

FAKE_LIBC = "/usr/share/python3-pycparser/fake_libc_include"
SYSTEM_INCLUDE = re.compile(r"^[ \t]*#[ \t]*include[ \t]*<([^>]*)>", re.MULTILINE)
PRELUDE = ("typedef unsigned long size_t; typedef long ssize_t; typedef struct _FILE FILE; "
           "typedef _Bool bool; typedef int int32_t; typedef unsigned uint32_t; "
           "typedef long int64_t; typedef unsigned long uint64_t; typedef unsigned char uint8_t; "
           "typedef int va_list; typedef long time_t; typedef int pid_t; typedef unsigned uid_t, gid_t, mode_t; "
           "typedef long off_t; typedef struct _DIR DIR; typedef unsigned long uintmax_t; typedef long intmax_t; "
           "typedef int sig_atomic_t;\n")
# GNU spellings the fake headers do not define away.
GNU = ["-D__attribute__(x)=", "-D__extension__=", "-D__restrict=", "-D__inline=inline",
       "-D__asm__(x)="]
SECONDS = 20


def names_in(node):
    """Every identifier's name under node."""
    found = {node.name} if isinstance(node, c_ast.ID) else set()
    for _, child in node.children():
        found |= names_in(child)
    return found


@dataclass
class Parsed:
    """A submission's function definitions by name (the first of a name
    wins), each with the file it is in; problems, one line each; outside,
    the names used in declarations outside functions (a table of function
    pointers names the functions it holds)."""
    functions: dict = field(default_factory=dict)
    problems: list = field(default_factory=list)
    outside: set = field(default_factory=set)


def stub_headers(source, stubs):
    """Empty files in stubs for every <header> a file of source names
    (so that any system header is found, and declares nothing), and the
    prelude of common types; returns the prelude's path."""
    for top, _, files in os.walk(source):
        for name in files:
            if not name.endswith((".c", ".h")):
                continue
            with open(os.path.join(top, name), encoding="utf-8", errors="replace") as handle:
                for header in SYSTEM_INCLUDE.findall(handle.read()):
                    target = os.path.normpath(os.path.join(stubs, header))
                    if target.startswith(stubs + os.sep):
                        os.makedirs(os.path.dirname(target), exist_ok=True)
                        open(target, "w", encoding="utf-8").close()
    prelude = os.path.join(stubs, "_prelude.h")
    with open(prelude, "w", encoding="utf-8") as handle:
        handle.write(PRELUDE)
    return prelude


def preprocess(path, includes, extra=()):
    """The preprocessed text of one C file, its system headers looked for
    in includes: (the stubs' folder, its prelude) or (pycparser's fake
    libc, None), or (folders, None); extra: more of gcc's options.
    ValueError with gcc's first error when it fails."""
    folder, prelude = includes
    folders = [folder] if isinstance(folder, str) else list(folder)
    command = ["gcc", "-E", "-std=c11", "-nostdinc", "-I", os.path.dirname(path) or "."]
    command += [option for place in folders for option in ("-I", place)] + GNU + list(extra)
    command += (["-include", prelude] if prelude else []) + [path]
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace",
                              timeout=SECONDS, check=False)
    except subprocess.TimeoutExpired as error:
        raise ValueError("the preprocessor took too long") from error
    if done.returncode != 0:
        first = next((line for line in done.stderr.splitlines() if "error" in line), "gcc -E failed")
        raise ValueError(first.replace(os.path.dirname(path) + os.sep, ""))
    return done.stdout


def parse_file(parser, path, relative, stubs, last=None):
    """The file's AST (pycparser's FileAST): first with empty system
    headers (stubs), then, when that does not parse (a type of theirs not
    in PRELUDE), with pycparser's fake libc headers if installed, then
    by last(parser, path) if given (lenient.py: headers missing, types
    guessed); ValueError with the first attempt's reason otherwise."""
    attempts = [lambda: parser.parse(preprocess(path, stubs), path)]
    attempts += [lambda: parser.parse(preprocess(path, (FAKE_LIBC, None)), path)] if os.path.isdir(FAKE_LIBC) else []
    attempts += [lambda: last(parser, path)] if last else []
    reasons = []
    for attempt in attempts:
        try:
            return attempt()
        except ValueError as error:
            reasons.append(str(error))
        except (pycparser.c_parser.ParseError, AssertionError, IndexError) as error:
            reasons.append("%s: %s" % (relative, str(error).replace(os.path.dirname(path) + os.sep, "")))
    raise ValueError(reasons[0])


def parse_submission(folder, relatives, last=None):
    """Parsed: the function definitions of the submission's .c files
    (relatives: paths under folder, in order); last: parse_file's last
    attempt, called as last(parser, path, folder)."""
    parsed, parser = Parsed(), pycparser.CParser(lexer=FastLexer)
    with tempfile.TemporaryDirectory(prefix="cparse.") as stubs:
        prelude = stub_headers(folder, stubs)
        for relative in relatives:
            if relative.endswith(".c"):
                lenient = (lambda p, path: last(p, path, folder)) if last else None
                parse_one(parser, parsed, os.path.join(folder, relative), relative, (stubs, prelude), lenient)
    return parsed


def parse_one(parser, parsed, path, relative, stubs, last=None):
    """Adds one file's functions (or its problem) to parsed."""
    try:
        tree = parse_file(parser, path, relative, stubs, last)
    except (ValueError, OSError) as error:
        parsed.problems.append(str(error))
        return
    for node in tree.ext:
        if isinstance(node, c_ast.FuncDef) and node.decl.name not in parsed.functions:
            parsed.functions[node.decl.name] = node
        elif isinstance(node, c_ast.Decl) and node.init is not None:
            parsed.outside |= names_in(node.init)
