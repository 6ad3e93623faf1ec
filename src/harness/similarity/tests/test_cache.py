"""cache.py and structural.kept: a submission's Structure is made once
and read back the same; any change to its files is a new key; an entry
that cannot be read is made again."""
import os
import tempfile
import unittest
from unittest import mock

from harness.similarity import cache, structural

PROGRAM = """#include <stdio.h>
int twice(int x) { return x + x; }
int main(void)
{
    int total = 0;
    for (int i = 0; i < 10; i++) {
        if (i % 3 == 0) { total += twice(i); } else { total -= i; }
        while (total > 100) { total = total / 2; }
    }
    printf("%d\\n", total);
    return 0;
}
"""


class CacheTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.TemporaryDirectory()
        self.folder = os.path.join(self.work.name, "student")
        self.store = os.path.join(self.work.name, "cache")
        os.makedirs(self.folder)
        self.write(PROGRAM)
        self.keep = (self.store, cache.code_salt())

    def tearDown(self):
        self.work.cleanup()

    def write(self, text, name="main.c"):
        with open(os.path.join(self.folder, name), "w", encoding="utf-8") as handle:
            handle.write(text)

    def test_a_rerun_reads_the_same_structure_without_parsing(self):
        first = structural.kept(self.folder, ["main.c"], self.keep)
        self.assertGreater(len(first.fingerprints), 3)
        with mock.patch.object(structural, "one", side_effect=AssertionError("parsed again")):
            again = structural.kept(self.folder, ["main.c"], self.keep)
        self.assertEqual(again, first)

    def test_a_changed_file_or_header_is_a_new_key(self):
        before = cache.key_of(self.keep[1], self.folder, ["main.c"])
        self.assertEqual(cache.key_of(self.keep[1], self.folder, ["main.c"]), before)
        self.write(PROGRAM.replace("i % 3", "i % 4"))
        changed = cache.key_of(self.keep[1], self.folder, ["main.c"])
        self.assertNotEqual(changed, before)
        self.write("#define N 3\n", "extra.h")
        self.assertNotEqual(cache.key_of(self.keep[1], self.folder, ["main.c"]), changed)
        self.assertNotEqual(cache.key_of("other code", self.folder, ["main.c"]), before)

    def test_an_entry_that_cannot_be_read_is_made_again(self):
        first = structural.kept(self.folder, ["main.c"], self.keep)
        key = cache.key_of(self.keep[1], self.folder, ["main.c"])
        with open(os.path.join(self.store, key + ".json"), "w", encoding="utf-8") as handle:
            handle.write("{not json")
        self.assertEqual(structural.kept(self.folder, ["main.c"], self.keep), first)
        self.assertEqual(cache.load(self.store, key), first)

    def test_no_cache_stores_nothing(self):
        structural.kept(self.folder, ["main.c"], None)
        self.assertFalse(os.path.exists(self.store))


if __name__ == "__main__":
    unittest.main()
