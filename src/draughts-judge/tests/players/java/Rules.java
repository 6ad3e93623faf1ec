/*
 * Rules of the handout's English draughts, for the hw4 test player:
 * Alice ('A' man, 'k' king) moves up, Bill ('B' man, 'K' king) moves down;
 * single jumps only, jumps mandatory, a man reaching the far row is crowned.
 * A move is int[]{r1, c1, r2, c2}.
 */
import java.util.ArrayList;
import java.util.List;

final class Rules {
    /** Up-left, up-right, down-left, down-right: the reading order of destinations. */
    static final int[][] DIRS = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

    private Rules() { }

    static boolean isAlice(char ch) { return ch == 'A' || ch == 'k'; }
    static boolean isBill(char ch) { return ch == 'B' || ch == 'K'; }
    static boolean isKing(char ch) { return ch == 'k' || ch == 'K'; }

    static boolean owns(boolean alice, char ch) { return alice ? isAlice(ch) : isBill(ch); }

    static boolean inside(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }

    /** May piece ch move along direction d? Men only forward. */
    static boolean allowed(char ch, int d) {
        if (isKing(ch)) return true;
        return ch == 'A' ? d < 2 : d >= 2;
    }

    /** Legal moves of one side in reading order: its jumps if it has any, else its steps. */
    static List<int[]> moves(char[][] b, boolean alice) {
        List<int[]> jumps = new ArrayList<>();
        List<int[]> steps = new ArrayList<>();
        for (int r = 0; r < 8; r++) {
            for (int c = 0; c < 8; c++) {
                if (!owns(alice, b[r][c])) continue;
                for (int d = 0; d < 4; d++) {
                    if (!allowed(b[r][c], d)) continue;
                    int r1 = r + DIRS[d][0], c1 = c + DIRS[d][1];
                    if (!inside(r1, c1)) continue;
                    int r2 = r1 + DIRS[d][0], c2 = c1 + DIRS[d][1];
                    if (b[r1][c1] == 'O') steps.add(new int[]{r, c, r1, c1});
                    else if (owns(!alice, b[r1][c1]) && inside(r2, c2) && b[r2][c2] == 'O')
                        jumps.add(new int[]{r, c, r2, c2});
                }
            }
        }
        return jumps.isEmpty() ? steps : jumps;
    }

    /** The board after a move: a jump removes the piece jumped, a man may be crowned. */
    static char[][] apply(char[][] b, int[] m) {
        char[][] n = new char[8][];
        for (int r = 0; r < 8; r++) n[r] = b[r].clone();
        char ch = n[m[0]][m[1]];
        n[m[0]][m[1]] = 'O';
        if (Math.abs(m[2] - m[0]) == 2) n[(m[0] + m[2]) / 2][(m[1] + m[3]) / 2] = 'O';
        if (ch == 'A' && m[2] == 0) ch = 'k';
        if (ch == 'B' && m[2] == 7) ch = 'K';
        n[m[2]][m[3]] = ch;
        return n;
    }

    /** Alice's men + kingWeight x her kings - Bill's men - kingWeight x his kings. */
    static int heuristic(char[][] b, int kingWeight) {
        int h = 0;
        for (char[] row : b) {
            for (char ch : row) {
                if (ch == 'A') h += 1;
                else if (ch == 'k') h += kingWeight;
                else if (ch == 'B') h -= 1;
                else if (ch == 'K') h -= kingWeight;
            }
        }
        return h;
    }
}
