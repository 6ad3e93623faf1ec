"""Whether a faulted reference's run reproduces a program's failing run,
by the fault's match (its column in the catalogue):

  exact     the same stdout byte for byte (checkers)
  tokens    the same output but for white space: what the fault stands for
            is a difference in white space only, so any spacing counts
  superset  the expected lines all there, in order, with lines of its own
  judge     (draughts) the same output but for white space, or the same
            verdict of build/draughts-judge: the same rule broken at the
            same line of the output

and, for all of them, the same exit status whenever the program's status
is not the expected one (a status that is wrong is part of the failure)."""
import os
import subprocess
import tempfile


def tokens(data):
    return data.split()


def lines(data):
    return [line.strip() for line in data.split(b"\n") if line.strip()]


def first_difference(one, other):
    """The first line (from 0) where two outputs differ, white space aside."""
    a, b = lines(one), lines(other)
    for number, (x, y) in enumerate(zip(a, b)):
        if x.split() != y.split():
            return number
    return min(len(a), len(b)) if len(a) != len(b) else None


def is_subsequence(small, large):
    walk = iter(large)
    return all(any(item == other for other in walk) for item in small)


class Judge:
    """build/draughts-judge's verdict on an output: None when accepted, else
    its first line (case and output line) and its `required:` line."""

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
                message = handle.read().split(b"\n")
        required = [line for line in message if line.startswith(b"required:")]
        return (message[0], required[:1])


def same_status(program, fault, expected):
    return program.status == expected.status or program.status == fault.status


def reproduces(match, program, fault, expected, judged=None):
    """judged: (program's verdict, a function giving the fault's verdict)."""
    if not same_status(program, fault, expected):
        return False
    if match == "exact":
        return program.out == fault.out
    if tokens(program.out) == tokens(fault.out):
        return match != "tokens" or program.out != expected.out
    if match == "superset":
        mine, theirs = lines(program.out), lines(expected.out)
        return len(mine) > len(theirs) and is_subsequence(theirs, mine)
    if match == "judge" and judged is not None and judged[0] is not None:
        return judged[1]() == judged[0]
    return False


def near(program, fault, expected):
    """A weaker sign, to choose faults to try together: the fault's output
    first leaves the expected one where the program's does."""
    where = first_difference(program.out, expected.out)
    return where is not None and where == first_difference(fault.out, expected.out)
