"""merge.py -- issue 44's L5: two helpers merged into one, in a file's
syntax tree (pycparser's c_ast, changed in place), keeping what the
program does. Two static helpers of one file, only ever called, with the
same return type and parameters a 0 can stand for (numbers, pointers,
arrays) become one function taking a selector first (`which`: 1 for the
first, 0 for the second) and both parameter lists (renamed one_NAME and
two_NAME), its body `if (which) {first} else {second}`; every call
passes the selector and 0 for the other's parameters."""

import copy

from pycparser import c_ast

from harness.similarity.rewrites import declared_type, params_of, replace_ids, return_type, rewrite, walk

NUMBERS = {"int", "char", "short", "long", "signed", "unsigned", "_Bool", "bool", "size_t", "ssize_t",
           "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t"}


def called_only(functions):
    """The names of functions that are only ever called (never taken as
    a pointer), from the file's functions."""
    taken = set()
    for function in functions.values():
        called = {id(n.name) for n in walk(function.body) if isinstance(n, c_ast.FuncCall)}
        taken |= {n.name for n in walk(function.body) if isinstance(n, c_ast.ID) and id(n) not in called}
    return set(functions) - taken


def zero_able(param):
    """A parameter 0 can be passed for (a number, a pointer, an array)."""
    if not isinstance(param, c_ast.Decl) or param.name is None:
        return False
    kind = param.type
    if isinstance(kind, (c_ast.PtrDecl, c_ast.ArrayDecl)):
        return True
    return (isinstance(kind, c_ast.TypeDecl) and isinstance(kind.type, c_ast.IdentifierType)
            and set(kind.type.names) <= NUMBERS)


def mergeable(functions, outside):
    """The names of the static helpers that can be merged, sorted
    (outside: the names the file's other declarations refer to)."""
    only = called_only(functions) - outside
    found = []
    for name in sorted(only):
        function = functions[name]
        params = params_of(function)
        declared = {n.name for n in walk(function.body) if isinstance(n, c_ast.Decl)}
        if (name != "main" and "static" in function.decl.storage and all(zero_able(p) for p in params)
                and not declared & {p.name for p in params}):
            found.append(name)
    return found


def renamed_params(function, prefix):
    """Copies of function's parameters and body with each parameter
    named prefix + its name."""
    params = [copy.deepcopy(p) for p in params_of(function)]
    mapping = {p.name: prefix + p.name for p in params}
    for param in params:
        param.name = mapping[param.name]
        declared_type(param.type).declname = param.name
    body = replace_ids(copy.deepcopy(function.body),
                       lambda n: c_ast.ID(mapping[n.name]) if n.name in mapping else n)
    return params, body


def merged(first, second, name):
    """The FuncDef of first and second merged behind a selector."""
    params_a, body_a = renamed_params(first, "one_")
    params_b, body_b = renamed_params(second, "two_")
    which = c_ast.Decl("which", [], [], [], [], c_ast.TypeDecl("which", [], None, c_ast.IdentifierType(["int"])),
                       None, None)
    decl = copy.deepcopy(first.decl)
    decl.name = name
    decl.type.args = c_ast.ParamList([which] + params_a + params_b)
    declared_type(decl.type).declname = name
    body = c_ast.Compound([c_ast.If(c_ast.ID("which"), body_a, body_b)])
    return c_ast.FuncDef(decl, None, body)


def redirect_calls(functions, first, second, name):
    """Every call of first or second in functions calls name instead."""
    counts = (len(params_of(functions[first])), len(params_of(functions[second])))
    zero = c_ast.Constant("int", "0")

    def change(node):
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) and node.name.name in (first, second):
            args = node.args.exprs if node.args is not None else []
            if node.name.name == first:
                args = [c_ast.Constant("int", "1")] + args + [copy.deepcopy(zero) for _ in range(counts[1])]
            else:
                args = [copy.deepcopy(zero)] + [copy.deepcopy(zero) for _ in range(counts[0])] + args
            return c_ast.FuncCall(c_ast.ID(name), c_ast.ExprList(args))
        return node
    for function in functions.values():
        rewrite(function.body, change)


def merge_pairs(functions, count, rng, outside):
    """Up to count pairs of mergeable helpers with the same return type."""
    names = mergeable(functions, outside)
    rng.shuffle(names)
    pairs, used = [], set()
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            if len(pairs) < count and not {first, second} & used and \
                    return_type(functions[first]) == return_type(functions[second]):
                pairs.append((first, second))
                used |= {first, second}
    return pairs
