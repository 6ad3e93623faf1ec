"""structural.py -- the structural comparison over a class (C only):
each submission's fingerprints made in worker processes (structure.py;
started before sim runs, so both use the machine's cores), the skeleton's
fingerprints (--base) and those most of the class shares taken out, and
every pair's share of fingerprints in common counted through an index
from fingerprint to submissions (no pair is compared that shares none).

A pair's structural figure is the larger of the two shares "X% of a's
fingerprints are also b's", as the token figure is: a copy padded with
dead code and unused functions still holds the whole of its original, so
the original's share stays high where a Jaccard figure (common over
either) would fall with every line added."""

import concurrent.futures
import os

from harness.similarity import cache
from harness.similarity.structure import Structure, structure_of

LANGUAGE = "c"


def files_of(submission, language=LANGUAGE):
    """The submission's files of the language, in their joined order."""
    seen = []
    for relative, _ in submission.origins.get(language, []):
        if relative not in seen:
            seen.append(relative)
    return seen


def relative_places(structure, folder):
    """The structure's places with files relative to folder, the places
    outside it (headers of the system's) dropped."""
    fingerprints, relative = {}, {}
    for value, places in structure.fingerprints.items():
        for place in places:
            if place.file and place.file not in relative:
                relative[place.file] = os.path.relpath(place.file, folder)
        kept = [p.__class__(relative[p.file], p.first, p.last) for p in places if p.file]
        kept = [p for p in kept if not p.file.startswith("..")]
        if kept:
            fingerprints[value] = kept
    structure.fingerprints = fingerprints
    return structure


def one(folder, relatives):
    """A submission's Structure, in a worker. Whatever goes wrong in the
    normal form of a program pycparser accepted is said, not raised: the
    submission is then compared by tokens only."""
    try:
        return relative_places(structure_of(folder, relatives), folder)
    except (AttributeError, TypeError, KeyError, ValueError, RecursionError) as error:
        return Structure(problems=["its structure could not be read (%s)" % type(error).__name__])


def kept(folder, relatives, keep):
    """one(folder, relatives), taken from the cache when it is there
    (keep: (the cache's folder, the code's salt), or None: no cache)."""
    if keep is None:
        return one(folder, relatives)
    key = cache.key_of(keep[1], folder, relatives)
    found = cache.load(keep[0], key)
    if found is None:
        found = one(folder, relatives)
        cache.store(keep[0], key, found)
    return found


def start(pool, submissions, bases, store_in=None):
    """Futures: ({index: Future of a Structure}, [Futures of the bases']);
    store_in: the cache's folder (cache.py), None for none."""
    keep = (store_in, cache.code_salt()) if store_in else None
    members = {s.index: pool.submit(kept, s.folder, files_of(s), keep) for s in submissions if LANGUAGE in s.lines}
    skeleton = [pool.submit(kept, os.path.dirname(os.path.abspath(p)) or ".", [os.path.basename(p)], keep)
                for p in bases if p.endswith(".c")]
    return members, skeleton


def common_limit(count):
    """Fingerprints held by more submissions than this are the class's
    common idiom (or an unannounced skeleton) and count for no pair."""
    return max(10, count // 5)


def finish(members, skeleton):
    """{index: Structure} with the skeleton's and the class's common
    fingerprints taken out."""
    structures = {index: future.result() for index, future in members.items()}
    removed = set()
    for future in skeleton:
        removed |= future.result().fingerprints.keys()
    holders = {}
    for index, found in structures.items():
        for value in found.fingerprints:
            holders.setdefault(value, []).append(index)
    removed |= {v for v, held in holders.items() if len(held) > common_limit(len(structures))}
    for found in structures.values():
        for value in removed & found.fingerprints.keys():
            del found.fingerprints[value]
    return structures


def shared_counts(structures):
    """{(a, b): fingerprints in common}, a < b, for pairs with any."""
    holders, counts = {}, {}
    for index, found in structures.items():
        for value in found.fingerprints:
            holders.setdefault(value, []).append(index)
    for held in holders.values():
        held.sort()
        for i, a in enumerate(held):
            for b in held[i + 1:]:
                counts[(a, b)] = counts.get((a, b), 0) + 1
    return counts


def add_structural(pairs, structures, submissions, make_pair):
    """Sets each pair's structural figures (pairs: {(a, b): Pair}; a pair
    sim found nothing for is made by make_pair(a, b) when it shares
    fingerprints). A pair with a side that has no fingerprints keeps None:
    it is compared by tokens only."""
    by_index = {s.index: s for s in submissions}
    for key, common in shared_counts(structures).items():
        pair = pairs.get(key) or pairs.setdefault(key, make_pair(by_index[key[0]], by_index[key[1]]))
        pair.structure_a, pair.structure_b = structures[key[0]], structures[key[1]]
        pair.common = common
    for (a, b), pair in pairs.items():
        if pair.structure_a is None and a in structures and b in structures:
            if structures[a].fingerprints and structures[b].fingerprints:
                pair.structure_a, pair.structure_b, pair.common = structures[a], structures[b], 0


def pool():
    """The worker processes (one a core)."""
    return concurrent.futures.ProcessPoolExecutor(max_workers=os.cpu_count() or 1)
