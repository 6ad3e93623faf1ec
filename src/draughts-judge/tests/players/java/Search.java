/*
 * Depth-4 minimax with alpha-beta for the hw4 test player, printing the
 * traversal as the handout asks. Variants handled here: order-reversed
 * (children in reverse reading order), tie-last (last of the moves whose
 * exact value is best), and the faults cut-strict (prune only on
 * alpha > beta) and wrong-leaf (kings worth 1 at B4 leaves).
 */
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

final class Search {
    private final String variant;
    private final Format format;
    private final List<int[]> rootMoves = new ArrayList<>();
    private final List<Integer> rootValues = new ArrayList<>();

    Search(String variant, Format format) {
        this.variant = variant;
        this.format = format;
    }

    /** Children of a node (Alice at odd plies) in this variant's order. */
    private List<int[]> children(char[][] b, int ply) {
        List<int[]> moves = Rules.moves(b, ply % 2 == 1);
        if (variant.equals("order-reversed")) Collections.reverse(moves);
        return moves;
    }

    /** True when the search stops after a move at ply: the side to move next is stuck, or B4. */
    private boolean stops(char[][] after, int ply) {
        return ply == 4 || Rules.moves(after, ply % 2 == 0).isEmpty();
    }

    /** Worth of a position where the search stops, after a move at ply. */
    private int worth(char[][] after, int ply) {
        boolean aliceNext = ply % 2 == 0;
        if (Rules.moves(after, aliceNext).isEmpty()) return aliceNext ? Format.NEG_INF : Format.POS_INF;
        return Rules.heuristic(after, variant.equals("wrong-leaf") ? 1 : 2);
    }

    private boolean cuts(int alpha, int beta) {
        return variant.equals("cut-strict") ? alpha > beta : alpha >= beta;
    }

    int value(char[][] b, int ply, int alpha, int beta) {
        boolean alice = ply % 2 == 1;
        List<int[]> moves = children(b, ply);
        int best = alice ? Format.NEG_INF : Format.POS_INF;
        for (int i = 0; i < moves.size(); i++) {
            int[] m = moves.get(i);
            char[][] after = Rules.apply(b, m);
            int v;
            if (stops(after, ply)) {
                v = worth(after, ply);
                format.moveLine(ply, m, true, v);
            } else {
                format.moveLine(ply, m, false, 0);
                v = value(after, ply + 1, alpha, beta);
            }
            if (ply == 1) { rootMoves.add(m); rootValues.add(v); }
            if (alice) { best = Math.max(best, v); alpha = Math.max(alpha, best); }
            else { best = Math.min(best, v); beta = Math.min(beta, best); }
            if (cuts(alpha, beta) && i < moves.size() - 1) {
                format.pruneLine(ply, moves.subList(i + 1, moves.size()), alpha, beta);
                break;
            }
        }
        return best;
    }

    /** Minimax value without pruning or output of a node to move at ply. */
    int exact(char[][] b, int ply) {
        boolean alice = ply % 2 == 1;
        int best = alice ? Format.NEG_INF : Format.POS_INF;
        for (int[] m : children(b, ply)) {
            char[][] after = Rules.apply(b, m);
            int v = stops(after, ply) ? worth(after, ply) : exact(after, ply + 1);
            best = alice ? Math.max(best, v) : Math.min(best, v);
        }
        return best;
    }

    /** The first move: the first with the largest value, or for tie-last the last exact best. */
    int[] choose(char[][] b) {
        if (rootMoves.isEmpty()) return null;
        if (variant.equals("tie-last")) return lastExactBest(b);
        int pick = 0;
        for (int i = 1; i < rootMoves.size(); i++)
            if (rootValues.get(i) > rootValues.get(pick)) pick = i;
        return rootMoves.get(pick);
    }

    private int[] lastExactBest(char[][] b) {
        int[] chosen = null;
        int best = Format.NEG_INF;
        for (int[] m : children(b, 1)) {
            char[][] after = Rules.apply(b, m);
            int v = stops(after, 1) ? worth(after, 1) : exact(after, 2);
            if (chosen == null || v >= best) { chosen = m; best = v; }
        }
        return chosen;
    }

    void play(long number, char[][] board) {
        format.header(number);
        rootMoves.clear();
        rootValues.clear();
        if (!children(board, 1).isEmpty()) value(board, 1, Format.NEG_INF, Format.POS_INF);
        format.firstMove(choose(board));
    }
}
