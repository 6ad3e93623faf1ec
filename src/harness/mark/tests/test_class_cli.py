"""The pieces of `python3 -m harness.mark` (harness.mark.cli) held to the
shell they replaced, run here as the oracle where it was a pipeline (the
folder names, the keys, the files' time, what a copy leaves out), and to
today's command line and lines."""

import io
import os
import subprocess
import tempfile
import unittest
import unittest.mock
from contextlib import redirect_stdout
from pathlib import Path

from harness.mark import worker
from harness.mark.cli import options as command_line
from harness.mark.cli import submissions
from harness.mark.cli.progress import Progress, units
from harness.mark.result_file import read_result, write_result
from harness.mark.slug import slug


def bash(script: str, *args: str) -> str:
    return subprocess.run(["bash", "-c", script, "bash", *args], check=True, capture_output=True,
                          text=True).stdout


class SlugTest(unittest.TestCase):
    SED = r"""slug=$(LC_ALL=C sed 's/[^A-Za-z0-9._-]/_/g; s/^[.-]/_/' <<<"$1")
if [[ $slug != "$1" ]]; then slug+=-$(printf '%s' "$1" | sha256sum | cut -c1-8); fi
printf '%s' "$slug" """

    def test_the_seds_bytes(self):
        for name in ["alice", "bad it's \"odd\" named", ".hidden", "-dash", "café ü", "a/b", "Zed_Zip"]:
            with self.subTest(name=name):
                self.assertEqual(slug(name), bash(self.SED, name))


class KeyTest(unittest.TestCase):
    PRINTF = r"""printf '%s\nsources=%s\n%s' "$1" "$2" "${3:+attempt=$3}" | sha256sum | cut -d' ' -f1"""

    def test_the_shells_bytes(self):
        options = command_line.parse(["--category", "official", "--category", "examples", "--timeout", "2",
                                      "--compile", "gcc 'x' *.c", "--no-sandbox", "class/a"])
        text = submissions.options_text(options, "c0ffee", "7001")
        self.assertEqual(text.split("\n")[6:9], ["categories=official examples", "excluded=", "sandbox=0"])
        for attempt in ["", "alice/attempt-2.zip"]:
            with self.subTest(attempt=attempt):
                self.assertEqual(submissions.key(text, "abc", attempt), bash(self.PRINTF, text, "abc", attempt).strip())


class CopyTest(unittest.TestCase):
    FIND = "cd \"$1\" && find . -mindepth 1 ! -type f ! -type d -printf '%P\\n'"
    NEWEST = "find \"$1\" -type f -printf '%T@\\n' | sort -n | tail -n 1"

    def test_links_and_fifos_left_behind_as_find_lists_them(self):
        with tempfile.TemporaryDirectory() as name:
            source, dest = Path(name) / "s", Path(name) / "d"
            (source / "sub" / "deeper").mkdir(parents=True)
            (source / "main.c").write_text("int main(void) { return 0; }\n")
            (source / "sub" / "run.sh").write_text("#!/bin/sh\n")
            (source / "sub" / "run.sh").chmod(0o755)
            (source / "shadow").symlink_to("/etc/shadow")
            (source / "sub" / "deeper" / "up").symlink_to("..")
            os.mkfifo(source / "sub" / "pipe")
            dest.mkdir()
            skipped = submissions.copy_tree(source, dest)
            self.assertEqual(skipped, bash(self.FIND, str(source)).split("\n")[:-1])
            self.assertEqual(sorted(p.name for p in dest.rglob("*")), ["deeper", "main.c", "run.sh", "sub"])
            self.assertTrue(os.access(dest / "sub" / "run.sh", os.X_OK))

    def test_files_time_as_find_prints_it(self):
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            self.assertEqual(submissions.files_time(name), "")
            (folder / "a").write_text("a")
            (folder / "b").write_text("b")
            os.utime(folder / "a", ns=(0, 1634169600_500000000))
            os.utime(folder / "b", ns=(0, 1634169599_000000007))
            (folder / "link").symlink_to("a")
            self.assertEqual(submissions.files_time(name), bash(self.NEWEST, name).strip())
            self.assertEqual(submissions.files_time(name), "1634169600.5000000000")


