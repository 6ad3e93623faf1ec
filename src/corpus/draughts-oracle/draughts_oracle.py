#!/usr/bin/env python3
# draughts_oracle.py -- cross-check oracle for the draughts golden corpus.
#
# Written from /work/shared/spec/draughts/NOTES.md (and assignment.txt)
# alone, by someone who never saw the C engine in src/draughts/: an
# independent second implementation, so that a golden output is recorded
# only when two implementations agree byte for byte
# (src/corpus/draughts-pipeline). Copied unchanged (apart from this
# header and --help) from the independent implementation draughts_indep.py.
# Same command line as the engine: draughts_oracle.py [INPUT [OUTPUT]].
"""Independent draughts (CSCI 561 HW4) oracle, written from NOTES.md and
assignment.txt only.  Standard library only.

Usage:  draughts_indep.py INPUT OUTPUT | draughts_indep.py INPUT | draughts_indep.py
Exit:   0 ok, 2 malformed input / bad usage, 3 out of memory, 4 file error.
"""

import sys

INF = float("inf")
WS = b" \t\r\v\f"          # white space ignored around a line
MAX_CASE = 999999999

ALICE_PIECES = ("A", "k")
BILL_PIECES = ("B", "K")

# Directions in the required order: up-left, up-right, down-left, down-right.
DIRS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


class Malformed(Exception):
    def __init__(self, line_no, msg):
        Exception.__init__(self, msg)
        self.line_no = line_no
        self.msg = msg


class FileProblem(Exception):
    pass


# ---------------------------------------------------------------- input

def show_byte(b):
    """Printable form of one byte for an error message."""
    if 0x21 <= b <= 0x7e and b != 0x27 and b != 0x5c:
        return "'%c'" % b
    return "byte 0x%02x" % b


def parse_header(text):
    """text: a stripped, non-blank line.  Returns the case number or None."""
    if not text.startswith(b"case"):
        return None
    rest = text[4:]
    i = 0
    while i < len(rest) and rest[i] in (0x20, 0x09):
        i += 1
    if i == 0:
        return None
    digits = rest[i:]
    if len(digits) == 0:
        return None
    for d in digits:
        if not (0x30 <= d <= 0x39):
            return None
    value = int(digits.decode("ascii"))
    if value > MAX_CASE:
        return None
    return value


def parse_board_line(text, row, line_no):
    """Returns the row as a list of 8 one-character strings."""
    if len(text) != 8:
        raise Malformed(line_no, "board row %d has %d bytes, not 8" % (row, len(text)))
    cells = []
    for col in range(8):
        b = text[col]
        dark = (row + col) % 2 == 1
        if b == 0x2B:  # '+'
            if dark:
                raise Malformed(line_no, "'+' on a dark square (row %d, column %d)" % (row, col))
        elif b in (0x4F, 0x41, 0x6B, 0x42, 0x4B):  # O A k B K
            if not dark:
                raise Malformed(line_no, "%s on a light square (row %d, column %d)"
                                % (show_byte(b), row, col))
        else:
            raise Malformed(line_no, "unexpected %s (row %d, column %d)" % (show_byte(b), row, col))
        cells.append(chr(b))
    return cells


def iter_cases(data):
    """Yields (case_number, board) in input order; raises Malformed at the
    first problem (after having yielded every earlier complete case)."""
    raw_lines = data.split(b"\n")
    # A trailing "\n" leaves an empty last element, which is not a line;
    # it would be blank anyway, so it changes nothing.
    lines = []
    for idx, raw in enumerate(raw_lines):
        stripped = raw.strip(WS)
        if stripped:
            lines.append((idx + 1, stripped))
    pos = 0
    n = len(lines)
    while pos < n:
        line_no, text = lines[pos]
        number = parse_header(text)
        if number is None:
            raise Malformed(line_no, 'expected a header such as "case 1"')
        header_line = line_no
        pos += 1
        board = []
        row = 0
        while row < 8:
            if pos >= n:
                raise Malformed(header_line, "case %d has %d board lines, not 8 (end of input)"
                                % (number, row))
            line_no, text = lines[pos]
            if parse_header(text) is not None:
                raise Malformed(header_line, "case %d has %d board lines, not 8" % (number, row))
            board.extend(parse_board_line(text, row, line_no))
            pos += 1
            row += 1
        yield number, board


# ---------------------------------------------------------------- rules

def owner(piece):
    if piece in ALICE_PIECES:
        return "alice"
    if piece in BILL_PIECES:
        return "bill"
    return None


