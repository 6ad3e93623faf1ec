"""A third game is one module: in a copy of the repository, the toy game of
tests/toy (its module copied to src/harness/games/toy.py, its engine
sum.c built to build/toy, its corpus to testdata/toy and its scheme to
src/mark/schemes/toy.tsv: data, no other change) is checked by
check-engine, served by the service with the game's own default visible
categories, and marked by mark."""

import csv
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from harness import paths
from harness.serve.client import Service, python_env, submit, wait_final, write_roster

TOY = Path(__file__).resolve().parent / "toy"


def copy_repository(into: Path) -> Path:
    """The repository's code (src, scripts, the Makefile, the sandbox as
    built) copied to INTO/repo, the toy game added as data; its root."""
    root = into / "repo"
    root.mkdir()
    for name in ("src", "scripts"):
        shutil.copytree(paths.ROOT / name, root / name, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(paths.ROOT / "Makefile", root / "Makefile")
    (root / "build").mkdir()
    shutil.copy2(paths.BUILD / "sandbox", root / "build" / "sandbox")  # (mtimes kept: not stale)
    shutil.copy2(TOY / "toy.py", root / "src" / "harness" / "games" / "toy.py")
    shutil.copytree(TOY / "testdata", root / "testdata" / "toy")
    shutil.copy2(TOY / "scheme.tsv", root / "src" / "mark" / "schemes" / "toy.tsv")
    subprocess.run(["cc", "-O2", "-o", str(root / "build" / "toy"), str(TOY / "sum.c")], check=True)
    return root


def sources(folder: Path, *flags: str) -> Path:
    """A submission folder holding the toy engine's source (FLAGS, -D
    options, written in as #defines: a wrong program)."""
    folder.mkdir(parents=True)
    text = "".join(f"#define {flag}\n" for flag in flags) + (TOY / "sum.c").read_text()
    (folder / "sum.c").write_text(text)
    return folder


class ThirdGameTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        subprocess.run(["make", "-s", "--no-print-directory", "-C", str(paths.ROOT), "build/sandbox"], check=True)
        cls.folder = Path(tempfile.mkdtemp(prefix="third-game."))
        cls.root = copy_repository(cls.folder)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def run_here(self, argv, **options):
        return subprocess.run(argv, cwd=self.root, capture_output=True, text=True, timeout=300,
                              env=python_env(self.root / "src"), **options)

    def test_the_registry_finds_it_there_and_only_there(self):
        listed = self.run_here(["/usr/bin/python3", "-B", "-c", "from harness import games; print(games.names())"])
        self.assertEqual(listed.stdout.strip(), "['checkers', 'draughts', 'toy']", listed.stderr)
        self.assertFalse((paths.SRC / "harness" / "games" / "toy.py").exists())

    def test_check_engine_checks_its_engine_and_a_wrong_program(self):
        right = self.run_here(["scripts/check-engine", "build/toy", "--program", "toy"])
        self.assertEqual(right.returncode, 0, right.stdout + right.stderr)
        self.assertIn("5 passed, 0 failed", right.stdout)
        self.assertEqual(right.stderr, "")
        wrong_folder = sources(self.folder / "wrong", "FAULT_NEGATIVE")
        wrong = self.run_here(["scripts/check-engine", str(wrong_folder), "--program", "toy",
                               "--output", str(self.folder / "wrong-check")])
        self.assertEqual(wrong.returncode, 1, wrong.stdout + wrong.stderr)
        self.assertIn("FAILED more/negative (stdout differs in a sum)", wrong.stdout)
        self.assertIn("4 passed, 1 failed", wrong.stdout)
        self.assertEqual(wrong.stderr, "", "a game without a catalogue of faults is no error")

    def test_the_service_takes_its_default_categories_and_refuses_others(self):
        data = self.folder / "refused"
        refused = self.run_here(["scripts/serve", "--data", str(data), "--program", "toy", "--category", "official"])
        self.assertEqual(refused.returncode, 2, refused.stderr)
        self.assertIn("--program toy has no category 'official' (there are: examples more)", refused.stderr)
        self.assertFalse(data.exists())
        service_data = self.folder / "service"
        service_data.mkdir()
        tokens = write_roster(str(service_data), ["tia"])
        service = Service(str(service_data), ["--program", "toy", "--workers", "1", "--timeout", "5"],
                          root=self.root)
        self.addCleanup(service.stop)
        service.start()
        status, _, body = submit(service, tokens["tia"], {"sum.c": (TOY / "sum.c").read_bytes()})
        self.assertEqual(status, 202, body)
        result = wait_final(service, tokens["tia"], body["id"])
        self.assertEqual((result["state"], result["compiled"], result["passed"], result["failed"], result["total"]),
                         ("done", True, 2, 0, 2), result)

    def test_mark_marks_a_class_of_it_by_its_scheme(self):
        right = sources(self.folder / "class" / "ann")
        sources(self.folder / "class" / "bob", "FAULT_NEGATIVE")
        output = self.folder / "marked"
        marked = self.run_here(["scripts/mark", "--program", "toy", "--memcheck", "0", "--output", str(output),
                                str(right), str(self.folder / "class" / "bob")])
        self.assertEqual(marked.returncode, 0, marked.stdout + marked.stderr)
        self.assertIn("mark: 2 submissions, 2 marked", marked.stdout)
        with open(output / "marks.csv", encoding="utf-8") as handle:
            rows = {row["name"]: row for row in csv.DictReader(handle)}
        self.assertEqual((rows["ann"]["state"], rows["ann"]["passed"], rows["ann"]["total"]), ("marked", "5", "5"))
        self.assertEqual((rows["bob"]["passed"], rows["bob"]["total"]), ("4", "5"))
        self.assertEqual((rows["bob"]["more_score"], rows["bob"]["more_max"]), ("2.00", "3.00"))
        self.assertEqual(float(rows["ann"]["final_mark"]), 5.0)   # (the scheme: examples 2, more 3)
        self.assertEqual(float(rows["bob"]["final_mark"]), 4.0)   # (2 + 3 x 2/3)


if __name__ == "__main__":
    unittest.main()
