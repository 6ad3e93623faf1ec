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
import functools
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
FIRST_MOVE = re.compile(rb"^first move", re.MULTILINE)  # a case of the reference's output


@functools.lru_cache(maxsize=1 << 14)
def moves_of(text):
    """The moves in TEXT, each as its four digits r1 c1 r2 c2 (b"5243"):
    as bytes they sort as the reference orders them (below). A move line's
    text is one move and no other `(` (what MOVE.findall then finds),
    read without the search. Kept per TEXT: a move line's text is one of
    at most 8^4 moves, met again on most of a program's lines (a third of
    the time of reading 490 outputs went here)."""
    if MOVE.match(text) and text.find(b"(", 12) < 0:
        return (text[1:2] + text[3:4] + text[8:9] + text[10:11],)
    return tuple(b"".join(found) for found in MOVE.findall(text))


def read_lines(out):
    """OUT's lines as LINE finds them, white space out (what the readings
    below walk, read once for both)."""
    return LINE.findall(BLANKS.sub(b"", out))


def program_orders(out, lines=None):
    """[{path: [moves]}] per case of OUT (or of its LINES, read_lines), in
    the program's order: each case's nodes, path a tuple of moves from the
    root (() the root), each node's children in the order first printed.
    (One loop, its state in locals: a program's output has thousands of
    lines, each read here once a diagnosis.)"""
    cases, current, path = [], None, []
    for header, first, ply, pruning, rest in (read_lines(out) if lines is None else lines):
        if header or (current is None and not first):
            current, path = {}, []
            cases.append(current)
        if first:
            if current is None:
                cases.append({})
            current = None
        if header or first:
            continue
        depth = int(ply) - 1
        if len(path) < depth:
            continue  # deeper than its parent: the judge's to tell
        del path[depth:]
        children = current.setdefault(tuple(path), [])
        found = moves_of(rest)
        for move in found:
            if move not in children:
                children.append(move)
        if not pruning and found:
            path.append(found[0])
    return cases


def is_reference_order(cases):
    """Whether every node's moves are in the reference's order (NOTES.md:
    squares in reading order, each piece's destinations in reading order:
    the moves sorted by their squares, as their digits sort): then a
    fault's run in the program's order is its plain run."""
    return all(children == sorted(children)
               for nodes in cases for children in nodes.values())


def in_reference_order(out, lines=None):
    """is_reference_order(program_orders(OUT)), in one pass and without
    building the nodes (most programs diagnosed print the reference's
    order): each move printed after another at the same node comes later
    in the reference's order. A move line's move is its first twelve
    bytes, `(r,c)=>(r,c)`, which sort as its digits do."""
    last = [b""] * (LAST_PLY + 2)
    for header, first, ply, pruning, rest in (read_lines(out) if lines is None else lines):
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
    # (BLANKS takes no line end: the squeezed lines are OUT's, one for one)
    pairs = zip(out.split(b"\n"), BLANKS.sub(b"", out).split(b"\n"))
    return b"".join(line + b"\n" for line, squeezed in pairs if LINE.match(squeezed))


def order_file(cases, positions=None):
    """The engine's file of orders (order.h): `CASE PATH... / MOVE...`, at
    most NODE_MOVES moves a node (the engine's room: no position has more
    legal moves, and it reads no longer line); CASE the input's case each
    of CASES answers (POSITIONS, from 1; by default 1, 2, ...)."""
    lines = []
    for position, nodes in zip(positions or range(1, len(cases) + 1), cases):
        number = b"%d" % position
        for path, children in nodes.items():
            lines.append(b" ".join((number,) + path) + b" / " + b" ".join(children[:NODE_MOVES]) + b"\n")
    return b"".join(lines)


def positions(cases, expected):
    """The input's case (from 1) each of the program's CASES answers, or
    None when they answer 1, 2, ... in turn. EXPECTED is the reference's
    output (a case each, with its `first move` line; a case where Alice
    cannot move has no trace): a program may print nothing at all for such
    a case (JUDGE.md, as the judge reads it), so a case of the program's
    that shows moves answers the next input case where Alice can move."""
    if expected is None or len(cases) >= len(FIRST_MOVE.findall(expected)):
        return None
    can_move = [bool(nodes) for nodes in program_orders(expected)]
    found, at = [], 0
    for nodes in cases:
        while nodes and at < len(can_move) and not can_move[at]:
            at += 1
        at += 1
        found.append(at)
    return found


def for_program(out, expected=None):
    """The order file for a program's output OUT, or None when its order is
    the reference's everywhere (no need to run anything again); EXPECTED,
    the reference's output, tells which input case each case of OUT
    answers (positions)."""
    lines = read_lines(out)
    if in_reference_order(out, lines):
        return None
    cases = program_orders(out, lines)
    return None if is_reference_order(cases) else order_file(cases, positions(cases, expected))
