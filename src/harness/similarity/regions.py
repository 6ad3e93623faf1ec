"""regions.py -- where two submissions' structures match, in their own
lines: the places (file, first and last line) of the fingerprints the
two share, merged on each side into regions of nearby lines, each region
of a paired with the region of b where most of its fingerprints are."""

from dataclasses import dataclass

GAP = 2
MOST = 60


@dataclass
class Region:
    """Lines first to last of file, and the fingerprints found there."""
    file: str
    first: int
    last: int
    values: set


def merged(places):
    """Regions from (value, Place) pairs: places of a file whose lines
    overlap or lie within GAP lines of each other are one region."""
    regions = []
    for value, place in sorted(places, key=lambda vp: (vp[1].file, vp[1].first, vp[1].last)):
        last = regions[-1] if regions else None
        if last and last.file == place.file and place.first <= last.last + GAP:
            last.last = max(last.last, place.last)
            last.values.add(value)
        else:
            regions.append(Region(place.file, place.first, place.last, {value}))
    return regions


def matching_regions(structure_a, structure_b):
    """[(region of a, region of b)]: each region of a's shared
    fingerprints with b's region holding most of them, the largest
    MOST pairs, in a's order."""
    common = structure_a.fingerprints.keys() & structure_b.fingerprints.keys()
    sides = []
    for region in merged([(v, p) for v in common for p in structure_a.fingerprints[v]]):
        across = merged([(v, p) for v in region.values for p in structure_b.fingerprints[v]])
        if across:
            sides.append((region, max(across, key=lambda r: (len(r.values), -r.first))))
    sides.sort(key=lambda s: -len(s[0].values & s[1].values))
    return sorted(sides[:MOST], key=lambda s: (s[0].file, s[0].first))
