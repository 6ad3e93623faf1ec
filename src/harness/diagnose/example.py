"""A cause's worked example: one case it explains, and in a line what the
program did there (the judge's verdict for draughts; otherwise the first
line of output that differs from the expected one, or the exit status),
so that a reader sees the fault at work, not only a case's name."""
WIDTH = 60


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


def first_difference(program, expected):
    """In words: where the program's run first differs from the expected
    one."""
    (mine, mine_ended), (theirs, theirs_ended) = split(program.out), split(expected.out)
    for number, (line, want) in enumerate(zip(mine, theirs), start=1):
        if line != want:
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
