"""outliers.py -- the pairs that stand out from their own class, whatever
the threshold: each pair's modified z-score (Iglewicz and Hoaglin) over
the figures of every pair compared (a pair no comparison found anything
for counts as 0%), 0.6745 (x - median) / MAD; a pair is an outlier above
Z (3.5, their advice). The MAD is taken as at least FLOOR points, so that
in a class where most pairs share nothing a pair at a few percent is not
an outlier for that alone."""

import statistics

Z = 3.5
FLOOR = 1.0


def modified_z(figures, compared):
    """(median, MAD, function figure -> z) over figures padded with
    zeros to compared pairs."""
    values = sorted(figures) + [0.0] * max(0, compared - len(figures))
    if not values:
        return 0.0, FLOOR, lambda x: 0.0
    median = statistics.median(values)
    mad = max(statistics.median(abs(v - median) for v in values), FLOOR)
    return median, mad, lambda x: 0.6745 * (x - median) / mad


def outliers(pairs, compared):
    """(median, MAD, [(pair, z)]): the pairs whose z is above Z, the
    highest first."""
    median, mad, z_of = modified_z([p.percent() for p in pairs], compared)
    found = [(p, z_of(p.percent())) for p in pairs if z_of(p.percent()) > Z]
    return median, mad, sorted(found, key=lambda pz: -pz[1])
