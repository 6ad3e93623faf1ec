"""split.py -- issue 44's L5: a function split in two, in a file's syntax
tree (pycparser's c_ast, changed in place), keeping what the program
does. A loop, if, switch or block of a function (at least MIN_NODES
nodes; no return, goto, label or type declared in it; a break, continue
or case only for a loop or switch inside it; no sizeof of the function's
variables; none of them `register` or an array sized at run time) moves
into a new static void function, called where it stood. The variables
it uses that are in scope there are passed in: by value when it never
changes them, or when they are arrays (which decay to the same
pointer), else by pointer, their uses then read `(*name)`."""

import copy
from typing import NamedTuple

from pycparser import c_ast

from harness.similarity.normalise import is_constant
from harness.similarity.rewrites import declared_type, params_of, references, replace_ids, walk

MIN_NODES = 15
LOOPS = (c_ast.For, c_ast.While, c_ast.DoWhile)
MOVABLE = LOOPS + (c_ast.If, c_ast.Switch, c_ast.Compound)
NEVER = (c_ast.Return, c_ast.Goto, c_ast.Label, c_ast.FuncDecl, c_ast.Struct, c_ast.Union, c_ast.Enum,
         c_ast.Typedef)


class Site(NamedTuple):
    """A statement that can move: the block holding it and its index."""
    block: c_ast.Compound
    index: int


def escapes(node, inside=False, in_switch=False):
    """Whether a break, continue or case label under node belongs to a
    statement around it (inside: under a loop of node; in_switch: under a
    switch of node)."""
    if isinstance(node, c_ast.Continue):
        return not inside
    if isinstance(node, c_ast.Break):
        return not (inside or in_switch)
    if isinstance(node, (c_ast.Case, c_ast.Default)) and not in_switch:
        return True
    inside = inside or isinstance(node, LOOPS)
    in_switch = in_switch or isinstance(node, c_ast.Switch)
    return any(escapes(child, inside, in_switch) for _, child in node.children())


def root(node):
    """The variable an lvalue stores into (x of x, x.f, x[i].f), if any."""
    while isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)):
        if isinstance(node, c_ast.StructRef) and node.type == "->":
            return None
        node = node.name
    return node.name if isinstance(node, c_ast.ID) else None


def changed_names(node):
    """The names node stores into, steps or takes the address of."""
    found = set()
    for item in walk(node):
        if isinstance(item, c_ast.Assignment):
            found.add(root(item.lvalue))
        elif isinstance(item, c_ast.UnaryOp) and item.op in ("++", "--", "p++", "p--", "&"):
            found.add(root(item.expr))
    return found - {None}


def movable(statement, scope):
    """{name: Decl} of the variables in scope (the function's, where
    statement stands) that statement uses, or None when it cannot move."""
    nodes = list(walk(statement))
    if len(nodes) < MIN_NODES or any(isinstance(n, NEVER) for n in nodes) or escapes(statement):
        return None
    own = {n.name for n in nodes if isinstance(n, c_ast.Decl)}
    needed = sorted((references(statement) - own) & set(scope))
    measured = {name for n in nodes if isinstance(n, c_ast.UnaryOp) and n.op == "sizeof"
                for name in references(n)}
    if measured & set(needed) or any(not passable(scope[n]) for n in needed):
        return None
    return {name: scope[name] for name in needed}


def passable(decl):
    """Whether a variable can be passed to the new function as split()
    does: not a function, not `register` (no address), not an array of a
    size known only at run time."""
    kind = decl.type
    if isinstance(kind, c_ast.FuncDecl) or "register" in decl.storage:
        return False
    return not isinstance(kind, c_ast.ArrayDecl) or kind.dim is None or is_constant(kind.dim)


def scan(node, scope, found):
    """Appends (Site, {name: Decl}) for each statement under node that can
    move; scope: {name: Decl} of the variables declared where node is."""
    if isinstance(node, c_ast.Compound):
        scope = dict(scope)
        for index, item in enumerate(node.block_items or []):
            needed = movable(item, scope) if isinstance(item, MOVABLE) else None
            if needed is not None:
                found.append((Site(node, index), needed))
            scan(item, scope, found)
            for decl in item.decls if isinstance(item, c_ast.DeclList) else [item]:
                if isinstance(decl, c_ast.Decl) and decl.name is not None:
                    scope[decl.name] = decl
        return
    if isinstance(node, c_ast.For) and isinstance(node.init, c_ast.DeclList):
        scope = dict(scope, **{d.name: d for d in node.init.decls if d.name is not None})
    for _, child in node.children():
        scan(child, scope, found)


def sites(function):
    """The statements of function that can move, each with the variables
    it needs: [(Site, {name: Decl})]."""
    found = []
    scan(function.body, {p.name: p for p in params_of(function) if getattr(p, "name", None)}, found)
    return found


def parameter(decl, by_pointer):
    """The new function's parameter for a variable of the function."""
    param = copy.deepcopy(decl)
    param.storage, param.init, param.bitsize, param.funcspec = [], None, None, []
    if by_pointer:
        param.type = c_ast.PtrDecl([], param.type)
    return param


def split(site, needed, name):
    """Moves the statement at site (needing the variables needed, {name:
    Decl}) into a new function called name; returns its FuncDef."""
    statement = site.block.block_items[site.index]
    changed = changed_names(statement)
    pointers = {n for n in needed if n in changed and not isinstance(needed[n].type, c_ast.ArrayDecl)}
    params = [parameter(needed[n], n in pointers) for n in needed]
    body = replace_ids(statement, lambda n: c_ast.UnaryOp("*", n) if n.name in pointers else n)
    args = [c_ast.UnaryOp("&", c_ast.ID(n)) if n in pointers else c_ast.ID(n) for n in needed]
    site.block.block_items[site.index] = c_ast.FuncCall(c_ast.ID(name), c_ast.ExprList(args) if args else None)
    void = c_ast.TypeDecl(name, [], None, c_ast.IdentifierType(["void"]))
    empty = [c_ast.Typename(None, [], None, c_ast.TypeDecl(None, [], None, c_ast.IdentifierType(["void"])))]
    decl = c_ast.Decl(name, [], [], ["static"], [], c_ast.FuncDecl(c_ast.ParamList(params or empty), void), None, None)
    declared_type(decl.type).declname = name
    return c_ast.FuncDef(decl, None, body if isinstance(body, c_ast.Compound) else c_ast.Compound([body]))
