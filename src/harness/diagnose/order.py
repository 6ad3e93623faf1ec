"""The order of moves a draughts program printed, node by node, for a
faulted reference to search in (src/draughts/order.h): the diagnosis runs
the fault in the program's own order, so that, if the program has that
fault, both go wrong at the same node in the same way (README, "Under the
program's own order").

The output is read as the judge reads it (src/draughts-judge/README.md):
white space out of every line, blank lines skipped, `case`, `pruning`
and `first move` in any letter case; a `case` header or, where a program
prints none, the first trace line after a `first move` line opens a case.
Under each node, its move lines and then its pruning line's moves are its
children in the program's order. A line of no such shape is passed over:
the judge's verdict says what is wrong with it, not this."""
import re

# White space out of every line (not the line ends), then per line: a
# header, a `first move` line, or a trace line's ply, pruning word and
# moves (up to its `;`: the h, alpha and beta are not moves).
BLANKS = re.compile(rb"[ \t\r\f\v]+")
LINE = re.compile(rb"^(?:(case)|(firstmove)|(?:\|-)*[ab]([1-4]):?(pruning)?([^;\n]*))",
                  re.MULTILINE | re.IGNORECASE)
LAST_PLY = 4
NODE_MOVES = 128  # order.c's: 4 directions x 32 dark squares
MOVE = re.compile(rb"\(([0-7]),([0-7])\)=>\(([0-7]),([0-7])\)")
RAW_MOVE = re.compile(rb"\([0-7],[0-7]\)=>\([0-7],[0-7]\)")


def moves_of(text):
    """The moves in TEXT, each as its four digits r1 c1 r2 c2 (b"5243"):
    as bytes they sort as the reference orders them (below)."""
    return [b"".join(found) for found in MOVE.findall(text)]


class Reading:
    """The cases read so far: each a dict {path: [moves]}, path a tuple of
    moves from the root (() the root), in the order first printed."""

    def __init__(self):
        self.cases = []
        self.current = None
        self.path = []

    def open_case(self):
        self.current = {}
        self.cases.append(self.current)
        self.path = []

    def close_case(self):
        if self.current is None:
            self.cases.append({})
        self.current = None

    def trace_line(self, ply, pruning, rest):
        if self.current is None:
            self.open_case()
        if len(self.path) < ply - 1:
            return  # deeper than its parent: the judge's to tell
        del self.path[ply - 1:]
        children = self.current.setdefault(tuple(self.path), [])
        found = moves_of(rest)
        children.extend(move for move in found if move not in children)
        if not pruning and found:
            self.path.append(found[0])


def program_orders(out):
    """[{path: [moves]}] per case of OUT, in the program's order."""
    reading = Reading()
    for header, first, ply, pruning, rest in LINE.findall(BLANKS.sub(b"", out)):
        if header:
            reading.open_case()
        elif first:
            reading.close_case()
        else:
            reading.trace_line(int(ply), bool(pruning), rest)
    return reading.cases


def is_reference_order(cases):
    """Whether every node's moves are in the reference's order (NOTES.md:
    squares in reading order, each piece's destinations in reading order:
    the moves sorted by their squares, as their digits sort): then a
    fault's run in the program's order is its plain run."""
    return all(children == sorted(children)
               for nodes in cases for children in nodes.values())


def in_reference_order(out):
    """is_reference_order(program_orders(OUT)), in one pass and without
    building the nodes (most programs diagnosed print the reference's
    order): each move printed after another at the same node comes later
    in the reference's order. A move line's move is its first twelve
    bytes, `(r,c)=>(r,c)`, which sort as its digits do."""
    last = [b""] * (LAST_PLY + 2)
    for header, first, ply, pruning, rest in LINE.findall(BLANKS.sub(b"", out)):
        if header or first:
            last = [b""] * (LAST_PLY + 2)
            continue
        at = int(ply)
        for move in (RAW_MOVE.findall(rest) if pruning else [rest[:12]]):
            if move <= last[at]:
                return False
            last[at] = move
        last[at + 1:] = [b""] * (LAST_PLY + 1 - at)
    return True


def trace_lines(out):
    """OUT's lines of the trace's shapes (a header, a move or pruning line,
    a `first move` line), any other left out: a fault that only adds lines
    of its own (`extra-lines`) prints, in these, the reference's output in
    the order it ran in."""
    return b"".join(line + b"\n" for line in out.split(b"\n")
                    if LINE.match(BLANKS.sub(b"", line)))


def encoded(move):
    return move.decode()


def order_file(cases):
    """The engine's file of orders (order.h): `CASE PATH... / MOVE...`, at
    most NODE_MOVES moves a node (the engine's room: no position has more
    legal moves, and it reads no longer line)."""
    lines = []
    for position, nodes in enumerate(cases, 1):
        for path, children in nodes.items():
            head = " ".join([str(position)] + [encoded(move) for move in path])
            lines.append("%s / %s\n" % (head, " ".join(encoded(move)
                                                       for move in children[:NODE_MOVES])))
    return "".join(lines).encode()


def for_program(out):
    """The order file for a program's output OUT, or None when its order is
    the reference's everywhere (no need to run anything again)."""
    if in_reference_order(out):
        return None
    cases = program_orders(out)
    return None if is_reference_order(cases) else order_file(cases)
