"""pairs.py -- every pair's figures, in two passes of sim per language.

sim's default cycle gives each run of a file to one other file only: of
four copies A, B, C, D it reports A-B, B-C, C-D and D-A, never A-C. Its
-e option compares every pair in isolation and gets them all, but its
time grows with the pairs times all the files' tokens (300 submissions:
minutes). So: one pass of sim -a over the whole class finds who resembles
whom; the submissions linked by a pair of at least half the threshold
form clusters (a run shared by a group goes to one of them, so the group
is linked), and each cluster gets its exact figures from sim -a -e over
its files alone (small: the copies of one piece of work). A pair outside
every cluster keeps the first pass's figures, which can only be lower."""

import concurrent.futures
import os

from harness.similarity.simrun import run_sim, write_texts


# A side with fewer fingerprints has no structural share: a few lines
# alike in two tiny programs are not a copy.
FEWEST = 20


def share(common, structure):
    """The percent of structure's fingerprints among the common ones;
    None without a structure or with fewer than FEWEST fingerprints."""
    if structure is None or len(structure.fingerprints) < FEWEST:
        return None
    return 100.0 * common / len(structure.fingerprints)


class Pair:
    """Two submissions of one language (a before b in the class's order):
    the tokens of each found in the other, and the runs (from a's side);
    for C, each side's Structure and the fingerprints they share
    (structural.py), None when a side has none."""

    def __init__(self, language, a, b):
        self.language, self.a, self.b = language, a, b
        self.tokens_a_in_b = self.tokens_b_in_a = 0
        self.total_a = self.total_b = 0
        self.runs = []
        self.structure_a = self.structure_b = self.common = None

    def percent_a_in_b(self):
        return 100.0 * self.tokens_a_in_b / self.total_a if self.total_a else 0.0

    def percent_b_in_a(self):
        return 100.0 * self.tokens_b_in_a / self.total_b if self.total_b else 0.0

    def token(self):
        """The token figure: the larger share, so a small submission
        copied whole into a large one still shows."""
        return min(100.0, max(self.percent_a_in_b(), self.percent_b_in_a()))

    def structural_a_in_b(self):
        return share(self.common, self.structure_a)

    def structural_b_in_a(self):
        return share(self.common, self.structure_b)

    def structural(self):
        """The structural figure, the larger share (None: tokens only)."""
        shares = [s for s in (self.structural_a_in_b(), self.structural_b_in_a()) if s is not None]
        return max(shares) if shares else None

    def percent(self):
        """The pair's figure, the one the threshold is for: the larger of
        the token and the structural figures (each sees what the other
        can miss: a file that does not parse, a disguised structure)."""
        return max(self.token(), self.structural() or 0.0)


def pairs_of(language, output, files):
    """{(index a, index b): Pair} from one sim output, files naming the
    submissions. A run's tokens count for the file it is reported for;
    the runs from a's side are kept, b's side's when a has none."""
    pairs, reverse = {}, {}
    name_of = {s.index: name for name, s in files.items()}
    for a_file, a1, a2, b_file, b1, b2, size in output.runs:
        a, b = files[a_file], files[b_file]
        first, second = sorted((a, b), key=lambda s: s.index)
        pair = pairs.setdefault((first.index, second.index), Pair(language, first, second))
        pair.total_a, pair.total_b = output.tokens[name_of[first.index]], output.tokens[name_of[second.index]]
        if a is first:
            pair.tokens_a_in_b += size
            pair.runs.append((a1, a2, b1, b2, size))
        else:
            pair.tokens_b_in_a += size
            reverse.setdefault(pair, []).append((b1, b2, a1, a2, size))
    for pair, runs in reverse.items():
        if not pair.runs:
            pair.runs = runs
    for pair in pairs.values():
        pair.runs.sort()
    return pairs


def clusters(pairs, floor):
    """The groups of submissions linked by pairs of at least floor
    percent (union-find), each a sorted list of indexes, two or more."""
    parent = {}

    def root(index):
        while parent.setdefault(index, index) != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    for (a, b), pair in pairs.items():
        if pair.token() >= floor:
            parent[root(a)] = root(b)
    groups = {}
    for index in list(parent):
        groups.setdefault(root(index), []).append(index)
    return [sorted(g) for g in groups.values() if len(g) > 1]


def compare_language(folder, submissions, language, threshold, progress):
    """Every pair's figures for one language: {(a, b): Pair}."""
    files = write_texts(folder, submissions, language)
    names = {s.index: n for n, s in files.items()}
    pairs = pairs_of(language, run_sim(language, ["-a", "-s"], sorted(files), folder), files)
    groups = clusters(pairs, threshold / 2.0)
    progress("%s: %d submissions, %d pairs with a run; %d clusters to compare pair by pair (%d submissions)"
             % (language, len(files), len(pairs), len(groups), sum(len(g) for g in groups)))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        exact = list(pool.map(lambda g: run_sim(language, ["-a", "-e", "-s"], [names[i] for i in g], folder), groups))
    for group, output in zip(groups, exact):
        members = set(group)
        for key in [k for k in pairs if k[0] in members and k[1] in members]:
            del pairs[key]
        pairs.update(pairs_of(language, output, files))
    return pairs
