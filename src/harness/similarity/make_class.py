"""usage: python3 -m harness.similarity.make_class [--seed N] [--copies K]
    [--skeleton FILE] COUNT DIR

Writes a generated class of COUNT submissions into DIR (s001, s002, ...),
for timing scripts/similarity: each holds the course's skeleton (FILE,
copied as skeleton.c; default none) and a program of its own, random
C functions (main.c, about 600 lines), except K of them (default: a tenth)
that are a copy of another submission disguised by disguise.py, each with
a random mix of its disguises. Seeded: the same seed, the same class.
"""

import argparse
import os
import random
import shutil
import types

from harness.similarity import disguise

OPERATORS = "+ - * / % & | ^ << >> < > <= >= == != && ||".split()
ASSIGNMENTS = "= += -= *= |= &= ^=".split()


def expression(rng, names, depth):
    """A random expression over names."""
    if depth == 0 or rng.random() < 0.3:
        choice = rng.random()
        if choice < 0.5:
            return rng.choice(names)
        if choice < 0.7:
            return "%s[%s]" % (rng.choice(names), rng.choice(names))
        return str(rng.randint(0, 99))
    if rng.random() < 0.2:
        return "f%d(%s)" % (rng.randint(0, 40), ", ".join(expression(rng, names, depth - 1)
                                                          for _ in range(rng.randint(1, 3))))
    return "(%s %s %s)" % (expression(rng, names, depth - 1), rng.choice(OPERATORS),
                           expression(rng, names, depth - 1))


def statements(rng, names, depth, indent):
    """A random block's lines."""
    lines, pad = [], "    " * indent
    for _ in range(rng.randint(2, 6)):
        kind = rng.random()
        if kind < 0.15 and depth:
            lines.append("%sif (%s) {" % (pad, expression(rng, names, 2)))
            lines += statements(rng, names, depth - 1, indent + 1) + [pad + "}"]
        elif kind < 0.25 and depth:
            lines.append("%sfor (int i = 0; i < %s; i++) {" % (pad, expression(rng, names, 1)))
            lines += statements(rng, names, depth - 1, indent + 1) + [pad + "}"]
        elif kind < 0.32 and depth:
            lines.append("%swhile (%s) {" % (pad, expression(rng, names, 2)))
            lines += statements(rng, names, depth - 1, indent + 1) + [pad + "}"]
        else:
            lines.append("%s%s %s %s;" % (pad, rng.choice(names), rng.choice(ASSIGNMENTS),
                                          expression(rng, names, 3)))
    return lines


def program(rng):
    """A random C program of about 600 lines."""
    lines = ["#include <stdio.h>", ""]
    for number in range(rng.randint(25, 35)):
        names = ["p%d" % i for i in range(rng.randint(1, 4))]
        lines.append("int f%d(%s)" % (number, ", ".join("int *" + n for n in names)))
        lines.append("{")
        names += ["a", "b", "c"]
        lines.append("    int a = 0, b = 1, c = 2;")
        lines += statements(rng, names, 2, 1) + ["    return a + b + c;", "}", ""]
    return "\n".join(lines) + "\n"


def make_class(count, folder, copies, skeleton, rng):
    """The class, as the module's docstring says."""
    names = ["s%03d" % i for i in range(1, count + 1)]
    originals = names[:count - copies]
    for name in originals:
        os.makedirs(os.path.join(folder, name))
        with open(os.path.join(folder, name, "main.c"), "w", encoding="utf-8") as handle:
            handle.write(program(rng))
        if skeleton:
            shutil.copyfile(skeleton, os.path.join(folder, name, "skeleton.c"))
    for name in names[count - copies:]:
        chosen = {flag: rng.random() < 0.5 for flag in ("rename", "reorder", "comments", "whitespace")}
        disguise.disguise_folder(os.path.join(folder, rng.choice(originals)), os.path.join(folder, name),
                                 types.SimpleNamespace(**chosen), rng.randint(1, 1 << 30))


def main():
    parser = argparse.ArgumentParser(usage=__doc__.split("\n\n", 1)[0][7:])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--copies", type=int)
    parser.add_argument("--skeleton")
    parser.add_argument("count", type=int)
    parser.add_argument("folder")
    args = parser.parse_args()
    copies = args.count // 10 if args.copies is None else args.copies
    make_class(args.count, args.folder, copies, args.skeleton, random.Random(args.seed))


if __name__ == "__main__":
    main()
