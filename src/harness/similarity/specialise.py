"""specialise.py -- part of the normal form (normalise.py): a call that
passes a constant for a parameter that is the whole condition of an
`if` of the function (`if (p)`, `if (!p)`) reads a copy of the function
made for that constant, those ifs folded to the branch that runs, without the parameters it no longer
reads that the call passes constants for. Two helpers merged into one
behind a selector (`if (which) {...} else {...}`, each call passing 1 or
0 and zeros for the other's parameters) so read as the two helpers
again, each inlined where it is small or called from one place, as the
helpers were. A call for which no if on those parameters folds is left
as it was."""

import copy

from pycparser import c_ast

from harness.similarity.normalise import constant_value, is_constant, walk
from harness.similarity.rewrites import params_of, references, replace_ids, rewrite

# At most this many constants' copies of one function (a recursive one
# passing depth + 1 would make one for every depth).
COPIES = 4


def parameter_names(function):
    return [getattr(p, "name", None) for p in params_of(function)]


def selector(cond):
    """The name an if's condition is alone (x, !x, !!x...), if it is."""
    while isinstance(cond, c_ast.UnaryOp) and cond.op == "!":
        cond = cond.expr
    return cond.name if isinstance(cond, c_ast.ID) else None


def survey(function):
    """(the indexes of the parameters that are an if's whole condition,
    negated or not, in function: the ones a constant folds; the calls of
    function by name), in one walk."""
    read, calls = set(), []
    for node in walk(function.body):
        if isinstance(node, c_ast.If):
            read.add(selector(node.cond))
        elif isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
            calls.append(node)
    names = parameter_names(function)
    return {i for i, name in enumerate(names) if name and name in read}, calls


def constant_text(node):
    """A constant expression as a key (its tokens' texts)."""
    return "".join(constant_text(child) for _, child in node.children()) + (
        getattr(node, "value", None) or getattr(node, "op", None) or type(node).__name__)


def folded(function, values):
    """A copy of function's body with the parameters of values ({name:
    constant}) replaced by them and the ifs on them that then test a
    constant folded; None when none does."""
    body = copy.deepcopy(function.body)
    marked = {id(n) for n in walk(body) if isinstance(n, c_ast.If) and selector(n.cond) in values}
    body = replace_ids(body, lambda n: copy.deepcopy(values[n.name]) if n.name in values else n)
    count = [0]

    def fold(node):
        if isinstance(node, c_ast.If) and id(node) in marked:
            known = constant_value(node.cond)
            if known is not None:
                count[0] += 1
                branch = node.iftrue if known else node.iffalse
                return branch if branch is not None else c_ast.Compound([])
        return node
    body = rewrite(body, fold)
    return body if count[0] else None


class Specialiser:
    """The copies made so far for one program's functions."""

    def __init__(self, functions):
        self.functions, self.bodies, self.copies = functions, {}, {}
        self.made, self.made_of = set(), {}
        self.surveys = {name: survey(f) for name, f in functions.items()}
        self.tests = {name: found[0] for name, found in self.surveys.items()}

    def body_for(self, name, fixed):
        """The folded body of name for the constants fixed ({index: node})."""
        key = (name, tuple(sorted((i, constant_text(v)) for i, v in fixed.items())))
        if key not in self.bodies:
            names = parameter_names(self.functions[name])
            self.bodies[key] = folded(self.functions[name], {names[i]: v for i, v in fixed.items()})
        return key, self.bodies[key]

    def redirect(self, call):
        """Points call at its copy for the constants it passes (making the
        copy the first time), when one folds."""
        name = call.name.name
        args = call.args.exprs if call.args is not None else []
        names = parameter_names(self.functions[name])
        fixed = {i: args[i] for i in self.tests[name] if i < len(args) and is_constant(args[i])}
        if not fixed or len(args) != len(names):
            return
        key, body = self.body_for(name, fixed)
        if body is None or (key not in self.made and self.made_of.get(name, 0) >= COPIES):
            return
        if key not in self.made:
            self.made.add(key)
            self.made_of[name] = self.made_of.get(name, 0) + 1
        read = references(body)
        gone = sorted(set(fixed) | {i for i, a in enumerate(args) if names[i] not in read and is_constant(a)})
        key = (key, tuple(gone))
        if key not in self.copies:
            self.copies[key] = "%s@%d" % (name, len(self.copies) + 1)
            function = self.functions[name]
            decl = copy.deepcopy(function.decl)
            kept = [p for i, p in enumerate(params_of(function)) if i not in gone]
            decl.name, decl.type.args = self.copies[key], c_ast.ParamList(kept) if kept else None
            self.functions[self.copies[key]] = c_ast.FuncDef(decl, None, body)
        call.name = c_ast.ID(self.copies[key])
        rest = [a for i, a in enumerate(args) if i not in gone]
        call.args = c_ast.ExprList(rest) if rest else None


def specialise(functions):
    """Adds the copies to functions ({name: FuncDef}) and points the
    calls of its functions at them, in place (the copies' own calls too:
    a recursive helper's copy calls itself)."""
    specialiser = Specialiser(functions)
    if not any(specialiser.tests.values()):
        return
    todo, seen = list(functions), set(functions)
    while todo:
        name = todo.pop()
        calls = specialiser.surveys[name][1] if name in specialiser.surveys else survey(functions[name])[1]
        for call in calls:
            if specialiser.tests.get(call.name.name):
                specialiser.redirect(call)
        fresh = [made for made in functions if made not in seen]
        todo += fresh
        seen |= set(fresh)
