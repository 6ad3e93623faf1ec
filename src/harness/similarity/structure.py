"""structure.py -- a C submission's structural fingerprints: its
functions parsed (cparse.py), the functions main reaches written in the
normal form (normalise.py, specialise.py, emit.py), each reached function that is not
inlined into its callers fingerprinted on its own (winnow.py; so the
order of the functions does not matter)."""

from dataclasses import dataclass, field

from pycparser import c_ast

from harness.similarity.cparse import parse_submission
from harness.similarity.emit import Emitter
from harness.similarity.lenient import parse_lenient
from harness.similarity.normalise import INLINE_TOKENS, walk
from harness.similarity.specialise import specialise
from harness.similarity.winnow import merge, winnow


@dataclass
class Structure:
    """A submission's fingerprints ({hash: [Place]}), how many tokens its
    normal form has, and the problems that kept files out (each a line)."""
    fingerprints: dict = field(default_factory=dict)
    tokens: int = 0
    problems: list = field(default_factory=list)


def survey(functions):
    """({name: [the program's functions it names, once a place]}, the
    functions named other than by a call (taken as a pointer: no call
    replaces them), {name: its body's size in nodes}), in one walk of
    each function."""
    graph, taken, sizes = {}, set(), {}
    for name, node in functions.items():
        nodes = list(walk(node.body))
        sizes[name] = len(nodes)
        called = {id(n.name) for n in nodes if isinstance(n, c_ast.FuncCall)}
        named = [n for n in nodes if isinstance(n, c_ast.ID) and n.name in functions]
        graph[name] = [n.name for n in named]
        taken |= {n.name for n in named if id(n) not in called}
    return graph, taken, sizes


def reached(graph, roots):
    """The names reachable from roots through graph."""
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph.get(name, ()))
    return seen


def plan(functions, outside):
    """(roots, inlined): the functions fingerprinted on their own and the
    ones whose body replaces their calls (small, or called from one place;
    never one that reaches itself). Reached: from main and from the
    functions named outside functions; without main, every function."""
    graph, taken, sizes = survey(functions)
    taken |= outside & set(functions)
    live = reached(graph, ["main"] + sorted(taken)) if "main" in functions else set(functions)
    sites = {}
    for name in live:
        for callee in graph[name]:
            sites[callee] = sites.get(callee, 0) + 1
    inlined = {name for name in live - taken if name != "main" and name not in reached(graph, graph[name])
               and (sites.get(name, 0) == 1 or sizes[name] <= INLINE_TOKENS)
               and sites.get(name, 0) > 0}
    return sorted(live - inlined), inlined


def structure_of(folder, relatives):
    """The Structure of a submission's C files (relatives: under folder)."""
    parsed = parse_submission(folder, relatives, parse_lenient)
    found = Structure(problems=parsed.problems)
    specialise(parsed.functions)
    roots, inlined = plan(parsed.functions, parsed.outside)
    emitter = Emitter(parsed.functions, inlined)
    for name in roots:
        tokens = emitter.function(name)
        found.tokens += len(tokens)
        merge(found.fingerprints, winnow(tokens))
    return found


def containment(mine, theirs):
    """The share (percent) of mine's fingerprints also in theirs."""
    return 100.0 * len(mine.keys() & theirs.keys()) / len(mine) if mine else 0.0
