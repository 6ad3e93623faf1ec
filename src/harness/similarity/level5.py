"""level5.py -- issue 44's L5 over a whole program (its .c files' syntax
trees, changed in place): helpers inlined, merged or split, 7 to 10 of
them in all. First every one-return helper is inlined at its calls
(rewrites.py; each helper inlined counts one); then, up to a seeded target of
LOW to HIGH in all (but at least one of each where the program allows),
up to MERGES pairs of helpers are merged behind a selector (merge.py)
and statements are split out into functions of their own (split.py),
each one change."""

from typing import NamedTuple

from pycparser import c_ast

from harness.similarity import merge, rewrites, split

LOW, HIGH = 7, 10
MERGES = 2


class Changes(NamedTuple):
    """What L5 did: {path: the names of functions dropped (inlined or
    merged away)}, and how many helpers it inlined, merged and split."""
    dropped: dict
    inlined: int
    merged: int
    split: int

    def total(self):
        return self.inlined + self.merged + self.split


def functions_of(nodes):
    return {n.decl.name: n for n in nodes if isinstance(n, c_ast.FuncDef)}


def inline(nodes):
    """Inlines the file's one-return helpers; (dropped names, how many
    helpers were inlined)."""
    functions = functions_of(nodes)
    change, helpers, used = rewrites.level5(functions)
    for node in functions.values():
        rewrites.rewrite(node.body, change)
    still = {n.name for f in functions.values() for n in rewrites.walk(f.body) if isinstance(n, c_ast.ID)}
    return {h for h in helpers if h not in still and "static" in functions[h].decl.storage}, len(used)


def outside_names(nodes):
    """The names the file's declarations outside functions refer to (a
    table of function pointers names the functions it holds)."""
    return {name for n in nodes if not isinstance(n, c_ast.FuncDef) for name in rewrites.references(n)}


def fresh(taken, stem):
    """A name made of stem not in taken (and now in it)."""
    number = 1
    while "%s_%d" % (stem, number) in taken:
        number += 1
    taken.add("%s_%d" % (stem, number))
    return "%s_%d" % (stem, number)


def merge_some(files, dropped, count, rng, taken):
    """Merges up to count pairs of helpers, each pair in one file; how
    many it merged."""
    done = 0
    for path in sorted(files):
        live = {k: v for k, v in functions_of(files[path]).items() if k not in dropped[path]}
        for first, second in merge.merge_pairs(live, count - done, rng, outside_names(files[path])):
            name = fresh(taken, "merged")
            live[name] = merge.merged(live[first], live[second], name)
            files[path].append(live[name])
            merge.redirect_calls(live, first, second, name)
            dropped[path] |= {first, second}
            done += 1
    return done


def split_some(files, dropped, count, rng, taken):
    """Splits up to count statements out of the programs' functions, one
    at a time (the candidates found anew after each); how many it split."""
    done = 0
    while done < count:
        candidates = [(path, site) for path in sorted(files)
                      for name, function in sorted(functions_of(files[path]).items()) if name not in dropped[path]
                      for site in split.sites(function)]
        if not candidates:
            break
        path, (site, needed) = rng.choice(candidates)
        files[path].append(split.split(site, needed, fresh(taken, "part")))
        done += 1
    return done


def level5(files, rng):
    """L5 over files ({path: its top-level nodes}, nodes appended for the
    new functions); the Changes."""
    dropped, inlined = {}, 0
    for path in sorted(files):
        dropped[path], count = inline(files[path])
        inlined += count
    target = rng.randint(LOW, HIGH)
    taken = {n.name for nodes in files.values() for node in nodes for n in rewrites.walk(node)
             if isinstance(n, (c_ast.ID, c_ast.Decl)) and n.name}
    merged = merge_some(files, dropped, max(1, min(MERGES, target - inlined - 1)), rng, taken)
    done = split_some(files, dropped, max(1, target - inlined - merged), rng, taken)
    return Changes(dropped, inlined, merged, done)
