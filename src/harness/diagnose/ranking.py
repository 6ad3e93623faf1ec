"""Ranking faults by the failing cases each reproduces, the threshold
below which no cause is claimed, and what is written and printed.

Threshold: a cause is claimed when it reproduces at least a fifth of the
failing cases examined (and at least one). An exact reproduction is
specific, but a program with a fault outside the catalogue can meet a
catalogued fault on a few cases where both go wrong the same way (a win
line missing, an error message at the same line); those stay below a
fifth, while a real cause reproduces most of the cases it shows in. See
README.md for the figures behind it."""
import math

SHARE = 0.2
PAIR_CANDIDATES = 3
SHOWN_CASES = 5


def need(examined):
    return max(1, math.ceil(SHARE * examined))


def order(table, codes):
    """Names of table by reproduced cases, then near misses, then the
    catalogue's order."""
    position = {code: i for i, code in enumerate(codes)}
    return sorted(table, key=lambda name: (-len(table[name][0]), -table[name][1],
                                           position.get(name, len(codes))))


def wants_pairs(table, ranked, examined):
    """No single fault gives the program's very output on most failures
    (a judge's verdict at the first fault says nothing of a second one)."""
    best = max((table[name][2] for name in ranked), default=0)
    return examined > 0 and 2 * best <= examined


def pair_names(ranked, table):
    top = [name for name in ranked if table[name][0] or table[name][1]][:PAIR_CANDIDATES]
    return [(a, b) for i, a in enumerate(top) for b in top[i + 1:]]


class Cause:
    def __init__(self, codes, cases):
        self.codes = codes
        self.cases = cases


def choose(singles, pairs, examined, codes):
    """The causes claimed, best first: the best pair when it beats every
    single fault, then the single faults above the threshold."""
    threshold = need(examined)
    ranked = order(singles, codes)
    best_single = len(singles[ranked[0]][0]) if ranked else 0
    chosen = []
    if pairs:
        best_pair = max(pairs, key=lambda name: (pairs[name][2], len(pairs[name][0])))
        hits, same = pairs[best_pair][0], pairs[best_pair][2]
        if (same > max(singles[name][2] for name in ranked) and len(hits) >= best_single
                and len(hits) >= threshold):
            chosen.append(Cause(best_pair.split("+"), hits))
    taken = {code for cause in chosen for code in cause.codes}
    for name in ranked:
        if len(singles[name][0]) >= threshold and name not in taken:
            chosen.append(Cause([name], singles[name][0]))
    return chosen


def write_tsv(path, rows):
    """Plain TSV, as the catalogue is read (no quoting: a sentence keeps its
    quotation marks as they are; no field holds a tab or a line break)."""
    with open(path, "w") as handle:
        for row in rows:
            handle.write("\t".join(str(field) for field in row) + "\n")


def write(path, causes, faults, examined):
    write_tsv(path, [["code", "description", "reproduced", "failures"]]
              + [[code, faults[code]["description"], len(cause.cases), examined]
                 for cause in causes for code in cause.codes])


def write_cases(path, causes):
    write_tsv(path, [["code", "case"]] + [[code, case] for cause in causes
                                           for code in cause.codes for case in cause.cases])


def lines(causes, faults, examined):
    """The `likely cause:` lines, each with the cases it explains."""
    text = []
    for cause in causes:
        for code in cause.codes:
            others = [other for other in cause.codes if other != code]
            together = " (together with %s)" % ", ".join(others) if others else ""
            text.append("likely cause: %s (%s): reproduces %d of %d failing cases%s"
                        % (faults[code]["description"], code, len(cause.cases),
                           examined, together))
        shown = ", ".join(cause.cases[:SHOWN_CASES])
        more = len(cause.cases) - SHOWN_CASES
        text.append("  explains: %s%s" % (shown, " and %d more" % more if more > 0 else ""))
    return text
