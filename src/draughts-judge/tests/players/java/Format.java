/*
 * The lines the hw4 test player writes. Variants handled here:
 * spacing (other white space: "A1 : ( 5 , 2 ) => ( 4 , 3 ) .", tabs,
 * blank lines) and inf-int (infinities as 2147483647 / -2147483648).
 */
import java.util.List;

final class Format {
    /** Values beyond any heuristic (12 kings make 24) stand for the infinities. */
    static final int POS_INF = 1000000;
    static final int NEG_INF = -1000000;

    private final boolean spacing;
    private final boolean infInt;
    private final StringBuilder out = new StringBuilder();

    Format(String variant) {
        spacing = variant.equals("spacing");
        infInt = variant.equals("inf-int");
    }

    String text() { return out.toString(); }

    private void line(String s) { out.append(s).append('\n'); }

    private String end(String s) { return s + (spacing ? " ." : "."); }

    String number(int v) {
        if (v >= POS_INF) return infInt ? "2147483647" : "+inf";
        if (v <= NEG_INF) return infInt ? "-2147483648" : "-inf";
        return Integer.toString(v);
    }

    String move(int[] m) {
        if (spacing) return "( " + m[0] + " , " + m[1] + " ) => ( " + m[2] + " , " + m[3] + " )";
        return "(" + m[0] + "," + m[1] + ")=>(" + m[2] + "," + m[3] + ")";
    }

    private String label(int ply) {
        StringBuilder s = new StringBuilder();
        for (int i = 1; i < ply; i++) s.append("|-");
        s.append(ply % 2 == 1 ? 'A' : 'B').append(ply);
        return s.append(spacing ? " : " : ": ").toString();
    }

    void header(long number) { line("case " + number); }

    /** A move line; h is printed when hasValue (a leaf or a finished game). */
    void moveLine(int ply, int[] m, boolean hasValue, int h) {
        String s = label(ply) + move(m);
        if (hasValue) s += (spacing ? "\t; h = " : "; h=") + number(h);
        line(end(s));
    }

    void pruneLine(int ply, List<int[]> rest, int alpha, int beta) {
        StringBuilder s = new StringBuilder(label(ply)).append(spacing ? "pruning\t" : "pruning ");
        for (int i = 0; i < rest.size(); i++) {
            if (i > 0) s.append(spacing ? " , " : ", ");
            s.append(move(rest.get(i)));
        }
        s.append(spacing ? "\t;\talpha = " : "; alpha=").append(number(alpha));
        s.append(spacing ? " ,\tbeta = " : ", beta=").append(number(beta));
        line(end(s.toString()));
    }

    void firstMove(int[] m) {
        line(end((spacing ? "first move : " : "first move: ") + (m == null ? "none" : move(m))));
        if (spacing) line("");
    }
}
