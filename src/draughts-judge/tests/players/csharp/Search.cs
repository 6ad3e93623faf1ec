// The rules of the handout's English draughts and the depth-4 minimax with
// alpha-beta, for the hw4 test player in C#. Alice ('A' man, 'k' king)
// moves up, Bill ('B' man, 'K' king) down; single jumps only, jumps
// mandatory, a man reaching the far row is crowned. A move is
// int[]{r1, c1, r2, c2}. Variants handled here: order-reversed (children
// in reverse reading order), and the faults cut-strict (prune only on
// alpha > beta) and wrong-leaf (kings worth 1 at B4 leaves).
using System;
using System.Collections.Generic;

static class Rules {
    // Up-left, up-right, down-left, down-right: the reading order of destinations.
    static readonly int[,] Dirs = { { -1, -1 }, { -1, 1 }, { 1, -1 }, { 1, 1 } };

    static bool IsAlice(char ch) { return ch == 'A' || ch == 'k'; }
    static bool IsBill(char ch) { return ch == 'B' || ch == 'K'; }
    static bool Owns(bool alice, char ch) { return alice ? IsAlice(ch) : IsBill(ch); }
    static bool Inside(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }

    // May piece ch move along direction d? Men only forward.
    static bool Allowed(char ch, int d) {
        if (ch == 'k' || ch == 'K') return true;
        return ch == 'A' ? d < 2 : d >= 2;
    }

    // Legal moves of one side in reading order: its jumps if it has any, else its steps.
    public static List<int[]> Moves(char[][] b, bool alice) {
        List<int[]> jumps = new List<int[]>(), steps = new List<int[]>();
        for (int r = 0; r < 8; r++) {
            for (int c = 0; c < 8; c++) {
                if (!Owns(alice, b[r][c])) continue;
                for (int d = 0; d < 4; d++) {
                    if (!Allowed(b[r][c], d)) continue;
                    int r1 = r + Dirs[d, 0], c1 = c + Dirs[d, 1];
                    if (!Inside(r1, c1)) continue;
                    int r2 = r1 + Dirs[d, 0], c2 = c1 + Dirs[d, 1];
                    if (b[r1][c1] == 'O') steps.Add(new int[] { r, c, r1, c1 });
                    else if (Owns(!alice, b[r1][c1]) && Inside(r2, c2) && b[r2][c2] == 'O')
                        jumps.Add(new int[] { r, c, r2, c2 });
                }
            }
        }
        return jumps.Count > 0 ? jumps : steps;
    }

    // The board after a move: a jump removes the piece jumped, a man may be crowned.
    public static char[][] Apply(char[][] b, int[] m) {
        char[][] n = new char[8][];
        for (int r = 0; r < 8; r++) n[r] = (char[]) b[r].Clone();
        char ch = n[m[0]][m[1]];
        n[m[0]][m[1]] = 'O';
        if (Math.Abs(m[2] - m[0]) == 2) n[(m[0] + m[2]) / 2][(m[1] + m[3]) / 2] = 'O';
        if (ch == 'A' && m[2] == 0) ch = 'k';
        if (ch == 'B' && m[2] == 7) ch = 'K';
        n[m[2]][m[3]] = ch;
        return n;
    }

    // Alice's men + kingWeight x her kings - Bill's men - kingWeight x his kings.
    public static int Heuristic(char[][] b, int kingWeight) {
        int h = 0;
        foreach (char[] row in b) {
            foreach (char ch in row) {
                if (ch == 'A') h += 1;
                else if (ch == 'k') h += kingWeight;
                else if (ch == 'B') h -= 1;
                else if (ch == 'K') h -= kingWeight;
            }
        }
        return h;
    }
}

sealed class Search {
    readonly string variant;
    readonly Format format;
    readonly List<int[]> rootMoves = new List<int[]>();
    readonly List<int> rootValues = new List<int>();

    public Search(string variant, Format format) {
        this.variant = variant;
        this.format = format;
    }

    // Children of a node (Alice at odd plies) in this variant's order.
    List<int[]> Children(char[][] b, int ply) {
        List<int[]> moves = Rules.Moves(b, ply % 2 == 1);
        if (variant == "order-reversed") moves.Reverse();
        return moves;
    }

    // True when the search stops after a move at ply: the side to move next is stuck, or B4.
    static bool Stops(char[][] after, int ply) {
        return ply == 4 || Rules.Moves(after, ply % 2 == 0).Count == 0;
    }

    // Worth of a position where the search stops, after a move at ply.
    int Worth(char[][] after, int ply) {
        bool aliceNext = ply % 2 == 0;
        if (Rules.Moves(after, aliceNext).Count == 0) return aliceNext ? Format.NegInf : Format.PosInf;
        return Rules.Heuristic(after, variant == "wrong-leaf" ? 1 : 2);
    }

    bool Cuts(int alpha, int beta) {
        return variant == "cut-strict" ? alpha > beta : alpha >= beta;
    }

    int Value(char[][] b, int ply, int alpha, int beta) {
        bool alice = ply % 2 == 1;
        List<int[]> moves = Children(b, ply);
        int best = alice ? Format.NegInf : Format.PosInf;
        for (int i = 0; i < moves.Count; i++) {
            int[] m = moves[i];
            char[][] after = Rules.Apply(b, m);
            int v;
            if (Stops(after, ply)) {
                v = Worth(after, ply);
                format.MoveLine(ply, m, true, v);
            } else {
                format.MoveLine(ply, m, false, 0);
                v = Value(after, ply + 1, alpha, beta);
            }
            if (ply == 1) { rootMoves.Add(m); rootValues.Add(v); }
            if (alice) { best = Math.Max(best, v); alpha = Math.Max(alpha, best); }
            else { best = Math.Min(best, v); beta = Math.Min(beta, best); }
            if (Cuts(alpha, beta) && i < moves.Count - 1) {
                format.PruneLine(ply, moves.GetRange(i + 1, moves.Count - i - 1), alpha, beta);
                break;
            }
        }
        return best;
    }

    // The first move: the first root move with the largest value.
    int[] Choose() {
        if (rootMoves.Count == 0) return null;
        int pick = 0;
        for (int i = 1; i < rootMoves.Count; i++)
            if (rootValues[i] > rootValues[pick]) pick = i;
        return rootMoves[pick];
    }

    public void Play(long number, char[][] board) {
        format.Header(number);
        rootMoves.Clear();
        rootValues.Clear();
        if (Children(board, 1).Count > 0) Value(board, 1, Format.NegInf, Format.PosInf);
        format.FirstMove(Choose());
    }
}
