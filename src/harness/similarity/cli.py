"""scripts/similarity's body, `python3 -m harness.similarity` (its --help
says what it does)."""

import argparse
import os
import sys
import tempfile
import time

from harness import paths
from harness.similarity import structural
from harness.similarity.pairs import Pair, compare_language
from harness.similarity.report import write_report
from harness.similarity.simrun import blank_base
from harness.similarity.submissions import LANGUAGES, load_class

# 50%, from the measured class of src/similarity/README.md (12 programs
# written apart, 12 disguised copies of two of them): the independent
# pairs' highest figure 25.6%, the copies' lowest 91.8%; 50 lies between
# with room on both sides (a copy partly rewritten, a pair of programs
# sharing more idiom than these).
DEFAULT_THRESHOLD = 50.0
# How many submissions with files that do not parse are named on stderr.
SAID = 10

DESCRIPTION = """Compares every pair of SUBMISSIONs (each a folder of one student's files)
of the same language with Debian's similarity-tester: sim_c (.c, .h), sim_c++
(.cpp, .cc, .hpp, .h of a C++ submission), sim_java (.java), sim_text (.py, .cs).
A pair's token figure is the larger of "a consists for X% of b material" both
ways (X: the share of a's tokens in runs of at least 24 tokens, or 8 words,
also found in b). C is compared by its structure as well (parsed with
pycparser: loops, branches, names, constants, helpers and dead code set
aside; the larger share of either's fingerprints found in the other); a
pair's percent, the one the threshold is for, is the larger of the two.
Writes DIR/similarity.csv (name_a, name_b, language, percent, token,
token_a_in_b, token_b_in_a, structural, structural_a_in_b,
structural_b_in_a, above, page; the most similar first), per pair at or
above the threshold DIR/pairs/NAME.html with the matching runs and regions
side by side, and DIR/index.html, the pairs that stand out from the class
and the flagged ones. Each C submission's structure is kept (--cache)
under the hash of its files: a rerun parses only what changed. Last line: "similarity: N submissions, M pairs
compared, K above P%". Exit 0, 1 when sim failed, 2 on bad usage."""


def arguments(argv):
    parser = argparse.ArgumentParser(prog="scripts/similarity", description=DESCRIPTION)
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD, metavar="P",
                        help="a pair at or above P percent gets its page (default: %(default)g)")
    parser.add_argument("--base", action="append", default=[], metavar="FILE",
                        help="the course's skeleton or handout code (repeatable): its text, "
                        "wherever sim finds it in a submission, counts for no pair")
    parser.add_argument("--names", metavar="TSV", help="lines FOLDER<TAB>NAME: each submission's name "
                        "(default: its folder's basename)")
    parser.add_argument("--output", required=True, metavar="DIR", help="where the CSV and the pages go")
    parser.add_argument("--cache", metavar="FOLDER", default=str(paths.BUILD / "similarity-cache"),
                        help="where each C submission's parsed structure is kept under the hash of its files, "
                        "so that a rerun parses only what changed (default: %(default)s; --cache '' keeps none)")
    parser.add_argument("submissions", nargs="+", metavar="SUBMISSION")
    args = parser.parse_args(argv)
    for folder in args.submissions:
        if not os.path.isdir(folder):
            parser.error("not a folder: %s" % folder)
    for path in args.base:
        if not os.path.isfile(path):
            parser.error("--base: not a file: %s" % path)
    if not 0 < args.threshold <= 100:
        parser.error("--threshold: a percent above 0, at most 100")
    return args


def progress(started):
    """A progress printer: stderr, with the seconds since started."""
    def say(message):
        print("similarity: [%5.1fs] %s" % (time.monotonic() - started, message), file=sys.stderr, flush=True)
    return say


def compare_class(args, say):
    """(submissions, pairs compared, every pair sim or the structural
    comparison found anything for)."""
    submissions = load_class(args.submissions, args.names)
    say("%d submissions read" % len(submissions))
    compared, pairs = 0, []
    with tempfile.TemporaryDirectory(prefix="similarity.") as work, structural.pool() as workers:
        parsing = structural.start(workers, submissions, args.base, args.cache or None)
        for language in LANGUAGES:
            members = [s for s in submissions if language in s.lines]
            if len(members) < 2:
                continue
            compared += len(members) * (len(members) - 1) // 2
            folder = os.path.join(work, language)
            if args.base:
                say("%s: %d skeleton lines blanked" % (language, blank_base(folder, members, language, args.base)))
            found = compare_language(folder, members, language, args.threshold, say)
            if language == structural.LANGUAGE:
                add_structures(found, members, parsing, say)
            pairs.extend(found.values())
    return submissions, compared, pairs


def add_structures(found, members, parsing, say):
    """The structural figures into found (the C pairs), and a line per
    submission that could not be parsed whole."""
    structures = structural.finish(*parsing)
    structural.add_structural(found, structures, members, lambda a, b: Pair(structural.LANGUAGE, a, b))
    unparsed = [s for s in members if structures[s.index].problems]
    for submission in unparsed[:SAID]:
        found = structures[submission.index]
        say("c: %s: %d file(s) not parsed (%s)%s" % (submission.name, len(found.problems), found.problems[0],
                                                     "" if found.fingerprints else "; compared by tokens only"))
    if len(unparsed) > SAID:
        say("c: and %d more submissions with files not parsed" % (len(unparsed) - SAID))
    say("c: structural comparison done")


def main(argv):
    args = arguments(argv)
    say = progress(time.monotonic())
    try:
        submissions, compared, pairs = compare_class(args, say)
    except ValueError as error:
        print("similarity: %s" % error, file=sys.stderr)
        return 2
    except (RuntimeError, OSError) as error:
        print("similarity: %s" % error, file=sys.stderr)
        return 1
    above, standing_out = write_report(args.output, pairs, args.threshold, args.base, (len(submissions), compared))
    say("%d pages written; %d pairs stand out from the class (index.html)" % (above, standing_out))
    print("similarity: %d submissions, %d pairs compared, %d above %g%%"
          % (len(submissions), compared, above, args.threshold))
    return 0

