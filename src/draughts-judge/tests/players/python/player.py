#!/usr/bin/env python3
"""CSCI 561 HW4 (English draughts, depth-4 minimax with alpha-beta).

TEST PLAYER for the draughts judge, written from the handout alone
(assignment.txt, JUDGE.md). It is not a golden program: it is one small
solution whose behaviour is picked by the environment variable HW4_VARIANT,
so that a judge can be shown to accept every correct program and to reject
every planted fault. This Python player implements ALL variants:

  correct: reference-like (default), order-reversed, order-kings-first,
           spacing, no-dot, inf-int, inf-word, no-header, tie-last,
           bounds-before, upper-case
  faults:  cut-strict, no-mandatory-jump, no-crowning, wrong-leaf,
           tie-bound, bad-first-move, missing-child, extra-child,
           wrong-prune-list

See ../README.md for what each variant changes. Usage:
  HW4_VARIANT=spacing python3 player.py input.txt output.txt
"""
import os
import sys

INF = float("inf")
CORRECT = ("reference-like", "order-reversed", "order-kings-first", "spacing",
           "no-dot", "inf-int", "inf-word", "no-header", "tie-last",
           "bounds-before", "upper-case")
FAULTS = ("cut-strict", "no-mandatory-jump", "no-crowning", "wrong-leaf",
          "tie-bound", "bad-first-move", "missing-child", "extra-child",
          "wrong-prune-list")
DIRS = ((-1, -1), (-1, 1), (1, -1), (1, 1))   # up-left, up-right, down-left, down-right
SQUARES = [(r, c) for r in range(8) for c in range(8)]


# ---------------------------------------------------------------- rules

def owner(ch):
    """'A' for Alice's pieces, 'B' for Bill's, None for a square without one."""
    if ch in "Ak":
        return "A"
    if ch in "BK":
        return "B"
    return None


def is_king(ch):
    return ch in "kK"


def piece_dirs(ch):
    """Directions a piece may move in: men forward only (Alice up, Bill down)."""
    if is_king(ch):
        return DIRS
    return DIRS[:2] if ch == "A" else DIRS[2:]


def on_board(r, c):
    return 0 <= r < 8 and 0 <= c < 8


SIDE_OF = {"A": "A", "k": "A", "B": "B", "K": "B"}   # owner(), as a table


def generate(board, side):
    """All single jumps and simple moves of `side`, each tagged, in reading order."""
    return list(each_move(board, side))


def can_move(board, side):
    """Whether `side` has a move: the first one found ends the search."""
    return next(each_move(board, side), None) is not None


def each_move(board, side):
    """generate(), one move at a time (the search's hot spot: owner() and
    on_board() written inline)."""
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            if SIDE_OF.get(ch) != side:
                continue
            for dr, dc in piece_dirs(ch):
                r1, c1 = r + dr, c + dc
                if not (0 <= r1 < 8 and 0 <= c1 < 8):
                    continue
                there = board[r1][c1]
                if there == "O":
                    yield False, ((r, c), (r1, c1))
                elif SIDE_OF.get(there) not in (None, side):
                    r2, c2 = r1 + dr, c1 + dc
                    if 0 <= r2 < 8 and 0 <= c2 < 8 and board[r2][c2] == "O":
                        yield True, ((r, c), (r2, c2))


def legal_moves(board, side, mandatory=True):
    """The legal moves: the jumps if there are any (jumping is mandatory)."""
    found = generate(board, side)
    jumps = [m for is_jump, m in found if is_jump]
    if mandatory and jumps:
        return jumps
    if mandatory:
        return [m for is_jump, m in found if not is_jump]
    return [m for _, m in found]


