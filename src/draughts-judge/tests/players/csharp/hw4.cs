// CSCI 561 HW4 (English draughts, depth-4 minimax with alpha-beta), C#.
//
// TEST PLAYER for the draughts judge, a port of the Java one (../java),
// written from the handout alone (assignment.txt, JUDGE.md); not a golden
// program. The environment variable HW4_VARIANT picks its behaviour
// (default reference-like):
//
//   correct: reference-like, order-reversed
//   faults:  cut-strict, wrong-leaf
//
// See ../README.md for what each variant changes.
// Build and run as a grader with Mono does:
//   mcs -out:hw4.exe *.cs ; mono hw4.exe input.txt output.txt
// Files: hw4.cs (input/output, the lines written), Search.cs (moves,
// alpha-beta and the first move).
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

public static class Hw4 {
    static readonly string[] Variants = { "reference-like", "order-reversed", "cut-strict", "wrong-leaf" };

    public static int Main(string[] args) {
        string variant = Environment.GetEnvironmentVariable("HW4_VARIANT") ?? "reference-like";
        if (Array.IndexOf(Variants, variant) < 0) Fail("unknown HW4_VARIANT '" + variant + "'");
        if (args.Length > 2) Fail("usage: mono hw4.exe [input.txt [output.txt]]");
        byte[] data = args.Length > 0 ? File.ReadAllBytes(args[0]) : ReadAll(Console.OpenStandardInput());
        Format format = new Format();
        Search search = new Search(variant, format);
        ReadCases(Latin1(data), search);
        string written = format.Text();
        byte[] text = new byte[written.Length];
        for (int i = 0; i < text.Length; i++) text[i] = (byte) written[i];
        if (args.Length > 1) {
            File.WriteAllBytes(args[1], text);
        } else {
            using (Stream stdout = Console.OpenStandardOutput()) stdout.Write(text, 0, text.Length);
        }
        return 0;
    }

    static byte[] ReadAll(Stream input) {
        using (MemoryStream buffer = new MemoryStream()) {
            input.CopyTo(buffer);
            return buffer.ToArray();
        }
    }

    // Bytes as characters, one each (ISO 8859-1), as the Java player reads them.
    static string Latin1(byte[] data) {
        StringBuilder s = new StringBuilder(data.Length);
        foreach (byte b in data) s.Append((char) b);
        return s.ToString();
    }

    // `case N` then 8 board lines; blank lines and white space around lines ignored.
    static void ReadCases(string text, Search search) {
        List<string> lines = new List<string>();
        foreach (string line in text.Split('\n')) {
            string t = line.Trim();
            if (t.Length > 0) lines.Add(t);
        }
        for (int at = 0; at < lines.Count; at += 9) {
            string[] head = Regex.Split(lines[at], "[ \t]+");
            if (head.Length != 2 || head[0] != "case" || !Regex.IsMatch(head[1], "^[0-9]{1,18}$"))
                Fail("expected 'case N', got '" + lines[at] + "'");
            if (at + 9 > lines.Count) Fail("case " + head[1] + " is cut short");
            char[][] board = new char[8][];
            for (int r = 0; r < 8; r++) {
                board[r] = lines[at + 1 + r].ToCharArray();
                if (board[r].Length != 8) Fail("case " + head[1] + ": a board line is not 8 squares");
            }
            search.Play(long.Parse(head[1]), board);
        }
    }

    static void Fail(string message) {
        Console.Error.WriteLine("hw4: " + message);
        Environment.Exit(2);
    }
}

// The lines the player writes.
sealed class Format {
    // Values beyond any heuristic (12 kings make 24) stand for the infinities.
    public const int PosInf = 1000000;
    public const int NegInf = -1000000;

    readonly StringBuilder output = new StringBuilder();

    public string Text() { return output.ToString(); }

    void Line(string s) { output.Append(s).Append('\n'); }

    static string Number(int v) {
        if (v >= PosInf) return "+inf";
        if (v <= NegInf) return "-inf";
        return v.ToString();
    }

    static string Move(int[] m) {
        return "(" + m[0] + "," + m[1] + ")=>(" + m[2] + "," + m[3] + ")";
    }

    static string Label(int ply) {
        StringBuilder s = new StringBuilder();
        for (int i = 1; i < ply; i++) s.Append("|-");
        return s.Append(ply % 2 == 1 ? 'A' : 'B').Append(ply).Append(": ").ToString();
    }

    public void Header(long number) { Line("case " + number); }

    // A move line; h is printed when hasValue (a leaf or a finished game).
    public void MoveLine(int ply, int[] m, bool hasValue, int h) {
        Line(Label(ply) + Move(m) + (hasValue ? "; h=" + Number(h) : "") + ".");
    }

    public void PruneLine(int ply, List<int[]> rest, int alpha, int beta) {
        List<string> moves = rest.ConvertAll(Move);
        Line(Label(ply) + "pruning " + string.Join(", ", moves) + "; alpha=" + Number(alpha)
             + ", beta=" + Number(beta) + ".");
    }

    public void FirstMove(int[] m) { Line("first move: " + (m == null ? "none" : Move(m)) + "."); }
}
