"""deliverables.py -- what a handout asks to be handed in beside the
program, found by mark-one in a submission's copy (sources/) and written
as facts (`key<TAB>value` lines appended to the facts file that
result_row.py turns into the row):

  checkers (COMP10002): authorship, authorship_detail: the Authorship
      Declaration, signed / unsigned / missing (authorship.py)
  draughts (CSCI 561 HW4): readme, readme_detail: a readme.txt (any letter
      case, in any folder) yes / no; handed_output, handed_output_detail,
      handed_input: the handed-in output.txt against what the program writes
      for the handed-in input.txt (or the handout's), matches / differs /
      missing (no output.txt) / not-run (no program was built)

usage: python3 -m harness.mark.deliverables find --program P --facts FILE SOURCES
           appends P's facts; for draughts with an output.txt, prints two
           lines: the handed-in output.txt, then the input to run the
           program on (the handed-in input.txt beside it, else the
           shallowest one, else the handout's case 5)
       python3 -m harness.mark.deliverables compare --facts FILE HANDED PRODUCED STATUS DIFF
           appends handed_output (matches or differs) and its detail:
           PRODUCED is what the program wrote, STATUS its exit status; DIFF
           gets a unified diff when they differ
"""

import difflib
import os
import sys

from harness import paths
from harness.mark import authorship

ROOT = str(paths.ROOT)
DELIVERABLES = {"checkers": ("authorship",), "draughts": ("readme", "handed_output")}
# The handout's input.txt is not published whole: the one case it prints
# (its case 5) stands for it when a submission hands in no input.txt.
HANDOUT_INPUT = {"draughts": os.path.join("testdata", "draughts", "examples", "handout-case5.in")}
# A handed-in output.txt is read up to the most a run may write (the
# sandbox's file size limit, 64 MiB): a larger one differs.
READ_LIMIT = 64 << 20
DIFF_LINES = 2000


def fact_lines(facts):
    return "".join("%s\t%s\n" % (key, " ".join(str(value).split())) for key, value in facts)


def files_under(sources):
    """The files under SOURCES, relative to it, shallowest first (then by
    name); none whose name holds a newline (mark-one reads paths by line)."""
    found = [os.path.relpath(os.path.join(parent, name), sources)
             for parent, _, files in os.walk(sources) for name in files]
    return sorted((rel for rel in found if "\n" not in rel), key=lambda rel: (rel.count(os.sep), rel))


def named(sources, wanted):
    """The files under SOURCES named WANTED in any letter case."""
    return [rel for rel in files_under(sources) if os.path.basename(rel).lower() == wanted]


def readme_facts(sources):
    found = named(sources, "readme.txt")
    if found:
        return [("readme", "yes"), ("readme_detail", found[0])]
    others = [rel for rel in files_under(sources) if os.path.basename(rel).lower().startswith("readme")]
    if others:
        return [("readme", "no"), ("readme_detail", "no readme.txt (the handout's name); found %s" % others[0])]
    return [("readme", "no"), ("readme_detail", "no readme.txt")]


def output_plan(sources, program):
    """(facts, [handed output.txt, input to run]) of a draughts submission."""
    outputs = named(sources, "output.txt")
    if not outputs:
        return [("handed_output", "missing"), ("handed_output_detail", "no output.txt handed in")], []
    output = outputs[0]
    inputs = named(sources, "input.txt")
    beside = [rel for rel in inputs if os.path.dirname(rel) == os.path.dirname(output)]
    if beside or inputs:
        return [("handed_input", "handed-in")], [os.path.join(sources, output),
                                                 os.path.join(sources, (beside or inputs)[0])]
    return [("handed_input", "handout")], [os.path.join(sources, output), os.path.join(ROOT, HANDOUT_INPUT[program])]


def plan(program, facts_path, sources):
    """Appends PROGRAM's facts; for draughts with an output.txt, returns
    the handed-in output.txt and the input to run the program on."""
    facts, paths = [], []
    wanted = DELIVERABLES.get(program, ())
    if "authorship" in wanted:
        facts += zip(("authorship", "authorship_detail"), authorship.detect(sources))
    if "readme" in wanted:
        facts += readme_facts(sources)
    if "handed_output" in wanted:
        more, paths = output_plan(sources, program)
        facts += more
    with open(facts_path, "a", encoding="utf-8") as f:
        f.write(fact_lines(facts))
    return paths


def find(program, facts_path, sources):
    for path in plan(program, facts_path, sources):
        print(path)


def read_limited(path):
    with open(path, "rb") as f:
        return f.read(READ_LIMIT + 1)


def normal_lines(data):
    """DATA's lines, each without its line end (LF or CRLF) and trailing
    spaces and tabs, without the blank lines at the end."""
    lines = [line.rstrip(b" \t\r") for line in data.split(b"\n")]
    while lines and not lines[-1]:
        lines.pop()
    return [line.decode("utf-8", errors="replace") for line in lines]


def status_words(status):
    if status == "0":
        return ""
    if status == "124":
        return "the program was stopped at the time limit; "
    if status.isdigit() and int(status) > 128:
        return "the program was killed (signal %d); " % (int(status) - 128)
    return "the program exited with status %s; " % status


def compare(facts_path, handed, produced, status, diff_path):
    handed_bytes, produced_bytes = read_limited(handed), read_limited(produced)
    mine, theirs = normal_lines(handed_bytes), normal_lines(produced_bytes)
    if len(handed_bytes) > READ_LIMIT:
        verdict, detail = "differs", "the handed-in output.txt is over %d MiB" % (READ_LIMIT >> 20)
    elif mine == theirs:
        verdict = "matches"
        detail = "byte for byte" if handed_bytes == produced_bytes else "but for line ends and trailing white space"
    else:
        verdict = "differs"
        line = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
        detail = "from line %d: handed in %r, the program wrote %r" % (
            line + 1, mine[line][:60] if line < len(mine) else "(end)",
            theirs[line][:60] if line < len(theirs) else "(end)")
        diff = list(difflib.unified_diff(mine, theirs, "output.txt (handed in)", "output.txt (the program's)",
                                         lineterm=""))
        with open(diff_path, "w", encoding="utf-8") as f:
            f.write("\n".join(diff[:DIFF_LINES]) + "\n")
    with open(facts_path, "a", encoding="utf-8") as f:
        f.write(fact_lines([("handed_output", verdict), ("handed_output_detail", status_words(status) + detail)]))


def main(argv):
    if argv[:1] in (["--help"], ["-h"]):
        print(__doc__.strip())
        return 0
    if len(argv) == 6 and argv[0] == "find" and argv[1] == "--program" and argv[3] == "--facts":
        find(argv[2], argv[4], argv[5])
        return 0
    if len(argv) == 7 and argv[0] == "compare" and argv[1] == "--facts":
        compare(argv[2], argv[3], argv[4], argv[5], argv[6])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
