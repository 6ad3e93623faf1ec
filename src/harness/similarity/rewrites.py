"""rewrites.py -- the changes of a copy's syntax tree that keep what the
program does (pycparser's c_ast, changed in place), by level (issue 44):
L4 loops exchanged (for <-> while), if/else swapped with the condition
negated, x++ written x += 1 (constants are inlined by the preprocessor
already); L5 helpers whose body is one `return E;` inlined at their calls
(when every argument is free of side effects; level5.py adds merged and
split functions); L6 dead code (values
stored in variables never read, branches that never run) and two
functions nobody calls."""

import copy

from pycparser import c_ast, c_generator

PURE = (c_ast.ID, c_ast.Constant, c_ast.ArrayRef, c_ast.StructRef, c_ast.BinaryOp)


def walk(node):
    yield node
    for _, child in node.children():
        yield from walk(child)


def slots(node):
    """(name, value) of a node's fields that hold nodes or lists of them."""
    for name in node.__slots__:
        if name not in ("coord", "__weakref__"):
            value = getattr(node, name)
            if isinstance(value, (c_ast.Node, list)):
                yield name, value


def rewrite(node, change):
    """Applies change (node -> node) bottom-up to every node under node."""
    for name, value in slots(node):
        if isinstance(value, list):
            setattr(node, name, [rewrite(v, change) if isinstance(v, c_ast.Node) else v for v in value])
        else:
            setattr(node, name, rewrite(value, change))
    return change(node)


def replace_ids(node, change):
    """Applies change (ID -> node) to every variable reference under node
    (a struct's field name is not one), in place; returns the node."""
    for name, value in slots(node):
        if isinstance(node, c_ast.StructRef) and name == "field":
            continue
        if isinstance(value, list):
            setattr(node, name, [replace_ids(v, change) if isinstance(v, c_ast.Node) else v for v in value])
        else:
            setattr(node, name, replace_ids(value, change))
    return change(node) if isinstance(node, c_ast.ID) else node


def references(node):
    """The names of the variable references under node."""
    found = set()
    replace_ids(node, lambda n: found.add(n.name) or n)
    return found


def params_of(function):
    """A function definition's parameters (none for `(void)`)."""
    args = function.decl.type.args
    params = args.params if args is not None else []
    return [] if len(params) == 1 and isinstance(params[0], c_ast.Typename) else params


def declared_type(node):
    """The TypeDecl that names a declaration (under its pointers, arrays
    and function declarators)."""
    while not isinstance(node, c_ast.TypeDecl):
        node = node.type
    return node


def return_type(function):
    """A function's return type as text, without its name."""
    kind = copy.deepcopy(function.decl.type.type)
    declared_type(kind).declname = None
    return c_generator.CGenerator().visit(kind)


def has(node, kinds):
    return any(isinstance(n, kinds) for n in walk(node))


def constant(value):
    """The int constant value."""
    return c_ast.Constant("int", str(value))


def level4(rng):
    """The change of L4: each loop, if/else and x++ statement rewritten
    (about two in three of them)."""
    def change(node):
        if isinstance(node, c_ast.For) and not has(node.stmt, c_ast.Continue) and rng.random() < 0.7:
            body = list(node.stmt.block_items or []) if isinstance(node.stmt, c_ast.Compound) else [node.stmt]
            body += [node.next] if node.next is not None else []
            loop = c_ast.While(node.cond if node.cond is not None else constant(1), c_ast.Compound(body))
            init = node.init.decls if isinstance(node.init, c_ast.DeclList) else [node.init] if node.init else []
            return c_ast.Compound(init + [loop])
        if isinstance(node, c_ast.While) and rng.random() < 0.7:
            return c_ast.For(None, node.cond, None, node.stmt)
        if isinstance(node, c_ast.If) and node.iffalse is not None and rng.random() < 0.7:
            return c_ast.If(c_ast.UnaryOp("!", node.cond), braced(node.iffalse), braced(node.iftrue))
        if isinstance(node, c_ast.Compound):
            node.block_items = [increment(item) for item in node.block_items or []] or None
        if isinstance(node, c_ast.For) and node.next is not None:
            node.next = increment(node.next)
        return node
    return change


def braced(node):
    """A branch in braces (so that an else never goes to an inner if)."""
    return node if isinstance(node, c_ast.Compound) else c_ast.Compound([node])


def increment(node):
    """x++ / ++x / x-- / --x as a statement: x += 1 / x -= 1."""
    if isinstance(node, c_ast.UnaryOp) and node.op in ("p++", "++", "p--", "--"):
        return c_ast.Assignment("+=" if "+" in node.op else "-=", node.expr, constant(1))
    return node


