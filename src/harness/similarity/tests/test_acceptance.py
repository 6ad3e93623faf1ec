"""Issue 44's acceptance: a class of programs written apart from each
other (the repository's own C programs, and checkers-b: a second
checkers program by another hand, in programs/) and the copies of three
of them (the checkers and the draughts engines, checkers-b) disguised at
each level 1 to 6 (disguise.py --level; at L5 and L6 7 to 10 helpers
inlined, merged or split), each copy built and run on every example to
print what its original prints; scripts/similarity at its default
threshold flags every copy against its original, no pair of independent
programs (checkers-b against the checkers engine among them: the same
game, written apart), and ranks each L6 copy above every independent
pair.

`python3 -m harness.similarity.tests.test_acceptance DIR` makes the same
class in DIR and leaves it there (the README's measurement)."""
import csv
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import pytest

from harness import paths
from harness.similarity.cli import DEFAULT_THRESHOLD
from harness.similarity.disguise import disguise_level

# Slow, all of it (make test-full only): its class builds and runs every
# disguised copy once (about 25 CPU-s), which every test reads.
pytestmark = pytest.mark.slow

# name: (folder under src, files) of the programs written apart.
INDEPENDENT = {
    "checkers": ("checkers", "*.[ch]"), "draughts": ("draughts", "*.[ch]"),
    "judge": ("draughts-judge", "*.[ch]"), "sandbox": ("sandbox", "*.[ch]"),
    "checkers-gen": ("corpus/checkers-gen", "*.[ch]"), "draughts-gen": ("corpus/draughts-gen", "*.[ch]"),
    "gen-common": ("corpus/gen-common", "*.[ch]"), "bench-games": ("corpus/bench-games", "*.[ch]"),
    "probe": ("sandbox/probe", "*.[ch]"), "hostile": ("sandbox/tests/hostile", "*.[ch]"),
    "fork-server": ("golden/fork-server", "fork_server.[ch]"), "fork-client": ("golden/fork-server", "fork_client.c"),
    "checkers-b": ("harness/similarity/tests/programs/checkers-b", "*.[ch]"),
}
# original: the game whose examples it is run on.
COPIED = {"checkers": "checkers", "draughts": "draughts", "checkers-b": "checkers"}
LEVELS = range(1, 7)
EXAMPLES = 12  # at least: every example of the game is run


def build(folder, binary):
    """Builds folder's .c files into binary, every -Wall warning an
    error; gcc's stderr if it failed."""
    done = subprocess.run(["gcc", "-std=c11", "-Wall", "-Werror", "-O1", "-o", binary] + sorted(glob.glob(os.path.join(folder, "*.c"))),
                          capture_output=True, text=True, check=False)
    return done.stderr if done.returncode else None


def prints(binary, case):
    """What binary prints (stdout) and its status on a case's input."""
    with open(case, "rb") as handle:
        done = subprocess.run([binary], stdin=handle, capture_output=True, timeout=60, check=False)
    return done.stdout, done.returncode


def make_class(folder):
    """The class in folder: {copy name: (original, level, L5's changes:
    level5.Changes, None below L5)}."""
    for name, (source, pattern) in INDEPENDENT.items():
        os.makedirs(os.path.join(folder, name))
        for path in glob.glob(str(paths.SRC / source / pattern)):
            shutil.copy(path, os.path.join(folder, name))
    shutil.copy(str(paths.SRC / "golden/fork-server/fork_server.h"), os.path.join(folder, "fork-client"))
    copies = {}
    for original in COPIED:
        for level in LEVELS:
            name = "%s-L%d" % (original, level)
            _, changes = disguise_level(os.path.join(folder, original), os.path.join(folder, name), level, level)
            copies[name] = (original, level, changes)
    return copies


class AcceptanceTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="acceptance.")
        cls.folder = os.path.join(cls.work, "class")
        cls.copies = make_class(cls.folder)
        done = subprocess.run(["scripts/similarity", "--output", os.path.join(cls.work, "report")]
                              + sorted(glob.glob(os.path.join(cls.folder, "*"))),
                              cwd=paths.ROOT, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        with open(os.path.join(cls.work, "report", "similarity.csv"), encoding="utf-8") as handle:
            cls.rows = {frozenset((r["name_a"], r["name_b"])): r for r in csv.DictReader(handle)}

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    def test_each_copy_builds_and_prints_what_its_original_prints(self):
        for original, game in COPIED.items():
            binary = os.path.join(self.work, original + ".bin")
            self.assertIsNone(build(os.path.join(self.folder, original), binary))
            cases = sorted(glob.glob(str(paths.ROOT / "testdata" / game / "examples" / "*.in")))
            self.assertGreaterEqual(len(cases), EXAMPLES)
            for level in LEVELS:
                name = "%s-L%d" % (original, level)
                copy = os.path.join(self.work, name + ".bin")
                self.assertIsNone(build(os.path.join(self.folder, name), copy), name)
                for case in cases:
                    self.assertEqual(prints(copy, case), prints(binary, case), (name, case))

    def test_each_l5_and_l6_copy_has_7_to_10_helpers_inlined_merged_or_split(self):
        for name, (_, level, changes) in self.copies.items():
            if level >= 5:
                self.assertTrue(7 <= changes.total() <= 10, (name, changes[1:]))
                self.assertGreaterEqual(min(changes.merged, changes.split), 1, (name, changes[1:]))

    def score(self, a, b):
        row = self.rows.get(frozenset((a, b)))
        return (float(row["percent"]), row["above"]) if row else (0.0, "no")

    def test_every_copy_is_flagged_against_its_original(self):
        for name, (original, _, _) in self.copies.items():
            percent, above = self.score(name, original)
            self.assertGreaterEqual(percent, DEFAULT_THRESHOLD, name)
            self.assertEqual(above, "yes", name)

    def independent_scores(self):
        names = sorted(INDEPENDENT)
        return {(a, b): self.score(a, b) for i, a in enumerate(names) for b in names[i + 1:]}

    def test_no_independent_pair_is_flagged(self):
        flagged = {pair: s for pair, s in self.independent_scores().items() if s[1] == "yes"}
        self.assertEqual(flagged, {})

    def test_each_l6_copy_ranks_above_every_independent_pair(self):
        ceiling = max(percent for percent, _ in self.independent_scores().values())
        for original in COPIED:
            self.assertGreater(self.score("%s-L6" % original, original)[0], ceiling)


if __name__ == "__main__":
    if len(sys.argv) == 2:
        for copy_name, (_, _, made) in sorted(make_class(sys.argv[1]).items()):
            print(copy_name, "" if made is None else "inlined %d, merged %d, split %d" % made[1:])
    else:
        unittest.main()
