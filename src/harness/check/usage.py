"""check's usage text, under the name it was run by (scripts/check-engine
by default)."""

OPTIONS_LINES = """\
[--profile assignment|strict]
[--compare exact|whitespace]
[--category C]... [--exclude C]... [--jobs N]
[--timeout S] [--exact-stderr] [--show N]
[--memcheck N] [--no-sandbox] [--no-old-standards] [--cases DIR]
[--output DIR] [--no-diagnose] [--stop-after-hangs N]
"""

TEXT = """\
Runs the cases of program P's corpus (default DIR: testdata/P) against BIN,
an executable file, or against the program in FOLDER: C, C++, Java, C#
or Python sources (src/languages/languages.tsv), built in the sandbox when
what the build makes is missing or --build CMD is given (by default as
the HW4 grader: g++ *.cpp -o hw4, javac *.java; mcs -out:hw4.exe *.cs;
C++ that only the older standard builds with -std=gnu++98, said so), run
as the grader runs them (./hw4, java hw4, mono hw4.exe, python3 FILE.py),
the folder read-only.
P is one of:
  checkers  (the default) COMP10002 2021 assignment 2: each input is fed
            to BIN on standard input; standard output is compared
  draughts  CSCI 561 HW4, run as its grader runs it: each input is copied
            to input.txt in an empty directory, BIN is run there as
            `BIN input.txt output.txt`, and output.txt is compared
Profiles:
  assignment  (the default) only the cases whose expected output follows
              from the assignment's text alone (DIR/strict-only lists the
              others, with the decision of NOTES.md each rests on); exit
              status and stderr not compared. checkers: stdout byte for
              byte. draughts: output.txt judged by the rules (build/
              draughts-judge, JUDGE.md: any move order, spacing, infinity
              or best first move); a failure gives the judge's message.
  strict      every case: stdout byte for byte, exit status, and stderr's
              shape (NOTES.md's exact output)
  --compare exact       (the default) stdout byte for byte, as the handout
                        requires; a stdout that differs only in white space
                        fails with its own symptom, "stdout differs only in
                        white space (KIND)" (code whitespace), its report
                        naming the first such line (e.g. "trailing spaces
                        on line 4")
  --compare whitespace  such a stdout counts as the expected one: the case
                        passes (results.tsv: pass, code whitespace) and the
                        last line says how many passed only so. "Only in
                        white space": the same sequence of tokens (runs of
                        bytes other than space, tab, CR, LF, VT, FF), line
                        breaks being white space too (python3 -m
                        harness.check.whitespace). A judge already tolerates
                        spacing: neither applies to it
  --category C    only category C (repeatable; official and examples are
                  the assignment's own tests and worked examples)
  --exclude C     leave category C out (repeatable)
  --jobs N        workers, one sandbox each, run at once (default:
                  twice the number of cores: a worker waits on its sandbox
                  half the time)
  --timeout S     seconds before a run counts as a hang (default: 10); a
                  run is also stopped once it has written 64 MiB
  --exact-stderr  (strict) compare stderr byte for byte; by default only
                  its shape counts: empty where the case's is empty, one
                  line where the case has one
  --show N        print the full report of N failures, the first of each
                  group of failures first (default: 5)
  --memcheck N    also run N cases of each category under Valgrind memcheck
                  and report leaks and invalid accesses per case
  --no-sandbox    run BIN with the limits only, without bubblewrap
  --no-old-standards  a FOLDER that its language's own command does not
                  build is not built again with the older standard (C++:
                  g++ -std=gnu++98; its first error then says why)
  --output DIR    where the results go (default: build/check-engine):
                  DIR/failures/<category>/<name>.txt (every failure's
                  report), DIR/results.tsv (a line per case: case,
                  category, verdict, symptom, symptom code), DIR/junit.xml,
                  with --memcheck DIR/memcheck.tsv (case, verdict clean
                  or findings, summary, log), and for a FOLDER built here
                  DIR/program/built (the rerun lines run it); a failing
                  case's run in DIR/outputs/ID.out and ID.status (and a
                  judge's message, ID.verdict, the judge in judge.tsv), the
                  likely causes in DIR/causes.tsv and DIR/causes-cases.tsv
  --no-diagnose   no likely cause: the faulted references are neither
                  built nor run
  --stop-after-hangs N  when N cases in a row of one worker hang, its
                  other cases are not run, each failed as "not run"
                  (for quick feedback: a program that hangs would cost
                  the timeout on every case; default 0, never)
Prints a table of passed and failed cases per category, the failures
grouped by symptom (each group with its count, categories and an
example), and "N passed, N failed". When a case failed, the likely causes
come before that last line (for a game with a catalogue of faults,
src/diagnose/faults/GAME.tsv): the faults of the catalogue that
reproduce the failing cases ("likely cause: SENTENCE (CODE): reproduces
N of M failing cases"; the diagnosis takes at most check-engine's own
time), and the failures a cause explains are grouped under it. Where stdout differs, a report ends
with "explain:" lines in the game's terms, from this repository's own
engine (build/P) when it is built: for checkers, the reference's choice,
its cost and the cost it gives the program's choice, or the tie and the
specified order; for an error line, the six checks up to the one that
failed; for draughts, the trace lines from the root to the difference
and its kind (the move order, a value, a missing or extra pruning line,
the format).
A failure's rerun line runs as printed, from here.
Exit status: 0 when every case passed, 1 when any failed or the program
cannot be checked (a FOLDER that does not build), 2 on bad usage only.
"""


def usage(name: str) -> str:
    """The whole usage: the synopsis under NAME, then the text."""
    pad = " " * (len(name) + 8)
    synopsis = f"usage: {name} [--program P] BIN|FOLDER [--build CMD]\n"
    return synopsis + "".join(pad + line + "\n" for line in OPTIONS_LINES.splitlines()) + TEXT
