"""usage.py -- scripts/mark's --help: how programs are built and checked,
the marks and the run, then the feedback, the output and the exit status."""

BUILDING = r"""usage: scripts/mark [options] SUBMISSION...   (or a --submitted CSV's folders)
Marks every SUBMISSION (a folder holding what a student handed in: C, C++,
Java, C# or Python sources, or one executable; or its .zip or .tar.gz) against
the corpus of program P, and writes the class's marks and reports to DIR.
  --program P          checkers (the default; input on stdin) or draughts
                       (run as the HW4 grader runs it: PROGRAM input.txt
                       output.txt)
  --profile PR         assignment (the default) or strict, as check-engine
  --compile 'CMD'      the build command for every submission, run by bash
                       in a copy of it inside the sandbox, with its source
                       files as arguments ("$@", appended unless CMD names
                       "$@" or *.EXT itself). Default: each language's
                       (src/languages/languages.tsv), C:
                       gcc -std=c99 -Wall -Wextra -Wpedantic -O2 -o program "$@" -lm
                       C++: g++ *.cpp -o hw4; Java: javac *.java (run as
                       java hw4); C#: mcs -out:hw4.exe *.cs (run as mono
                       hw4.exe); Python 3: none (run as python3 FILE.py)
  --no-old-standards   when a language's own command fails, no second build
                       with the older standard (C++: g++ -std=gnu++98); by
                       default a program that builds so is marked, its
                       reason saying "built with -std=gnu++98: the
                       handout's command failed with: FIRST ERROR"
  --memcheck N         N cases of each category under Valgrind (default: 1;
                       0: no memory check)
  --compare exact|whitespace  whitespace: a case whose output differs only
                       in white space counts as passed (default: exact)
"""

MARKS = r"""  --scheme FILE        the marking scheme: parts, cases, deductions (default:
                       src/mark/schemes/P.tsv; format: src/mark/schemes/README.md)
  --manual CSV         marks given by hand (name, then a column per manual
                       part of the scheme), merged by name; a column
                       authorship, readme or handed_output sets that fact
  --deadline TIME      ISO 8601 (2021-10-15T18:00+11:00): late work loses
                       --late-penalty M (2) marks a day or part day, to 0
  --extensions CSV     a student's own deadline (columns name, deadline)
  --submitted CSV      times (columns name, submitted; else the files'), or
                       every attempt's, with a folder column (the class)
  --similarity         every pair of submissions compared (scripts/similarity),
                       into DIR/similarity/ and the class page; with
                       --similarity-threshold P (%) and --base FILE (the
                       course's skeleton, not counted; repeatable)
  --output DIR         where the results go (default: build/mark)
  --jobs N             submissions marked at once (default: twice the cores,
                       divided by --check-jobs, since a check waits on its
                       sandbox half the time; remote: each machine's cores)
  --check-jobs N       check-engine's workers per submission (default: 1)
  --timeout S          seconds before a case counts as a hang (default: 10)
  --compile-timeout S  seconds a compilation may take (default: 60)
  --category C         only category C (repeatable); --exclude C leaves it out
  --resume             keep DIR's results: a submission whose files, corpus,
                       options and marking code are unchanged is not marked
                       again (an interrupted run goes on where it stopped);
                       one whose cases alone changed (added, removed, their
                       expected output changed) is run on its new and changed
                       cases only; a mark that changed keeps the old one in
                       marks.csv's previous_final, and the pages and e-mails
                       say why
  --no-sandbox         run compilers and programs with the limits only
  --sshloginfile FILE  mark on the machines FILE lists (GNU parallel's
                       --sshloginfile: "[N/]user@host" a line, or ":" for
                       this one); each needs this repository, at the same
                       path or at --remote-repo DIR, and its prerequisites
  --remote-repo DIR    where the repository is on those machines
"""

END = r"""  --roster CSV         the class's roster (columns name and email; the service's
                       too): names without a submission, and the reverse, listed
  --feedback FBDIR     after the report, an e-mail per student: FBDIR/NAME.eml;
                       --feedback-from ADDRESS, --assignment TITLE, --failures N;
                       --send-feedback smtp://HOST:PORT sends them (--dry-run:
                       lists them); the --smtp-... options: scripts/feedback --help
Writes DIR/marks.csv, DIR/marks.json, DIR/index.html (the class page) and
per submission DIR/submissions/NAME/ (its page, junit.xml, its reports).
Prints progress with an ETA, and a last line "mark: N submissions ...".
Exit status: 0 when every submission has its row, 1 when the marking of
some failed (not the submission itself), 2 on bad usage, 130 interrupted.
"""


def usage() -> str:
    """The whole text, ending in a line break."""
    return BUILDING + MARKS + END
