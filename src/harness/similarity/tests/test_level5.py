"""L5's merged and split helpers (merge.py, split.py, level5.py) keep
what a program prints, and the structural comparison reads the merged
and split copy as its original (specialise.py, emit.py's `*&x`)."""
import os
import random
import shutil
import subprocess
import tempfile
import unittest

import pytest

from harness.similarity import level5, merge, reshape, split
from harness.similarity.structure import containment, structure_of

PROGRAM = r"""#include <stdio.h>

static int twice(int x)
{
    int y = x * 2;
    if (y > 10) {
        y -= 3;
    }
    return y;
}

static int gap(const int *cells, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++) {
        int d = cells[i] - cells[i - 1];
        if (d > best) {
            best = d;
        }
    }
    return best;
}

static void fill(int *cells, int n)
{
    int seed = 7;
    for (int i = 0; i < n; i++) {
        seed = (seed * 31 + 11) % 97;
        cells[i] = seed;
    }
}

int main(void)
{
    int cells[12];
    int total = 0, count = 0;
    fill(cells, 12);
    for (int i = 0; i < 12; i++) {
        if (cells[i] % 2 == 0) {
            total += twice(cells[i]);
            count++;
        } else {
            total -= cells[i];
        }
    }
    printf("%d %d %d\n", total, count, gap(cells, 12));
    return 0;
}
"""


class Level5Test(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="level5.")
        self.addCleanup(shutil.rmtree, self.work, ignore_errors=True)
        self.original = os.path.join(self.work, "original")
        os.makedirs(self.original)
        with open(os.path.join(self.original, "main.c"), "w", encoding="utf-8") as handle:
            handle.write(PROGRAM)
        self.expected = self.run_program(self.original)

    def run_program(self, folder):
        """What folder's main.c prints, built with every warning an error."""
        binary = os.path.join(folder, "program")
        built = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-o", binary,
                                os.path.join(folder, "main.c")], capture_output=True, text=True, check=False)
        self.assertEqual(built.returncode, 0, built.stderr)
        return subprocess.run([binary], capture_output=True, text=True, check=True).stdout

    def changed_copy(self, name, change):
        """A copy of the program in folder name, its tree changed by
        change(nodes) -> the names of the functions it dropped."""
        folder = os.path.join(self.work, name)
        os.makedirs(folder)
        with tempfile.TemporaryDirectory() as stubs:
            files = reshape.parsed_files(self.original, stubs, [])
        nodes = files[os.path.join(self.original, "main.c")]
        dropped = change(nodes)
        with open(os.path.join(folder, "main.c"), "w", encoding="utf-8") as handle:
            handle.write(reshape.generated(PROGRAM, nodes, 3, random.Random(1), dropped))
        return folder

    def merge_once(self, nodes):
        functions = level5.functions_of(nodes)
        pairs = merge.merge_pairs(functions, 1, random.Random(1), set())
        self.assertEqual(len(pairs), 1)
        first, second = pairs[0]
        functions["merged_1"] = merge.merged(functions[first], functions[second], "merged_1")
        nodes.append(functions["merged_1"])
        merge.redirect_calls(functions, first, second, "merged_1")
        return {first, second}

    def test_merged_helpers_print_the_same(self):
        folder = self.changed_copy("merged", self.merge_once)
        self.assertEqual(self.run_program(folder), self.expected)
        with open(os.path.join(folder, "main.c"), encoding="utf-8") as handle:
            text = handle.read()
        self.assertIn("merged_1(int which", text)

    @pytest.mark.slow
    def test_every_split_prints_the_same(self):
        with tempfile.TemporaryDirectory() as stubs:
            nodes = reshape.parsed_files(self.original, stubs, [])[os.path.join(self.original, "main.c")]
        count = sum(len(split.sites(f)) for f in level5.functions_of(nodes).values())
        self.assertGreaterEqual(count, 3)
        for index in range(count):
            def change(tree, index=index):
                found = [s for f in level5.functions_of(tree).values() for s in split.sites(f)]
                site, needed = found[index]
                tree.append(split.split(site, needed, "part_1"))
                return set()
            folder = self.changed_copy("split%d" % index, change)
            self.assertEqual(self.run_program(folder), self.expected, index)

    def test_level5_merges_and_splits_within_its_budget(self):
        with tempfile.TemporaryDirectory() as stubs:
            files = reshape.parsed_files(self.original, stubs, [])
        changes = level5.level5(files, random.Random(3))
        self.assertGreaterEqual(changes.merged, 1)
        self.assertGreaterEqual(changes.split, 1)
        self.assertLessEqual(changes.total(), level5.HIGH)

    def share(self, folder):
        mine = structure_of(self.original, ["main.c"]).fingerprints
        theirs = structure_of(folder, ["main.c"]).fingerprints
        return min(containment(mine, theirs), containment(theirs, mine))

    def test_a_merged_copy_reads_as_its_original(self):
        self.assertGreaterEqual(self.share(self.changed_copy("merged", self.merge_once)), 90)

    def test_a_split_copy_reads_as_its_original(self):
        def change(tree):
            main = level5.functions_of(tree)["main"]
            site, needed = split.sites(main)[0]
            self.assertIn("total", needed)
            tree.append(split.split(site, needed, "part_1"))
            return set()
        self.assertGreaterEqual(self.share(self.changed_copy("split", change)), 90)


if __name__ == "__main__":
    unittest.main()