class OptionsTest(unittest.TestCase):
    def stop(self, argv):
        with self.assertRaises(command_line.Stop) as caught:
            command_line.parse(argv)
        return caught.exception

    def test_values_and_order_as_the_shell_read_them(self):
        options = command_line.parse(["a", "--compile", "-O2", "--base", "x.c", "b", "--roster", "r.csv",
                                      "--dry-run", "--base", "y.c", "--", "--not-an-option"])
        self.assertEqual(options.submissions, ("a", "b", "--not-an-option"))
        self.assertEqual(options.compile, "-O2")
        self.assertEqual(options.similarity.bases, ("x.c", "y.c"))
        self.assertEqual(options.feedback_args, ("--roster", "r.csv", "--dry-run"))

    def test_refusals(self):
        self.assertEqual(str(self.stop(["--output", ""])), "--output needs a value")
        self.assertEqual(str(self.stop(["--jobs"])), "--jobs needs a value")
        with redirect_stdout(io.StringIO()):
            self.assertEqual(self.stop(["--help"]).status, 0)
        with unittest.mock.patch("sys.stderr", io.StringIO()) as err:
            self.assertEqual(self.stop(["--frob", "a"]).status, 2)
        self.assertTrue(err.getvalue().startswith("mark: unknown option '--frob'\nusage: scripts/mark"))


class WorkerTest(unittest.TestCase):
    def test_its_command_line(self):
        options = command_line.parse(["--compare", "whitespace", "--exclude", "bench", "--no-old-standards", "a"])
        words = worker.command("/r", options, "official=9", "c0ffee")
        self.assertEqual(words[0], "/r/src/mark/mark-one")
        self.assertEqual(words[1:15], ["--program", "checkers", "--profile", "", "--compile", "", "--compile-timeout",
                                       "60", "--timeout", "10", "--memcheck", "1", "--check-jobs", "1"])
        self.assertEqual(words[15:], ["--compare", "whitespace", "--totals", "official=9", "--exclude", "bench",
                                      "--no-old-standards", "--corpus-hash", "c0ffee"])
        # (the run's kept builds, on this machine only: mark_class's run_workers)
        self.assertEqual(worker.command("/r", options, "official=9", build_cache="/tmp/b")[-2:],
                         ["--build-cache", "/tmp/b"])
        self.assertNotIn("--build-cache", words)


class ResultFileTest(unittest.TestCase):
    def test_written_then_read(self):
        with tempfile.TemporaryDirectory() as name:
            path = Path(name) / "result.tsv"
            write_result(path, [("state", "bad-archive"), ("reason", "bad archive x.zip: .."), ("passed", 3)],
                         [("official", 3, 9)])
            self.assertEqual(path.read_text(), "state\tbad-archive\nreason\tbad archive x.zip: ..\npassed\t3\n"
                                               "category\tofficial\t3\t9\n")
            read = read_result(path)
            self.assertEqual(read.fields, {"state": "bad-archive", "reason": "bad archive x.zip: ..", "passed": "3"})
            self.assertEqual(read.categories, {"official": (3, 9)})


class ProgressTest(unittest.TestCase):
    def test_a_line_per_submission(self):
        progress = Progress(4, {"bad_it_s-0123abcd": "bad it's"}, bar=False)
        progress.started -= 90
        with redirect_stdout(io.StringIO()) as out:
            progress.line("bad_it_s-0123abcd\tmarked\t20/20\t0\t3.2")
        self.assertEqual(out.getvalue(), "mark: [1/4] bad it's: marked, 20/20 passed, 0 warnings, 3.2s; ETA 4m30s\n")

    def test_on_a_terminal_the_bar_naming_the_newest_started(self):
        progress = Progress(3, {}, bar=True)
        with unittest.mock.patch("sys.stderr", io.StringIO()) as err, redirect_stdout(io.StringIO()) as out:
            progress.begun(2, "b")
            progress.begun(1, "a")
            for folder in "ab":
                progress.line(folder + "\tmarked\t1/1\t0\t1.0")
            progress.begun(3, "c")
            progress.line("c\tmarked\t1/1\t0\t1.0")
        self.assertEqual(out.getvalue(), "")
        self.assertRegex(err.getvalue(), r"\r\x1b\[7m100% 3:0=0s c +\x1b\[0m")
        self.assertRegex(err.getvalue(), r"66% 2:1=[0-9]+s b ")

    def test_units_as_parallel_shows_them(self):
        self.assertEqual([units(s) for s in (5, 125, 3725, 90125)], ["5s", "2m05s", "1h02m05s", "1d01h02m05s"])


if __name__ == "__main__":
    unittest.main()
