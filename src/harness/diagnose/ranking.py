"""Ranking faults by the failing cases each reproduces, the causes chosen
greedily, the thresholds below which no cause is claimed, and what is
written and printed.

Greedy: the first cause is the fault reproducing the most failing cases;
the next, the fault adding the most cases no cause above explains; and so
on. Thresholds: the first cause reproduces at least a quarter of the
failing cases examined (SHARE); each following one adds at least 6% of
them, and at least two cases (NEXT_SHARE, NEXT_LEAST). A program with a
fault outside the catalogue meets a catalogued fault now and then where
both go wrong the same way: measured, at most 19.4% of its failures for a
first cause, 5.1% for a following one, but for a search of depth 2 with
search-depth-2 left out of the catalogue: search-depth-4, 25.6% (and 7.7%
next). See README.md for the figures (thresholds.py measures them)."""
import math

SHARE = 0.25
NEXT_SHARE = 0.06
NEXT_LEAST = 2
PAIR_CANDIDATES = 3
SHOWN_CASES = 5
BEYOND = ("; beyond the handout: all these cases rest on a decision of the course's notes "
          "that the assignment leaves open (the strict profile's cases)")


def need(examined):
    """The cases the first cause must reproduce."""
    return max(1, math.ceil(SHARE * examined))


def need_next(examined):
    """The cases each following cause must add to those above it."""
    return max(NEXT_LEAST, math.ceil(NEXT_SHARE * examined))


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
    """Codes claimed together (one, or a pair), every examined case they
    reproduce, and the cases they add to the causes above them."""

    def __init__(self, codes, cases, adds=None):
        self.codes = codes
        self.cases = cases
        self.adds = list(cases) if adds is None else adds
        # every case it reproduces is strict-only: it goes against a
        # decision of NOTES.md, not of the handout (set by mark_beyond)
        self.beyond = False


def mark_beyond(causes, strict_only):
    """Each cause whose cases are all in STRICT_ONLY (ids) marked beyond
    the handout."""
    for cause in causes:
        cause.beyond = bool(cause.cases) and all(case in strict_only for case in cause.cases)


def best_pair(singles, pairs, ranked, threshold):
    """The pair claimed before the single faults, or None: it gives the
    program's very output on more cases than any single fault, and
    reproduces as many cases as the best single one."""
    if not pairs:
        return None
    best_single = len(singles[ranked[0]][0]) if ranked else 0
    name = max(pairs, key=lambda pair: (pairs[pair][2], len(pairs[pair][0])))
    hits, same = pairs[name][0], pairs[name][2]
    if (same > max((singles[single][2] for single in ranked), default=0)
            and len(hits) >= best_single and len(hits) >= threshold):
        return Cause(name.split("+"), hits)
    return None


def choose(singles, pairs, examined, codes, least=None):
    """The causes claimed, greedily: the best pair when it beats every
    single fault; then the fault reproducing the most cases not yet
    explained, and so on, while what it adds reaches the threshold
    (need() for the first cause, need_next() for the following ones;
    LEAST(FIRST): another's, as thresholds.py's none)."""
    if least is None:
        def least(first):
            return need(examined) if first else need_next(examined)
    ranked = order(singles, codes)
    chosen = []
    pair = best_pair(singles, pairs, ranked, least(True))
    if pair is not None:
        chosen.append(pair)
    explained = {case for cause in chosen for case in cause.cases}
    left = [name for name in ranked if name not in {code for c in chosen for code in c.codes}]
    while left:
        # (max keeps the first of equals: ranked's order breaks ties)
        name = max(left, key=lambda single: sum(case not in explained
                                                for case in singles[single][0]))
        adds = [case for case in singles[name][0] if case not in explained]
        if len(adds) < least(not chosen):
            break
        chosen.append(Cause([name], singles[name][0], adds))
        explained.update(adds)
        left.remove(name)
    return chosen


def write_tsv(path, rows):
    """Plain TSV, as the catalogue is read (no quoting: a sentence keeps its
    quotation marks as they are; no field holds a tab or a line break)."""
    with open(path, "w") as handle:
        for row in rows:
            handle.write("\t".join(str(field) for field in row) + "\n")


def write(path, causes, faults, examined):
    """causes.tsv: a row per code; `reproduced` all the examined cases the
    cause reproduces, `adds` those no cause above it explains, `example`
    the first of those."""
    write_tsv(path, [["code", "description", "reproduced", "failures", "adds", "example",
                      "beyond_handout"]]
              + [[code, faults[code]["description"], len(cause.cases), examined,
                  len(cause.adds), cause.adds[0] if cause.adds else "", "yes" if cause.beyond else "no"]
                 for cause in causes for code in cause.codes])


def write_cases(path, causes):
    """causes-cases.tsv: the cases each cause adds (each failing case under
    the first cause that explains it)."""
    write_tsv(path, [["code", "case"]] + [[code, case] for cause in causes
                                           for code in cause.codes for case in cause.adds])


def lines(causes, faults, examined, examples=None):
    """The `likely cause:` lines, each with the cases it adds and one of
    them worked (EXAMPLES: {case: what the program did there})."""
    text = []
    for rank, cause in enumerate(causes):
        for code in cause.codes:
            others = [other for other in cause.codes if other != code]
            together = " (together with %s)" % ", ".join(others) if others else ""
            beyond = (", %d of them not explained above" % len(cause.adds)
                      if rank and len(cause.adds) < len(cause.cases) else "")
            handout = BEYOND if cause.beyond else ""
            text.append("likely cause: %s (%s): reproduces %d of %d failing cases%s%s%s"
                        % (faults[code]["description"], code, len(cause.cases),
                           examined, beyond, together, handout))
        shown = ", ".join(cause.adds[:SHOWN_CASES])
        more = len(cause.adds) - SHOWN_CASES
        text.append("  explains: %s%s" % (shown, " and %d more" % more if more > 0 else ""))
        if examples and cause.adds and cause.adds[0] in examples:
            text.append("  for example: %s" % examples[cause.adds[0]])
    return text
