"""The hashes a mark is keyed on (harness.hashes, harness.check.checking_code)
are the bytes of the shell pipelines they replaced, so that a class marked
before keeps its keys: each is compared with that pipeline, run here."""

import subprocess
import tempfile
import unittest
from pathlib import Path

from harness import hashes, paths
from harness.check import checking_code


def shell(script: str, folder: Path) -> str:
    return subprocess.run(["bash", "-c", script], cwd=folder, check=True, capture_output=True,
                          text=True).stdout.strip()


TREE = "find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum -- | sha256sum | cut -d' ' -f1"


class TreeHashTest(unittest.TestCase):
    def test_same_as_the_pipeline(self):
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            (folder / "b").mkdir()
            (folder / "b" / "x.c").write_bytes(b"int main(void) { return 0; }\n")
            (folder / "B.txt").write_text("upper first in C order\n")
            (folder / "a b.c").write_text("a space\n")
            (folder / "link").symlink_to("B.txt")
            self.assertEqual(hashes.tree_hash(folder), shell(TREE, folder))

    def test_a_byte_changes_it(self):
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            (folder / "a").write_text("1")
            before = hashes.tree_hash(folder)
            (folder / "a").write_text("2")
            self.assertNotEqual(hashes.tree_hash(folder), before)


class CheckingCodeTest(unittest.TestCase):
    def test_the_list_leaves_out_tests_docs_pages_and_feedback(self):
        listed = checking_code.listed(paths.ROOT)
        self.assertIn("Makefile", listed)
        self.assertIn("src/harness/check/engine.py", listed)
        self.assertIn("src/draughts-judge/main.c", listed)
        for name in listed:
            self.assertNotIn("/tests/", name)
            self.assertFalse(name.endswith(".md"), name)
            self.assertFalse(name.startswith(("src/harness/mark/report/", "src/test-lib/")), name)
        self.assertNotIn("scripts/feedback", listed)

    def test_the_list_is_the_finds(self):
        find = ("find Makefile scripts src -type f ! -path '*/tests/*' ! -path 'src/test-lib/*' ! -name '*.md' "
                "! -path '*/__pycache__/*' ! -path 'src/harness/mark/report/*' ! -path 'src/mark/schemes/*' "
                "! -path 'src/harness/mark/feedback/*' ! -path scripts/feedback -print0 | LC_ALL=C sort -z | tr '\\0' '\\n'")
        self.assertEqual(checking_code.listed(paths.ROOT), shell(find, paths.ROOT).split("\n"))

    def test_the_hash_is_the_pipelines(self):
        listed = checking_code.listed(paths.ROOT)
        script = "xargs -d '\\n' -r sha256sum -- | sha256sum | cut -d' ' -f1"
        expected = subprocess.run(["bash", "-c", script], cwd=paths.ROOT, input="\n".join(listed) + "\n",
                                  check=True, capture_output=True, text=True).stdout.strip()
        self.assertEqual(checking_code.code_hash(paths.ROOT), expected)
