"""Whether a faulted reference's run reproduces a program's failing run,
by the fault's match (its column in the catalogue):

  exact     (checkers) the same stdout byte for byte, or the same
            mechanism: the first difference from the expected output
            (white space aside) in the same block, the same kind of line
            expected and printed there, and the same printed line
            (place.py)
  tokens    the same output but for white space: what the fault stands for
            is a difference in white space only, so any spacing counts
  superset  the expected lines all there, in order, with lines of its own
  judge     (draughts) the same output but for white space, or the same
            verdict of build/draughts-judge: the same rule broken at the
            same line of the output; where the program's moves come in
            another order than the reference's, the fault is run in the
            program's order (reproduces_in_order)

and, for all of them, the same exit status whenever the program's status
is not the expected one (a status that is wrong is part of the failure)."""
import functools
import os
import subprocess
import tempfile

from harness.diagnose import place


def tokens(data):
    return data.split()


WHITE = b" \t\n\r\x0b\x0c"  # what bytes.split() splits on


def same_tokens(one, other):
    """tokens(ONE) == tokens(OTHER), most often told by the bytes without
    white space first (equal tokens have equal such bytes)."""
    return one.translate(None, WHITE) == other.translate(None, WHITE) and tokens(one) == tokens(other)


def lines(data):
    return [line.strip() for line in data.split(b"\n") if line.strip()]


def is_subsequence(small, large):
    walk = iter(large)
    return all(any(item == other for other in walk) for item in small)


class Judge:
    """build/draughts-judge's verdict on an output: None when accepted, else
    its whole message (the case and output line, the path, the rule, what
    was printed there and what the rules want)."""

    def __init__(self, binary):
        self.binary = binary

    def verdict(self, input_path, out):
        with tempfile.TemporaryDirectory(prefix="diagnose-judge.") as folder:
            output = os.path.join(folder, "output.txt")
            with open(output, "wb") as handle:
                handle.write(out)
            with open(output, "rb") as stdin:
                done = subprocess.run([self.binary, input_path, os.devnull, folder],
                                      stdin=stdin, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
            if done.returncode != 43:
                return None
            with open(os.path.join(folder, "judgemessage.txt"), "rb") as handle:
                message = handle.read()
        return message


def same_status(program, fault, expected):
    return program.status == expected.status or program.status == fault.status


def reproduces(match, program, fault, expected, judged=None):
    """None, or how: "same" (the same output, white space aside, or as the
    match defines it), "place" (exact: the same first difference, place.py)
    or "verdict" (the judge's same message: the same rule broken at the
    same line, in the same way). judged: (program's verdict, a function
    giving the fault's verdict)."""
    if not same_status(program, fault, expected):
        return None
    if match == "exact":
        if program.out == fault.out:
            return "same"
        return "place" if place.same(program.out, fault.out, expected.out) else None
    if same_tokens(program.out, fault.out):
        return "same" if match != "tokens" or program.out != expected.out else None
    if match == "superset":
        mine, theirs = lines(program.out), lines(expected.out)
        return "same" if len(mine) > len(theirs) and is_subsequence(theirs, mine) else None
    if match == "judge" and judged is not None and judged[0] is not None:
        # (the expected output is one the judge accepts: a fault that
        # prints it has no verdict to share, and the judge is not asked)
        if fault.out == expected.out:
            return None
        return "verdict" if judged[1]() == judged[0] else None
    return None


def reproduces_in_order(program, fault, expected, verdicts):
    """reproduces() for a draughts fault run in the program's own order of
    moves (order.py): the judge rejects the fault's output (in that order
    the fault shows) and either its output is the program's, white space
    aside ("same"), or the verdicts are the same, the whole message
    ("verdict"). VERDICTS: (the program's, the fault's)."""
    if not same_status(program, fault, expected) or verdicts[1] is None:
        return None
    if same_tokens(program.out, fault.out):
        return "same"
    return "verdict" if verdicts[0] == verdicts[1] else None


@functools.lru_cache(maxsize=256)
def squeezed(data):
    """DATA's lines, white space taken out, as a set (kept for the outputs
    met again: a case's program and expected runs, once per fault); from
    place.py's own squeezed lines, which the first difference has often
    asked of the same output already."""
    return frozenset(place.squeezed_lines(data))


def near(program, fault, expected):
    """A weaker sign, to choose faults to try together: most of the lines
    the fault adds to the expected output (white space aside) are in the
    program's output too. (A fault whose output is the expected one, as
    on most cases, adds nothing: not split at all.)"""
    if fault.out == expected.out:
        return False
    added = squeezed(fault.out) - squeezed(expected.out)
    return bool(added) and 2 * len(added & squeezed(program.out)) >= len(added)
