"""reshape.py -- a copy disguised in its syntax tree (issue 44's levels
L3 to L6): each .c file preprocessed (its system headers replaced by
empty ones, so that NULL, stdout or true stay as written; its own macros
expanded, which inlines its constants), parsed with pycparser, changed
(rewrites.py; at L5 the whole program first, level5.py), and written back with pycparser's generator after its
#include lines: its types and variables first, in their order, then a
declaration of every function, then the functions in a shuffled order.
Headers (.h) are copied as they are. A file that does not parse so is
copied as it is (ValueError says which when none did)."""

import os
import random
import re
import subprocess
import tempfile

import pycparser
from pycparser import c_ast, c_generator

from harness.similarity import level5, rewrites
from harness.similarity.cparse import stub_headers

# pycparser keeps [NAME] = and .NAME = designators alike (both an ID), and
# its generator writes both as .NAME: the array's are made [NAME + 0].
DESIGNATOR = re.compile(r"([{,]\s*)\[\s*([A-Za-z_]\w*)\s*\]\s*=")
INCLUDE = re.compile(r"^[ \t]*#[ \t]*include[ \t]*([<\"])([^>\"]+)[>\"]", re.MULTILINE)


def own_nodes(path, stubs, prelude):
    """The top-level nodes of path's own text (not its headers')."""
    done = subprocess.run(["gcc", "-E", "-std=c11", "-nostdinc", "-I", os.path.dirname(path), "-I", stubs,
                           "-include", prelude, path], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise ValueError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "gcc -E failed")
    tree = pycparser.CParser().parse(DESIGNATOR.sub(r"\1[\2 + 0] =", done.stdout), path)
    return [node for node in tree.ext if node.coord is not None and node.coord.file == path]


def changed(nodes, level, rng, dropped):
    """The nodes with L4's and L6's changes (in place; L5's are made over
    the whole program first, by level5.py, which dropped the functions
    named in dropped)."""
    functions = {n.decl.name: n for n in nodes if isinstance(n, c_ast.FuncDef)}
    if level >= 4:
        for node in functions.values():
            rewrites.rewrite(node.body, rewrites.level4(rng))
    if level >= 6:
        for name, node in functions.items():
            if name not in dropped:
                rewrites.rewrite(node.body, rewrites.level6(rng))


def generated(text, nodes, level, rng, dropped=frozenset()):
    """The file's new text."""
    generator = c_generator.CGenerator()
    changed(nodes, level, rng, dropped)
    functions = [n for n in nodes if isinstance(n, c_ast.FuncDef) and n.decl.name not in dropped]
    others = [n for n in nodes if not isinstance(n, c_ast.FuncDef)
              and not (isinstance(n, c_ast.Decl) and n.name in dropped)]
    rng.shuffle(functions)
    lines = [m.group(0) for m in INCLUDE.finditer(text)] + [""]
    lines += [generator.visit(n) + ";" for n in others]
    lines += [generator.visit(f.decl) + ";" for f in functions]
    lines += [generator.visit(f) for f in functions]
    if level >= 6 and any(f.decl.name == "main" for f in functions):
        lines.append(rewrites.spare_functions(rng))
    return "\n".join(lines) + "\n"


def parsed_files(source, stubs, failed):
    """{path: its own top-level nodes} of source's .c files that parse
    (the others said in failed, each with its reason)."""
    prelude, files = stub_headers(source, stubs), {}
    for top, _, names in sorted(os.walk(source)):
        for name in sorted(names):
            path = os.path.join(top, name)
            if name.endswith(".c"):
                try:
                    files[path] = own_nodes(path, stubs, prelude)
                except (ValueError, pycparser.c_parser.ParseError) as error:
                    failed.append("%s: %s" % (name, error))
    return files


def reshape_folder(source, dest, level, seed):
    """Copies source to dest, each .c file reshaped at level (3 to 6);
    returns the files that could not be (each with its reason) and L5's
    Changes (None below L5)."""
    rng, failed = random.Random(seed), []
    with tempfile.TemporaryDirectory(prefix="reshape.") as stubs:
        files = parsed_files(source, stubs, failed)
        changes = level5.level5(files, rng) if level >= 5 else None
        for top, _, names in os.walk(source):
            target = os.path.join(dest, os.path.relpath(top, source))
            os.makedirs(target, exist_ok=True)
            for name in sorted(names):
                path = os.path.join(top, name)
                with open(path, encoding="utf-8", errors="replace") as handle:
                    text = handle.read()
                if path in files:
                    text = generated(text, files[path], level, rng, changes.dropped[path] if changes else set())
                with open(os.path.join(target, name), "w", encoding="utf-8") as handle:
                    handle.write(text)
    return failed, changes
