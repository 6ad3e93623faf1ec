"""emit.py -- the normal form's tokens of a program's functions (see
normalise.py for what is set aside and why)."""

from pycparser import c_ast

from harness.similarity.normalise import (COMMUTATIVE, ENDS, INLINE_DEPTH, RENAMED, UPDATES, Token,
                                          constant_value, has_call, is_constant, read_names, where)


class Emitter:
    """The tokens of one program: functions, {name: FuncDef}; inlined,
    the names of the functions whose body replaces a call to them."""

    def __init__(self, functions, inlined):
        self.functions, self.inlined = functions, inlined
        self.depth, self.read, self.arguments = 0, set(), {}

    def function(self, name):
        """The tokens of one function's body."""
        self.read = read_names(self.functions[name])
        return self.statement(self.functions[name].body)

    def token(self, text, node):
        return [Token(text, *where(node))]

    # Expressions: each a list of tokens, operands of commutative
    # operators in a fixed order.
    def expression(self, node):
        if isinstance(node, c_ast.ID) and node.name in self.arguments:
            return self.arguments[node.name]
        if node is None or is_constant(node) or isinstance(node, c_ast.ID):
            return self.token("V", node) if node is not None else []
        method = getattr(self, "expr_" + type(node).__name__, None)
        if method is None:
            return [t for _, child in node.children() for t in self.expression(child)]
        return method(node)

    def ordered(self, label, node, parts):
        """label then parts, sorted by their texts when it commutes."""
        if label in COMMUTATIVE or label in RENAMED.values():
            parts = sorted(parts, key=lambda p: [t.text for t in p])
        return self.token(label, node) + [t for p in parts for t in p]

    def expr_BinaryOp(self, node):
        return self.ordered(RENAMED.get(node.op, node.op), node,
                            [self.expression(node.left), self.expression(node.right)])

    def expr_UnaryOp(self, node):
        if node.op == "!":
            return self.expression(node.expr)
        if node.op in UPDATES:
            return self.token("SET" + UPDATES[node.op], node) + self.expression(node.expr) + self.token("V", node)
        inner = self.expression(node.expr)
        if node.op == "*" and inner and inner[0].text == "&":
            return inner[1:]
        return self.token(node.op, node) + inner

    def expr_Assignment(self, node):
        op, value = node.op, node.rvalue
        if (op == "=" and isinstance(value, c_ast.BinaryOp) and value.op in ("+", "-", "*", "/")
                and isinstance(node.lvalue, c_ast.ID) and isinstance(value.left, c_ast.ID)
                and value.left.name == node.lvalue.name):
            op, value = value.op + "=", value.right
        return self.token("SET" + op, node) + self.expression(node.lvalue) + self.expression(value)

    def expr_TernaryOp(self, node):
        branches = sorted([self.expression(node.iftrue), self.expression(node.iffalse)],
                          key=lambda p: [t.text for t in p])
        return self.token("IF", node) + self.expression(node.cond) + branches[0] + branches[1]

    def expr_ArrayRef(self, node):
        return self.token("[]", node) + self.expression(node.name) + self.expression(node.subscript)

    def expr_StructRef(self, node):
        return self.token(".", node) + self.expression(node.name)

    def expr_Cast(self, node):
        return self.expression(node.expr)

    def expr_FuncCall(self, node):
        name = node.name.name if isinstance(node.name, c_ast.ID) else None
        arguments = [self.expression(a) for a in node.args.exprs] if node.args is not None else []
        if name in self.inlined and self.depth < INLINE_DEPTH:
            return self.inline(name, arguments)
        label = "CALL" if name is None or name in self.functions else "CALL " + name
        return self.token(label, node) + [t for a in arguments for t in a]

    def inline(self, name, arguments):
        """The body of a function at its call: each parameter's uses its
        argument's tokens, its return no token of its own."""
        parameters = self.functions[name].decl.type.args
        names = [getattr(p, "name", None) for p in parameters.params] if parameters is not None else []
        saved = (self.read, self.arguments)
        self.depth += 1
        self.arguments = dict(zip([n for n in names if n], arguments))
        try:
            return self.function(name)
        finally:
            (self.read, self.arguments), self.depth = saved, self.depth - 1

    # Statements: each a list of tokens.
    def statement(self, node):
        if node is None:
            return []
        method = getattr(self, "stmt_" + type(node).__name__, None)
        if method is not None:
            return method(node)
        if isinstance(node, (c_ast.Typedef, c_ast.EmptyStatement, c_ast.Pragma, c_ast.Label)):
            return self.statement(getattr(node, "stmt", None))
        return self.expression(node)

    def stmt_Compound(self, node):
        tokens = []
        for item in node.block_items or []:
            tokens += self.statement(item)
            if isinstance(item, ENDS):
                break
        return tokens

    def unused(self, name, value):
        """A value stored in a variable never read (nor the stored value
        calling anything)."""
        return name not in self.read and not has_call(value)

    def stmt_Decl(self, node):
        if node.init is None or self.unused(node.name, node.init) or isinstance(node.type, c_ast.FuncDecl):
            return []
        return self.token("SET=", node) + self.token("V", node) + self.expression(node.init)

    def stmt_DeclList(self, node):
        return [t for decl in node.decls for t in self.stmt_Decl(decl)]

    def stmt_Assignment(self, node):
        if isinstance(node.lvalue, c_ast.ID) and self.unused(node.lvalue.name, node.rvalue):
            return []
        return self.expr_Assignment(node)

    def stmt_If(self, node):
        known = constant_value(node.cond)
        if known is not None:
            return self.statement(node.iftrue if known else node.iffalse)
        branches = sorted([self.statement(node.iftrue), self.statement(node.iffalse)],
                          key=lambda p: [t.text for t in p])
        return (self.token("IF", node) + self.expression(node.cond) + branches[0]
                + self.token("ELSE", node) + branches[1] + self.token("END", node))

    def loop(self, node, cond, body, step):
        known = constant_value(cond) if cond is not None else True
        if known is False and not isinstance(node, c_ast.DoWhile):
            return []
        head = self.token("LOOP", node) + (self.expression(cond) if known is None else [])
        return head + self.statement(body) + self.statement(step) + self.token("END", node)

    def stmt_For(self, node):
        return self.statement(node.init) + self.loop(node, node.cond, node.stmt, node.next)

    def stmt_While(self, node):
        return self.loop(node, node.cond, node.stmt, None)

    def stmt_DoWhile(self, node):
        return self.loop(node, node.cond, node.stmt, None)

    def stmt_Return(self, node):
        return (self.token("RETURN", node) if not self.depth else []) + self.expression(node.expr)

    def stmt_Switch(self, node):
        return self.token("SWITCH", node) + self.expression(node.cond) + self.statement(node.stmt)

    def stmt_Case(self, node):
        return self.token("CASE", node) + [t for s in node.stmts or [] for t in self.statement(s)]

    def stmt_Default(self, node):
        return self.token("CASE", node) + [t for s in node.stmts or [] for t in self.statement(s)]

    def stmt_Break(self, node):
        return self.token("BREAK", node)

    def stmt_Continue(self, node):
        return self.token("CONTINUE", node)
