"""test_build_cache.py -- a class run's builds kept by their inputs
(mark-one --build-cache, harness.mark.one.build_cache): a copy of a
submission built already is given that build (the same program, the same
compile.txt and facts, no second build); a changed source, file name,
permission, command or build option is built again; a failed build is
never kept. Builds run in the sandbox, as mark-one's do. Run by make unit."""

import os
import shutil
import tempfile
import unittest
from contextlib import chdir
from pathlib import Path
from unittest import mock

from harness.languages import language_of
from harness.mark.one import build_cache, program
from harness.mark.one.facts import Facts
from harness.mark.one.options import Options

HELLO = '#include <stdio.h>\nint main(void) { puts("%s"); return 0; }\n'


class KeyTest(unittest.TestCase):
    """Every input of a build is in its key."""

    def setUp(self):
        self.dir = Path(self.enterContext(tempfile.TemporaryDirectory()))
        self.folder = self.source("a", {"main.c": HELLO % "hi", "util.h": "#define X 1\n"})
        self.inputs = build_cache.Inputs(language_of(self.folder), "", "60", True, True)

    def source(self, name, files):
        folder = self.dir / name
        folder.mkdir()
        for file, text in files.items():
            (folder / file).write_text(text, encoding="utf-8")
        return folder

    def test_the_same_files_elsewhere_have_the_same_key(self):
        copy = self.dir / "copy"
        shutil.copytree(self.folder, copy)
        self.assertEqual(build_cache.key(copy, self.inputs), build_cache.key(self.folder, self.inputs))

    def test_each_change_of_the_files_changes_the_key(self):
        before = build_cache.key(self.folder, self.inputs)
        changes = (lambda f: (f / "main.c").write_text(HELLO % "ho", encoding="utf-8"),
                   lambda f: (f / "util.h").rename(f / "other.h"),
                   lambda f: (f / "main.c").chmod(0o755),
                   lambda f: (f / "empty").mkdir(),
                   lambda f: os.symlink("main.c", f / "link.c"))
        for number, change in enumerate(changes):
            folder = self.dir / f"changed-{number}"
            shutil.copytree(self.folder, folder)
            change(folder)
            self.assertNotEqual(build_cache.key(folder, self.inputs), before, number)

    def test_each_build_option_changes_the_key(self):
        before = build_cache.key(self.folder, self.inputs)
        cpp = language_of(self.source("b", {"main.cpp": "int main() {}\n"}))
        for inputs in (build_cache.Inputs(cpp, "", "60", True, True),
                       build_cache.Inputs(self.inputs.language, "gcc -O0 -o program \"$@\"", "60", True, True),
                       build_cache.Inputs(self.inputs.language, "", "30", True, True),
                       build_cache.Inputs(self.inputs.language, "", "60", False, True),
                       build_cache.Inputs(self.inputs.language, "", "60", True, False)):
            self.assertNotEqual(build_cache.key(self.folder, inputs), before, inputs)


class CompileTest(unittest.TestCase):
    """mark-one's build (program.compile_sources) with and without the cache."""

    def setUp(self):
        self.dir = Path(self.enterContext(tempfile.TemporaryDirectory()))
        self.cache = self.dir / "cache"
        self.cache.mkdir()
        builder = mock.patch.object(program, "build_of_its_time", wraps=program.build_of_its_time)
        self.builds = self.enterContext(builder)

    def submission(self, name, text):
        sources = self.dir / name / program.SOURCES
        sources.mkdir(parents=True)
        (sources / "main.c").write_text(text, encoding="utf-8")
        return sources.parent

    def compile(self, folder, **given):
        """FOLDER compiled as mark-one does: (program's bytes, compile.txt, facts)."""
        options = Options(name=folder.name, **given)
        work = Path(self.enterContext(tempfile.TemporaryDirectory()))
        with chdir(folder):
            facts = Facts(work / "facts.tsv")
            target = program.compile_sources(language_of(program.SOURCES), options, facts, work)
            built = Path("program").read_bytes() if target else b""
            return built, Path("compile.txt").read_text(encoding="utf-8"), facts.path.read_text(encoding="utf-8")

    def test_a_copy_is_given_the_kept_build_and_a_changed_one_is_built(self):
        first = self.compile(self.submission("a", HELLO % "hi"), build_cache=str(self.cache))
        self.assertEqual(self.builds.call_count, 1)
        self.assertIn("compiled\tyes", first[2])
        self.assertEqual(self.compile(self.submission("copy", HELLO % "hi"), build_cache=str(self.cache)), first)
        self.assertEqual(self.builds.call_count, 1)
        changed = self.compile(self.submission("changed", HELLO % "ho"), build_cache=str(self.cache))
        self.assertEqual(self.builds.call_count, 2)
        self.assertNotEqual(changed[0], first[0])
        flagged = self.compile(self.submission("flagged", HELLO % "hi"), build_cache=str(self.cache),
                               compile='gcc -O0 -o program "$@"')
        self.assertEqual(self.builds.call_count, 3)
        self.assertIn("gcc -O0 -o program", flagged[1])
        self.assertEqual(len(list(self.cache.iterdir())), 3)

    def test_a_failed_build_is_never_kept(self):
        for name in ("broken", "broken-copy"):
            built, told, facts = self.compile(self.submission(name, "int main(void) { return }\n"),
                                              build_cache=str(self.cache))
            self.assertEqual(built, b"")
            self.assertIn("error", told)
            self.assertIn("state\tnot-compiled", facts)
        self.assertEqual(self.builds.call_count, 2)
        self.assertEqual(list(self.cache.iterdir()), [])

    def test_without_the_cache_every_copy_is_built(self):
        for name in ("a", "copy"):
            self.compile(self.submission(name, HELLO % "hi"))
        self.assertEqual(self.builds.call_count, 2)
        self.assertEqual(list(self.cache.iterdir()), [])


if __name__ == "__main__":
    unittest.main()
