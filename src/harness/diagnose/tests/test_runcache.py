"""The run cache's key and what it keeps (src/harness/diagnose/runcache.py):
a run is keyed by the binary's bytes and the case's input, so a rebuilt
reference or another input is never answered from an old run; a hang is
not kept. (That a second diagnosis reads the kept runs is
src/diagnose/tests/run-cache.bats's.)"""
import os
import re
import shutil
import tempfile
import unittest
from unittest import mock

from harness.diagnose import runcache, runs


def script(path, text):
    with open(path, "w") as handle:
        handle.write(text)
    os.chmod(path, 0o755)


class RunCacheTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="test-runcache.")
        self.addCleanup(shutil.rmtree, self.work, True)
        script(self.path("one"), "#!/bin/sh\ncat\n")
        script(self.path("two"), "#!/bin/sh\ncat \n")
        script(self.path("hangs"), "#!/bin/sh\nsleep 5\n")
        for name, text in (("a.in", "A\n"), ("b.in", "B\n")):
            with open(self.path(name), "w") as handle:
                handle.write(text)
        self.cache = runcache.RunCache(self.path("runs"))

    def path(self, name):
        return os.path.join(self.work, name)

    def test_the_key_is_the_binarys_bytes_and_the_inputs(self):
        keys = {self.cache.key(self.path(b), self.path(i)) for b in ("one", "two") for i in ("a.in", "b.in")}
        self.assertEqual(len(keys), 4)
        self.assertEqual(self.cache.run("checkers", self.path("one"), self.path("a.in")).out, b"A\n")
        with open(self.path("one"), "a") as handle:  # the binary rebuilt: other bytes
            handle.write("# rebuilt\n")
        self.assertNotIn(self.cache.key(self.path("one"), self.path("a.in")), keys)

    def test_a_kept_run_is_read_back_not_run_again(self):
        first = self.cache.run("checkers", self.path("one"), self.path("a.in"))
        stem = os.path.join(self.path("runs"), self.cache.key(self.path("one"), self.path("a.in")))
        with open(stem + ".out", "wb") as handle:  # what the cache holds is what it answers
            handle.write(b"kept\n")
        again = self.cache.run("checkers", self.path("one"), self.path("a.in"))
        self.assertEqual((first.out, again.out, again.status), (b"A\n", b"kept\n", 0))

    def test_a_hang_is_not_kept(self):
        self.cache.run("checkers", self.path("one"), self.path("a.in"))
        with mock.patch.object(runs, "TIMEOUT", 0.5):
            hang = self.cache.run("checkers", self.path("hangs"), self.path("a.in"))
        self.assertIsNone(hang.status)
        kept = sorted(os.listdir(self.path("runs")))
        self.assertEqual(len(kept), 2, kept)
        self.assertTrue(all(re.fullmatch(r"[0-9a-f]{64}\.(out|status)", name) for name in kept), kept)

    def test_a_verdict_is_asked_once_per_judge(self):
        asked = []

        def judged(message):
            def give():
                asked.append(message)
                return message
            return give
        first = self.cache.verdict(self.path("one"), self.path("a.in"), self.path("two"), judged(b"no"))
        again = self.cache.verdict(self.path("one"), self.path("a.in"), self.path("two"), judged(b"other"))
        self.assertEqual((first, again, asked), (b"no", b"no", [b"no"]))
        accepted = self.cache.verdict(self.path("one"), self.path("b.in"), self.path("two"), judged(None))
        self.assertEqual((accepted, self.cache.verdict(self.path("one"), self.path("b.in"),
                                                       self.path("two"), judged(b"x"))), (None, None))
        # another judge (other bytes) is asked again
        other = self.cache.verdict(self.path("one"), self.path("a.in"), self.path("hangs"), judged(b"new"))
        self.assertEqual((other, asked), (b"new", [b"no", None, b"new"]))
