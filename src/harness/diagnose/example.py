"""A cause's worked example: one case it explains, and in a line what the
program did there (the judge's verdict for draughts; otherwise the first
line of output that differs from the expected one, or the exit status),
so that a reader sees the fault at work, not only a case's name."""
WIDTH = 60
WHITE = b" \t\r\x0b\x0c"


def shown(line):
    text = line.decode("utf-8", "replace").rstrip("\r")
    text = text.replace("\t", "\\t").replace("\r", "\\r").replace("\0", "\\0")
    return '"%s"' % (text if len(text) <= WIDTH else text[:WIDTH] + "...")


def split(data):
    """The lines, and whether the last one ends with a line end."""
    lines = data.split(b"\n")
    if lines[-1] == b"":
        return lines[:-1], True
    return lines, False


def unspaced(lines):
    """(line number, line) of the lines that are not blank, white space
    out of them."""
    return [(number, line.translate(None, WHITE)) for number, line in enumerate(lines, start=1)
            if line.translate(None, WHITE)]


def beyond_spacing(mine, theirs):
    """Where the lines first differ otherwise than in white space, in
    words; None where they differ only in white space."""
    kept, wanted = unspaced(mine), unspaced(theirs)
    for (number, line), (other, want) in zip(kept, wanted):
        if line != want:
            return ("line %d is %s where %s is expected (white space aside)"
                    % (number, shown(mine[number - 1]), shown(theirs[other - 1])))
    if len(kept) > len(wanted):
        number = kept[len(wanted)][0]
        return "line %d is %s, after the expected end (white space aside)" % (number, shown(mine[number - 1]))
    if len(kept) < len(wanted):
        number = wanted[len(kept)][0]
        return "the output stops before the expected line %d, %s (white space aside)" % (
            number, shown(theirs[number - 1]))
    return None


def first_difference(program, expected):
    """In words: where the program's run first differs from the expected
    one; where that is white space and more differs further on, the first
    line that differs otherwise (the fault at work, not the spacing)."""
    (mine, mine_ended), (theirs, theirs_ended) = split(program.out), split(expected.out)
    for number, (line, want) in enumerate(zip(mine, theirs), start=1):
        if line != want:
            spacing = line.translate(None, WHITE) == want.translate(None, WHITE)
            further = beyond_spacing(mine, theirs) if spacing or not line.strip() or not want.strip() else None
            if further:
                return further
            return "line %d is %s where %s is expected" % (number, shown(line), shown(want))
    if len(mine) > len(theirs):
        return "line %d is %s, after the expected end" % (len(theirs) + 1, shown(mine[len(theirs)]))
    if len(mine) < len(theirs):
        return "the output stops before line %d, %s" % (len(mine) + 1, shown(theirs[len(mine)]))
    if mine_ended != theirs_ended:
        return "the last line %s a line end" % ("has" if mine_ended else "lacks")
    if program.status is None:
        return "the run did not end in time"
    return "exit status %s where %s is expected" % (program.status, expected.status)


def judged(verdict):
    """The judge's message in a line: where (its first line) and the rule
    broken there (its `required:` line)."""
    lines = verdict.decode("utf-8", "replace").strip().split("\n")
    kept = [lines[0].rstrip(":,")] + [line.strip() for line in lines[1:]
                                      if line.startswith("required:")]
    return "; ".join(line if len(line) <= 2 * WIDTH else line[:2 * WIDTH] + "..." for line in kept)


def describe(case):
    """CASE: what the program did there (an evaluate.Case)."""
    if case.verdict:
        return "%s: %s" % (case.id, judged(case.verdict))
    return "%s: %s" % (case.id, first_difference(case.program, case.expected))