def legal_moves(board, alice):
    """List of moves (r1, c1, r2, c2, captured_index_or_None) in the
    required order; jumps only if any jump exists."""
    mine = ALICE_PIECES if alice else BILL_PIECES
    theirs = BILL_PIECES if alice else ALICE_PIECES
    forward = -1 if alice else 1
    jumps = []
    steps = []
    for r in range(8):
        for c in range(8):
            piece = board[r * 8 + c]
            if piece not in mine:
                continue
            king = piece in ("k", "K")
            for dr, dc in DIRS:
                if not king and dr != forward:
                    continue
                r1, c1 = r + dr, c + dc
                if not (0 <= r1 < 8 and 0 <= c1 < 8):
                    continue
                nb = board[r1 * 8 + c1]
                if nb == "O":
                    steps.append((r, c, r1, c1, None))
                elif nb in theirs:
                    r2, c2 = r1 + dr, c1 + dc
                    if 0 <= r2 < 8 and 0 <= c2 < 8 and board[r2 * 8 + c2] == "O":
                        jumps.append((r, c, r2, c2, r1 * 8 + c1))
    return jumps if jumps else steps


def apply_move(board, move):
    r1, c1, r2, c2, cap = move
    q = list(board)
    piece = q[r1 * 8 + c1]
    q[r1 * 8 + c1] = "O"
    if cap is not None:
        q[cap] = "O"
    if piece == "A" and r2 == 0:
        piece = "k"
    elif piece == "B" and r2 == 7:
        piece = "K"
    q[r2 * 8 + c2] = piece
    return q


def heuristic(board):
    h = 0
    for p in board:
        if p == "A":
            h += 1
        elif p == "k":
            h += 2
        elif p == "B":
            h -= 1
        elif p == "K":
            h -= 2
    return h


# ---------------------------------------------------------------- output helpers

def fmt_move(m):
    return "(%d,%d)=>(%d,%d)" % (m[0], m[1], m[2], m[3])


def fmt_val(v):
    if v == INF:
        return "+inf"
    if v == -INF:
        return "-inf"
    return "%d" % v


LABELS = {1: "A1", 2: "B2", 3: "A3", 4: "B4"}


# ---------------------------------------------------------------- search

def value(P, ply, alpha, beta, out, root_values=None):
    alice = (ply % 2 == 1)
    prefix = "|-" * (ply - 1) + LABELS[ply]
    moves = legal_moves(P, alice)
    best = -INF if alice else INF
    for i, m in enumerate(moves):
        Q = apply_move(P, m)
        # side to move in Q is the other side
        q_moves = legal_moves(Q, not alice)
        terminal = len(q_moves) == 0
        if terminal or ply == 4:
            if terminal:
                # Alice to move in Q (i.e. Bill just moved): she lost.
                v = -INF if (not alice) else INF
            else:
                v = heuristic(Q)
            out.append("%s: %s; h=%s." % (prefix, fmt_move(m), fmt_val(v)))
        else:
            out.append("%s: %s." % (prefix, fmt_move(m)))
            v = value(Q, ply + 1, alpha, beta, out)
        if root_values is not None:
            root_values.append((m, v))
        if alice:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta and i != len(moves) - 1:
            rest = ", ".join(fmt_move(x) for x in moves[i + 1:])
            out.append("%s: pruning %s; alpha=%s, beta=%s."
                       % (prefix, rest, fmt_val(alpha), fmt_val(beta)))
            break
    return best


def solve(number, board):
    out = ["case %d" % number]
    if not legal_moves(board, True):
        out.append("first move: none.")
    else:
        root_values = []
        value(board, 1, -INF, INF, out, root_values)
        choice, choice_v = root_values[0]
        for m, v in root_values[1:]:
            if v > choice_v:
                choice, choice_v = m, v
        out.append("first move: %s." % fmt_move(choice))
    return "".join(line + "\n" for line in out).encode("ascii")


# ---------------------------------------------------------------- main

def err(msg):
    try:
        sys.stderr.write("draughts: %s\n" % msg)
        sys.stderr.flush()
    except Exception:
        pass


def main(argv):
    args = argv[1:]
    if args in (["--help"], ["-h"]):
        print("usage: src/corpus/draughts-oracle/draughts_oracle.py [INPUT [OUTPUT]]\n"
              "The independent draughts oracle: the engine's command line and output.")
        return 0
    if len(args) > 2:
        err("usage: draughts [INPUT [OUTPUT]]")
        return 2
    # read the input
    try:
        if len(args) >= 1:
            with open(args[0], "rb") as f:
                data = f.read()
        else:
            data = sys.stdin.buffer.read()
    except OSError as e:
        err("cannot read %s: %s" % (args[0] if args else "standard input", e.strerror or e))
        return 4
    # open the output
    try:
        if len(args) == 2:
            outf = open(args[1], "wb")
            out_name = args[1]
        else:
            outf = sys.stdout.buffer
            out_name = "standard output"
    except OSError as e:
        err("cannot open %s: %s" % (args[1], e.strerror or e))
        return 4

    status = 0
    try:
        try:
            for number, board in iter_cases(data):
                outf.write(solve(number, board))
        except Malformed as e:
            outf.flush()
            err("line %d: %s" % (e.line_no, e.msg))
            status = 2
        outf.flush()
        if outf is not sys.stdout.buffer:
            outf.close()
    except OSError as e:
        err("cannot write %s: %s" % (out_name, e.strerror or e))
        return 4
    return status


if __name__ == "__main__":
    try:
        rc = main(sys.argv)
    except MemoryError:
        err("out of memory")
        rc = 3
    sys.exit(rc)
