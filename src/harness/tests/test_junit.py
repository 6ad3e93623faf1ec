"""harness.junit writes the bytes src/golden/junit.awk (the golden suites'
writer) writes for the same test cases: awk is the oracle here, on texts
with XML's special characters, control characters, tabs, backslashes,
non-ASCII and undecodable bytes, files with and without a last newline."""

import subprocess
import tempfile
import unittest
from pathlib import Path

from harness import junit, paths

AWK = paths.SRC / "golden" / "junit.awk"


def field(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def by_awk(suite: str, rows: list[tuple], seconds: str) -> bytes:
    """junit.awk's report of ROWS (classname, name, verdict, message, text, file)."""
    lines = "".join("\t".join([field(part) for part in row[:5]] + [row[5]]) + "\n" for row in rows)
    return subprocess.run(["awk", "-F", "\t", "-v", f"suite={suite}", "-v", f"seconds={seconds}", "-f", str(AWK)],
                          input=lines.encode("utf-8", "surrogateescape"), capture_output=True, check=True).stdout


class SameAsAwkTest(unittest.TestCase):
    def test_the_same_bytes(self):
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            (folder / "ended").write_bytes(b"line 1\n<two> & \"three\"\n")
            (folder / "open").write_bytes(b"no newline at the end \xff")
            (folder / "empty").write_bytes(b"")
            rows = [
                ("checkers.a", "a/1", "pass", "", "", ""),
                ("checkers.a", "a/2", "fail", 'printed "nothing" <here>', "", str(folder / "ended")),
                ("checkers.a", "a/3", "fail", "crash", "", str(folder / "open")),
                ("checkers.b", "b/\\x", "fail", "a\\b\tsymptom", "text\twith\\tab\nand lines\x01\x1f\x7f", ""),
                ("checkers.b", "b/é", "skip", "not run: it hung", "", ""),
                ("checkers.c", "c/out", "pass", "", "its output\n", ""),
                ("checkers.c", "c/empty", "fail", "", "", str(folder / "empty")),
                ("checkers.c", "c/gone", "fail", "gone", "", str(folder / "missing")),
            ]
            cases = [junit.TestCase(c, n, v, m, junit.file_text(Path(f)) if f else t) for c, n, v, m, t, f in rows]
            for suite, seconds in (("checkers (profile strict)", 0), ("ann & <bo> (checkers)", 12.5), ("x", 3.0)):
                with self.subTest(suite=suite):
                    shown = junit.number(seconds)
                    self.assertEqual(junit.report(suite, cases, seconds).encode("utf-8", "surrogateescape"),
                                     by_awk(suite, rows, shown))
            self.assertEqual(junit.number(12.0), "12")

    def test_an_unknown_verdict_is_refused(self):
        with self.assertRaisesRegex(ValueError, "verdict 'error'"):
            junit.report("s", [junit.TestCase("c", "n", "error")])
