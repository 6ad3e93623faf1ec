/*
 * CSCI 561 HW4 (English draughts, depth-4 minimax with alpha-beta), Java.
 *
 * TEST PLAYER for the draughts judge, written from the handout alone
 * (assignment.txt, JUDGE.md); not a golden program. The environment
 * variable HW4_VARIANT picks its behaviour (default reference-like):
 *
 *   correct: reference-like, order-reversed, spacing, inf-int, tie-last
 *   faults:  cut-strict, wrong-leaf
 *
 * See ../README.md for what each variant changes.
 * Build and run as the grader does:  javac *.java ; java hw4 input.txt output.txt
 * Files: hw4.java (input/output), Rules.java (moves), Search.java
 * (alpha-beta and the first move), Format.java (the lines written).
 */
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.FileInputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class hw4 {
    static final List<String> VARIANTS = Arrays.asList(
        "reference-like", "order-reversed", "spacing", "inf-int", "tie-last",
        "cut-strict", "wrong-leaf");

    /** One case of the input: its number and its 8 x 8 board. */
    static final class Case {
        final long number;
        final char[][] board;
        Case(long number, char[][] board) { this.number = number; this.board = board; }
    }

    public static void main(String[] args) throws IOException {
        String variant = System.getenv("HW4_VARIANT");
        if (variant == null) variant = "reference-like";
        if (!VARIANTS.contains(variant)) fail("unknown HW4_VARIANT '" + variant + "'");
        if (args.length > 2) fail("usage: java hw4 [input.txt [output.txt]]");
        byte[] data = readAll(args.length > 0 ? new FileInputStream(args[0]) : System.in);
        List<Case> cases = readCases(new String(data, StandardCharsets.ISO_8859_1));
        Format format = new Format(variant);
        Search search = new Search(variant, format);
        for (Case c : cases) search.play(c.number, c.board);
        byte[] text = format.text().getBytes(StandardCharsets.ISO_8859_1);
        if (args.length > 1) Files.write(Paths.get(args[1]), text);
        else { System.out.write(text); System.out.flush(); }
    }

    static byte[] readAll(InputStream in) throws IOException {
        try (InputStream source = in) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            byte[] chunk = new byte[8192];
            for (int n; (n = source.read(chunk)) > 0; ) buffer.write(chunk, 0, n);
            return buffer.toByteArray();
        }
    }

    /** `case N` then 8 board lines; blank lines and white space around lines ignored. */
    static List<Case> readCases(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            String t = line.trim();
            if (!t.isEmpty()) lines.add(t);
        }
        List<Case> cases = new ArrayList<>();
        for (int at = 0; at < lines.size(); at += 9) {
            String[] head = lines.get(at).split("[ \t]+");
            if (head.length != 2 || !head[0].equals("case") || !head[1].matches("[0-9]{1,18}"))
                fail("expected 'case N', got '" + lines.get(at) + "'");
            if (at + 9 > lines.size()) fail("case " + head[1] + " is cut short");
            char[][] board = new char[8][];
            for (int r = 0; r < 8; r++) {
                board[r] = lines.get(at + 1 + r).toCharArray();
                if (board[r].length != 8) fail("case " + head[1] + ": a board line is not 8 squares");
            }
            cases.add(new Case(Long.parseLong(head[1]), board));
        }
        return cases;
    }

    static void fail(String message) {
        PrintStream err = System.err;
        err.println("hw4: " + message);
        System.exit(2);
    }
}
