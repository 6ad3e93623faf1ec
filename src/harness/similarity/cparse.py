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
from dataclasses import dataclass, field

import pycparser
from pycparser import c_ast

FAKE_LIBC = "/usr/share/python3-pycparser/fake_libc_include"
SYSTEM_INCLUDE = re.compile(r"^[ \t]*#[ \t]*include[ \t]*<[^>]*>", re.MULTILINE)
PRELUDE = ("typedef unsigned long size_t; typedef long ssize_t; typedef struct _FILE FILE; "
           "typedef _Bool bool; typedef int int32_t; typedef unsigned uint32_t; "
           "typedef long int64_t; typedef unsigned long uint64_t; typedef unsigned char uint8_t;\n")
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


def preprocess(path, fake_libc):
    """The preprocessed text of one C file: fake_libc, the folder of
    pycparser's fake headers, or None to strip the #include <...> lines
    and declare PRELUDE's types instead (quicker: no headers to parse).
    ValueError with gcc's first line when it fails."""
    command = ["gcc", "-E", "-std=c11", "-nostdinc", "-I", os.path.dirname(path) or "."] + GNU
    text = None
    if fake_libc:
        command += ["-I", fake_libc, path]
    else:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = PRELUDE + '# 1 "%s"\n' % path + SYSTEM_INCLUDE.sub("", handle.read())
        command += ["-x", "c", "-"]
    try:
        done = subprocess.run(command, input=text, capture_output=True, text=True, errors="replace",
                              timeout=SECONDS, check=False)
    except subprocess.TimeoutExpired as error:
        raise ValueError("the preprocessor took too long") from error
    if done.returncode != 0:
        first = next((line for line in done.stderr.splitlines() if "error" in line), "gcc -E failed")
        raise ValueError(first.replace(os.path.dirname(path) + os.sep, ""))
    return done.stdout


def parse_file(parser, path, relative):
    """The file's AST (pycparser's FileAST): first with the system headers
    stripped, then, when that does not parse, with pycparser's fake libc
    headers if installed; ValueError with the last reason otherwise."""
    attempts = [None] + ([FAKE_LIBC] if os.path.isdir(FAKE_LIBC) else [])
    reason = ""
    for fake_libc in attempts:
        try:
            return parser.parse(preprocess(path, fake_libc), path)
        except ValueError as error:
            reason = str(error)
        except (pycparser.c_parser.ParseError, AssertionError, IndexError) as error:
            reason = "%s: %s" % (relative, str(error).replace(os.path.dirname(path) + os.sep, ""))
    raise ValueError(reason)


def parse_submission(folder, relatives):
    """Parsed: the function definitions of the submission's .c files
    (relatives: paths under folder, in order)."""
    parsed, parser = Parsed(), pycparser.CParser()
    for relative in relatives:
        if not relative.endswith(".c"):
            continue
        path = os.path.join(folder, relative)
        try:
            tree = parse_file(parser, path, relative)
        except (ValueError, OSError) as error:
            parsed.problems.append(str(error))
            continue
        for node in tree.ext:
            if isinstance(node, c_ast.FuncDef) and node.decl.name not in parsed.functions:
                parsed.functions[node.decl.name] = node
            elif isinstance(node, c_ast.Decl) and node.init is not None:
                parsed.outside |= names_in(node.init)
    return parsed