def apply_move(board, move, crowning=True):
    """A new board after `move`; a jump removes the piece it passes over."""
    (r1, c1), (r2, c2) = move
    new = [row[:] for row in board]
    ch = new[r1][c1]
    new[r1][c1] = "O"
    if abs(r2 - r1) == 2:
        new[(r1 + r2) // 2][(c1 + c2) // 2] = "O"
    if crowning and ch == "A" and r2 == 0:
        ch = "k"
    if crowning and ch == "B" and r2 == 7:
        ch = "K"
    new[r2][c2] = ch
    return new


def heuristic(board, king_weight=2):
    """Alice's men + 2 x her kings - Bill's men - 2 x his kings."""
    return sum(row.count("A") - row.count("B") + king_weight * (row.count("k") - row.count("K"))
               for row in board)


def illegal_move(board, legal):
    """An Alice move the rules forbid (for the extra-child fault): a diagonal
    step that is not legal (a man stepping back, or a step while a jump is
    due), else any piece moved to any empty dark square."""
    pieces = [sq for sq in SQUARES if owner(board[sq[0]][sq[1]]) == "A"]
    empties = [sq for sq in SQUARES if board[sq[0]][sq[1]] == "O"]
    pairs = [(p, e) for p in pieces for e in empties if (p, e) not in legal]
    near = [(p, e) for p, e in pairs
            if abs(p[0] - e[0]) == 1 and abs(p[1] - e[1]) == 1]
    return (near or pairs or [None])[0]


# ---------------------------------------------------------------- output

class Formatter:
    """Every line the player writes; the format variants live here."""

    def __init__(self, variant):
        self.v = variant
        self.spacing = variant == "spacing"

    def num(self, x):
        if x == INF:
            return {"inf-int": "2147483647", "inf-word": "Infinity"}.get(self.v, "+inf")
        if x == -INF:
            return {"inf-int": "-2147483648", "inf-word": "-Infinity"}.get(self.v, "-inf")
        return str(int(x))

    def word(self, w):
        return w.upper() if self.v == "upper-case" else w

    def move(self, m):
        (a, b), (c, d) = m
        if self.spacing:
            return "( %d , %d ) => ( %d , %d )" % (a, b, c, d)
        return "(%d,%d)=>(%d,%d)" % (a, b, c, d)

    def end(self, text):
        if self.v == "no-dot":
            return text
        return text + (" ." if self.spacing else ".")

    def label(self, ply):
        colon = " :\t" if self.spacing else ": "
        return "|-" * (ply - 1) + ("A" if ply % 2 else "B") + str(ply) + colon

    def assign(self, name, x):
        eq = " = " if self.spacing else "="
        return self.word(name) + eq + self.num(x)

    def move_line(self, ply, m, h=None):
        text = self.label(ply) + self.move(m)
        if h is not None:
            text += (" ;\t" if self.spacing else "; ") + self.assign("h", h)
        return self.end(text)

    def prune_line(self, ply, moves, alpha, beta):
        sep = " ,  " if self.spacing else ", "
        text = self.label(ply) + self.word("pruning") + " "
        text += sep.join(self.move(m) for m in moves)
        text += (" ; " if self.spacing else "; ") + self.assign("alpha", alpha)
        text += (" , " if self.spacing else ", ") + self.assign("beta", beta)
        return self.end(text)

    def header(self, number):
        if self.v == "no-header":
            return []
        if self.spacing:
            return ["", "case  %d" % number, ""]
        return ["case %d" % number]

    def first_move(self, m):
        name = self.move(m) if m else "none"
        lines = [""] if self.spacing else []
        colon = " :  " if self.spacing else ": "
        return lines + [self.end(self.word("first move") + colon + name)]


# ---------------------------------------------------------------- search

class Player:
    """Depth-4 minimax with alpha-beta for one variant; writes into self.lines."""

    def __init__(self, variant):
        self.v = variant
        self.fmt = Formatter(variant)
        self.lines = []
        self.root = []          # (move, value) of each A1 move searched

    # -- rules as this variant plays them

    def apply(self, board, move):
        return apply_move(board, move, crowning=self.v != "no-crowning")

    def order(self, board, moves):
        """Children in this variant's order (reading order by default)."""
        if self.v == "order-reversed":
            return moves[::-1]
        if self.v == "order-kings-first":
            def key(m):
                (r1, c1), (r2, c2) = m
                return (not is_king(board[r1][c1]), r2, c2, r1, c1)
            return sorted(moves, key=key)
        return moves

    def children(self, board, ply):
        side = "A" if ply % 2 else "B"
        moves = legal_moves(board, side, self.v != "no-mandatory-jump")
        moves = self.order(board, moves)
        if self.v == "missing-child" and ply == 2 and len(moves) > 1:
            moves = moves[:-1]                   # fault: last B2 child dropped
        if self.v == "extra-child" and ply == 3:
            extra = illegal_move(board, moves)   # fault: one illegal A3 child
            moves = [extra] + moves if extra else moves
        return moves

    def worth(self, board, ply):
        """Value of the position after a move at `ply` when the search stops
        there (side to move stuck, or after B4); None to search deeper."""
        nxt = "B" if ply % 2 else "A"
        if not can_move(board, nxt):
            return INF if nxt == "B" else -INF
        if ply == 4:
            return heuristic(board, 1 if self.v == "wrong-leaf" else 2)
        return None

    def cuts(self, alpha, beta):
        if self.v == "cut-strict":
            return alpha > beta                  # fault: no cut on equality
        return alpha >= beta

    # -- the traced alpha-beta search

    def value(self, board, ply, alpha, beta):
        alice = ply % 2 == 1
        moves = self.children(board, ply)
        best = -INF if alice else INF
        for i, move in enumerate(moves):
            after = self.apply(board, move)
            v = self.worth(after, ply)
            self.lines.append(self.fmt.move_line(ply, move, v))
            if v is None:
                v = self.value(after, ply + 1, alpha, beta)
            if ply == 1:
                self.root.append((move, v))
            before = (alpha, beta)
            if alice:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if self.cuts(alpha, beta) and i < len(moves) - 1:
                self.prune(ply, moves[i + 1:], before if self.v == "bounds-before"
                           else (alpha, beta))
                break
        return best

    def prune(self, ply, rest, bounds):
        if self.v == "wrong-prune-list" and len(rest) > 1:
            rest = rest[:-1]                     # fault: last pruned move left out
        self.lines.append(self.fmt.prune_line(ply, rest, *bounds))

    def exact(self, board, ply):
        """Minimax value without pruning and without output, board to move at ply."""
        values = []
        for move in self.children(board, ply):
            after = self.apply(board, move)
            v = self.worth(after, ply)
            values.append(self.exact(after, ply + 1) if v is None else v)
        return max(values) if ply % 2 else min(values)

    # -- the first move

    def exact_root(self, board):
        values = []
        for move in self.children(board, 1):
            after = self.apply(board, move)
            v = self.worth(after, 1)
            values.append((move, self.exact(after, 2) if v is None else v))
        return values

    def choose(self, board):
        if not self.root:
            return None
        if self.v in ("tie-last", "bad-first-move"):
            values = self.exact_root(board)
            pick = max if self.v == "tie-last" else min
            target = pick(v for _, v in values)
            chosen = [m for m, v in values if v == target]
            return chosen[-1] if self.v == "tie-last" else chosen[0]
        best_move, best = self.root[0]
        for move, v in self.root[1:]:
            if v > best or (self.v == "tie-bound" and v == best):
                best_move, best = move, v
        return best_move

    def play(self, number, board):
        self.lines.extend(self.fmt.header(number))
        self.root = []
        if self.children(board, 1):
            self.value(board, 1, -INF, INF)
        self.lines.extend(self.fmt.first_move(self.choose(board)))


# ---------------------------------------------------------------- input

def fail(message):
    sys.stderr.write("hw4: %s\n" % message)
    sys.exit(2)


def read_cases(data):
    """(number, board) pairs from the input bytes: `case N` then 8 board lines;
    white space around lines and blank lines are ignored."""
    lines = [ln.strip().decode("latin-1") for ln in data.split(b"\n")]
    lines = [ln for ln in lines if ln]
    cases = []
    for at in range(0, len(lines), 9):
        head = lines[at].split()
        if len(head) != 2 or head[0] != "case" or not head[1].isascii() or not head[1].isdigit():
            fail("expected 'case N', got %r" % lines[at])
        board = lines[at + 1:at + 9]
        if len(board) != 8 or any(len(row) != 8 for row in board):
            fail("case %s: expected 8 board lines of 8 squares" % head[1])
        cases.append((int(head[1]), [list(row) for row in board]))
    return cases


def main(argv):
    variant = os.environ.get("HW4_VARIANT", "reference-like")
    if variant not in CORRECT + FAULTS:
        fail("unknown HW4_VARIANT %r" % variant)
    if len(argv) > 3:
        fail("usage: player.py [input.txt [output.txt]]")
    source = open(argv[1], "rb") if len(argv) > 1 else sys.stdin.buffer
    with source:
        cases = read_cases(source.read())
    player = Player(variant)
    for number, board in cases:
        player.play(number, board)
    text = "".join(line + "\n" for line in player.lines)
    if len(argv) > 2:
        with open(argv[2], "w") as out:
            out.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv)
