"""reshape.py -- a copy disguised in its syntax tree (issue 44's levels
L3 to L6): each .c file preprocessed (its system headers replaced by
empty ones, so that NULL, stdout or true stay as written; its own macros
expanded, which inlines its constants), parsed with pycparser, changed
(rewrites.py), and written back with pycparser's generator after its
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

from harness.similarity import rewrites
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


def changed(nodes, level, rng):
    """The nodes with the level's changes (in place) and the names of the
    functions to drop (inlined everywhere at L5)."""
    functions = {n.decl.name: n for n in nodes if isinstance(n, c_ast.FuncDef)}
    dropped = set()
    if level >= 5:
        change, helpers = rewrites.level5(functions)
        for node in functions.values():
            rewrites.rewrite(node.body, change)
        still = {n.name for f in functions.values() for n in rewrites.walk(f.body) if isinstance(n, c_ast.ID)}
        dropped = {h for h in helpers if h not in still and "static" in functions[h].decl.storage}
    if level >= 4:
        for node in functions.values():
            rewrites.rewrite(node.body, rewrites.level4(rng))
    if level >= 6:
        for name, node in functions.items():
            if name not in dropped:
                rewrites.rewrite(node.body, rewrites.level6(rng))
    return dropped


def generated(text, nodes, level, rng):
    """The file's new text."""
    generator = c_generator.CGenerator()
    dropped = changed(nodes, level, rng)
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


def reshape_folder(source, dest, level, seed):
    """Copies source to dest, each .c file reshaped at level (3 to 6);
    returns the files that could not be (each with its reason)."""
    rng, failed = random.Random(seed), []
    with tempfile.TemporaryDirectory(prefix="reshape.") as stubs:
        prelude = stub_headers(source, stubs)
        for top, _, files in os.walk(source):
            target = os.path.join(dest, os.path.relpath(top, source))
            os.makedirs(target, exist_ok=True)
            for name in sorted(files):
                path = os.path.join(top, name)
                with open(path, encoding="utf-8", errors="replace") as handle:
                    text = handle.read()
                if name.endswith(".c"):
                    try:
                        text = generated(text, own_nodes(path, stubs, prelude), level, rng)
                    except (ValueError, pycparser.c_parser.ParseError) as error:
                        failed.append("%s: %s" % (name, error))
                with open(os.path.join(target, name), "w", encoding="utf-8") as handle:
                    handle.write(text)
    return failed
