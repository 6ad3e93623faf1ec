"""mark's own build stopped twice by a signal (the out-of-memory killer
under the machine's load, a SIGKILL) is the marker's fault: built once
more by the one retry of harness.languages.build, and stopped again the
row's state is `stopped` (never not-compiled), its reason and marks_note
say so in plain words (marks.csv, marks.json, the submission's page), the
run exits 1, and --resume marks it again though its key is unchanged.

The stand-in compiler is a build command of the folder's own (`sh
./cc.sh`, run by the sandbox as any build is): it kills itself while its
folder's file `flag` is executable (the key is of names and bytes, so the
file's mode changes nothing but the stand-in's mind)."""

import csv
import json
import os
import subprocess
import tempfile
import unittest
from pathlib import Path

import pytest

from harness import paths

OUT_OF_SPACE = ("sandbox: out of space: the run's files together passed its 32 MiB (40 MiB in its working and "
                "temporary folders, its folder's copy and the box's exchange files); the sandbox stopped the run")
STAND_IN = ("if [ -x flag ]; then kill -9 $$; fi\n"
            "printf '#!/bin/sh\\necho built\\n' > program && chmod +x program\n")


class StoppedMarkingTest(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory(prefix="stopped-marking.")
        self.addCleanup(tmp.cleanup)
        os.chmod(tmp.name, 0o755)  # (as root the program runs as a uid of its own)
        self.root = Path(tmp.name)
        self.student = self.root / "class" / "alice"
        self.student.mkdir(parents=True)
        (self.student / "main.c").write_text("int main(void) { return 0; }\n")
        (self.student / "cc.sh").write_text(STAND_IN)
        (self.student / "flag").write_text("")

    def mark(self, *more):
        done = subprocess.run(["/usr/bin/python3", "-m", "harness.mark", "--category", "examples", "--memcheck", "0",
                               "--jobs", "1", "--check-jobs", "1", "--compile", "sh ./cc.sh", "--output",
                               str(self.root / "out"), *more, str(self.student)],
                              cwd=paths.ROOT, env=dict(os.environ, PYTHONPATH=str(paths.SRC)), capture_output=True,
                              text=True, timeout=600)
        with open(self.root / "out" / "marks.csv", newline="", encoding="utf-8") as handle:
            row = next(csv.DictReader(handle))
        return done, row

    @pytest.mark.slow
    def test_stopped_twice_is_not_marked_and_resume_marks_it(self):
        (self.student / "flag").chmod(0o755)
        done, row = self.mark()
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertEqual(row["state"], "stopped")
        self.assertIn("the build was stopped by the marker, not by the student's code", row["reason"])
        self.assertIn("marked again", row["reason"])
        self.assertIn("stopped twice", row["reason"])
        self.assertNotIn("does not compile", row["reason"])
        self.assertIn("not marked", row["marks_note"])
        compiled = (self.root / "out" / "submissions" / "alice" / "compile.txt").read_text()
        self.assertIn("the checker stopped the first build", compiled)  # (the one retry: twice stopped)
        document = json.loads((self.root / "out" / "marks.json").read_text())
        self.assertEqual(document["submissions"][0]["state"], "stopped")
        page = (self.root / "out" / "submissions" / "alice" / "index.html").read_text()
        self.assertIn("stopped by the marker, not by the student&#39;s code", page)
        self.assertNotIn(str(self.root), page.split("<pre", 1)[0])  # (no server path in the page's facts)

        (self.student / "flag").chmod(0o644)
        done, row = self.mark("--resume")
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertEqual((row["state"], row["compiled"]), ("marked", "yes"))
        self.assertEqual(row["marks_note"], "")


    def test_a_build_the_watch_of_its_files_stopped_is_the_programs(self):
        # the sandbox's watch of the run's files killed the build and said so last (as an ordinary user with
        # limits only; the stand-in says it itself): a second try would write as much, so it is not stopped
        # (the marker's fault) but not compiled, in plain words, built once
        (self.student / "cc.sh").write_text("cat >&2 <<'SAID'\n%s\nSAID\nkill -9 $$\n" % OUT_OF_SPACE)
        done, row = self.mark()
        self.assertEqual(row["state"], "not-compiled", done.stdout + done.stderr)
        self.assertIn("does not compile: the build wrote more than the 32 MiB its files may take", row["reason"])
        compiled = (self.root / "out" / "submissions" / "alice" / "compile.txt").read_text()
        self.assertNotIn("the checker stopped the first build", compiled)


if __name__ == "__main__":
    unittest.main()