def pure(node):
    """An expression free of side effects (evaluating it twice or not at
    all changes nothing)."""
    return all(isinstance(n, PURE) or (isinstance(n, c_ast.UnaryOp) and n.op in ("-", "!", "~", "*"))
               or isinstance(n, c_ast.ExprList) for n in walk(node))


def plain(type_node):
    """A type that is not floating (so that a value passed or returned
    converts the same way inlined as called)."""
    return not any(isinstance(n, c_ast.IdentifierType) and ({"float", "double"} & set(n.names))
                   for n in walk(type_node))


def returning_helpers(functions):
    """{name: (parameter names, E)} of the functions whose body is
    `return E;` alone, E pure and taking no parameter's address."""
    found = {}
    for name, node in functions.items():
        items = node.body.block_items or []
        params = node.decl.type.args.params if node.decl.type.args is not None else []
        names = [getattr(p, "name", None) for p in params]
        if (name != "main" and len(items) == 1 and isinstance(items[0], c_ast.Return) and items[0].expr is not None
                and None not in names and pure(items[0].expr) and plain(node.decl.type)):
            found[name] = (names, items[0].expr)
    return found


def substituted(expr, values):
    """A copy of expr with each parameter's name replaced by its value."""
    def change(node):
        if isinstance(node, c_ast.ID) and node.name in values:
            return copy.deepcopy(values[node.name])
        return node
    return rewrite(copy.deepcopy(expr), change)


def level5(functions):
    """The change of L5's inlining: calls to one-return helpers replaced
    by the helper's expression (in parentheses: a cast to nothing is not
    C, so the generator's own parentheses are relied on); with the
    helpers' names and the set the change fills with those it inlined."""
    helpers, used = returning_helpers(functions), set()

    def change(node):
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) and node.name.name in helpers:
            names, expr = helpers[node.name.name]
            args = node.args.exprs if node.args is not None else []
            if len(args) == len(names) and all(pure(a) for a in args):
                used.add(node.name.name)
                return substituted(expr, dict(zip(names, args)))
        return node
    return change, set(helpers), used


def level6(rng, share=0.15):
    """The change of L6: after about share of the statements of each
    block, dead code: a value stored in a variable never read, or a copy
    of the statement before in a branch that never runs."""
    counter = [0]

    def dead(before):
        counter[0] += 1
        name = "spare_%d" % counter[0]
        if isinstance(before, (c_ast.Assignment, c_ast.FuncCall)) and rng.random() < 0.5:
            kind = c_ast.If(constant(0), c_ast.Compound([copy.deepcopy(before)]), None)
            return [kind] if rng.random() < 0.5 else [c_ast.While(constant(0), c_ast.Compound([copy.deepcopy(before)]))]
        value = c_ast.Constant("int", str(rng.randint(2, 90)))
        declaration = c_ast.Decl(name, [], [], [], [], c_ast.TypeDecl(name, [], None, c_ast.IdentifierType(["int"])),
                                 value, None)
        update = c_ast.Assignment("=", c_ast.ID(name), c_ast.BinaryOp(
            "+", c_ast.BinaryOp("*", c_ast.ID(name), c_ast.Constant("int", str(rng.randint(2, 9)))), constant(1)))
        return [declaration, update]

    def change(node):
        if isinstance(node, c_ast.Compound) and node.block_items:
            items = []
            for item in node.block_items:
                items.append(item)
                if rng.random() < share and not isinstance(item, (c_ast.Return, c_ast.Break, c_ast.Continue,
                                                                     c_ast.Goto, c_ast.Label, c_ast.Case)):
                    items += dead(item)
            node.block_items = items
        return node
    return change


SPARE = """
int spare_table_{n}(int limit)
{{
    int cells[{size}];
    int total = 0;
    for (int i = 0; i < {size}; i++) {{
        cells[i] = (i * {a}) % {b};
    }}
    for (int i = 0; i < {size}; i++) {{
        if (cells[i] > limit) {{
            total += cells[i];
        }} else {{
            total -= i;
        }}
    }}
    return total;
}}

long spare_walk_{n}(const char *text)
{{
    long hash = {c};
    while (*text != 0) {{
        hash = hash * {a} + *text;
        text++;
    }}
    return hash % {b};
}}
"""


def spare_functions(rng):
    """Two functions nobody calls, as C text."""
    return SPARE.format(n=rng.randint(10, 99), size=rng.randint(8, 32), a=rng.randint(3, 31),
                        b=rng.randint(5, 97), c=rng.randint(1, 1000))
