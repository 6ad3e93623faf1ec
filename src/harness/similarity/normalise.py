"""normalise.py -- a parsed C program as a stream of tokens that the
usual disguises of a copy do not change, each token with the (file, line)
of the source it stands for.

What is set aside: identifiers and literals (every name and constant is
V; the standard library's functions keep their names), constant
sub-expressions (folded to one V), the polarity of conditions (`!` is
dropped and < > <= >= are one relation, == != another), which branch of an
if/else comes first (the two are put in a fixed order), the kind of loop
(for, while and do are one LOOP; for's parts are put where while's are),
`x++`, `x += 1` and `x = x + 1` (one update), statements after a return,
break or continue in their block, branches whose condition is a constant,
declarations without a value, values stored in a local variable that is
never read, the order of the functions, the functions main never reaches,
and function boundaries: a call to a small function, or to one called
from one place only, is replaced by its body (to INLINE_DEPTH calls
deep), `*&x` read as x (a variable passed by pointer to a function
inlined), and a call passing a constant that the function tests reads
a copy of the function for that constant (specialise.py: two helpers
merged behind a selector read as the two again)."""

from dataclasses import dataclass

from pycparser import c_ast

COMMUTATIVE = {"+", "*", "&", "|", "^", "==", "!=", "<", ">", "<=", ">=", "&&", "||"}
RENAMED = {"<": "REL", ">": "REL", "<=": "REL", ">=": "REL", "==": "EQ", "!=": "EQ",
           "&&": "LOGIC", "||": "LOGIC"}
UPDATES = {"p++": "+=", "++": "+=", "p--": "-=", "--": "-="}
ENDS = (c_ast.Return, c_ast.Break, c_ast.Continue, c_ast.Goto)
INLINE_TOKENS = 80
INLINE_DEPTH = 4


@dataclass(frozen=True)
class Token:
    """One token of the normal form: its text and where it came from."""
    text: str
    file: str
    line: int


def where(node):
    coord = getattr(node, "coord", None)
    return (coord.file, coord.line) if coord is not None else ("", 0)


def walk(node):
    """node and every node under it (depth first, iteratively: a deep
    tree costs no recursion)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(child for _, child in reversed(current.children()))


def is_constant(node):
    """A constant expression (folded to one V)."""
    if isinstance(node, c_ast.Constant):
        return True
    if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+", "~", "!", "sizeof"):
        return node.op == "sizeof" or is_constant(node.expr)
    if isinstance(node, c_ast.BinaryOp):
        return is_constant(node.left) and is_constant(node.right)
    if isinstance(node, c_ast.Cast):
        return is_constant(node.expr)
    return False


def constant_value(node):
    """The value of a constant condition (0 or 1), None when not known."""
    if isinstance(node, c_ast.Constant) and node.type in ("int", "char"):
        try:
            return int(node.value.rstrip("uUlL"), 0) != 0 if node.type == "int" else True
        except ValueError:
            return None
    if isinstance(node, c_ast.UnaryOp) and node.op == "!":
        inner = constant_value(node.expr)
        return None if inner is None else not inner
    return None


def read_names(node, own=None):
    """The names a function (node) reads: every identifier but those only
    assigned to (the left of =, +=, ++, and a variable's own value in what
    is stored in it: x = x * 2 reads nothing). own: the variable whose
    value is being stored, in the walk."""
    if isinstance(node, c_ast.ID):
        return set() if node.name == own else {node.name}
    if isinstance(node, c_ast.Assignment) and isinstance(node.lvalue, c_ast.ID):
        return read_names(node.rvalue, node.lvalue.name)
    if isinstance(node, c_ast.UnaryOp) and node.op in UPDATES and isinstance(node.expr, c_ast.ID):
        return set()
    found = set()
    for _, child in node.children():
        found |= read_names(child, own)
    return found


def has_call(node):
    return any(isinstance(n, c_ast.FuncCall) for n in walk(node))
