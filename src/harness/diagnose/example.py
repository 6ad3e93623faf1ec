"""A cause's worked example: one case it explains, and in a line what the
program did there (the judge's verdict for draughts; otherwise the first
line of output that differs from the expected one, or the exit status),
so that a reader sees the fault at work, not only a case's name."""
WIDTH = 60


def shown(line):
    text = line.decode("utf-8", "replace").rstrip("\r")
    text = text.replace("\t", "\\t").replace("\r", "\\r").replace("\0", "\\0")
    return '"%s"' % (text if len(text) <= WIDTH else text[:WIDTH] + "...")


def first_difference(program, expected):
    """In words: where the program's run first differs from the expected
    one."""
    mine, theirs = program.out.split(b"\n"), expected.out.split(b"\n")
    for number, (line, want) in enumerate(zip(mine, theirs), start=1):
        if line != want:
            return "line %d is %s where %s is expected" % (number, shown(line), shown(want))
    if len(mine) > len(theirs):
        return "line %d is %s, after the expected end" % (len(theirs) + 1, shown(mine[len(theirs)]))
    if len(mine) < len(theirs):
        return "the output stops before line %d, %s" % (len(mine), shown(theirs[len(mine) - 1]))
    if program.status is None:
        return "the run did not end in time"
    return "exit status %s where %s is expected" % (program.status, expected.status)


def describe(case):
    """CASE: what the program did there (an evaluate.Case)."""
    if case.verdict:
        first = case.verdict.decode("utf-8", "replace").strip().split("\n")[0]
        return "%s: %s" % (case.id, first if len(first) <= 2 * WIDTH else first[:2 * WIDTH] + "...")
    return "%s: %s" % (case.id, first_difference(case.program, case.expected))
