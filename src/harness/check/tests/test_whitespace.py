"""harness.check.whitespace: each kind and its line, what is not white
space, white space first and then more, and the shortcut (token_first)
never answering otherwise than the whole check (was whitespace.bats' and
whitespace-shortcut.bats' checks of src/check/whitespace-difference)."""

import random
import subprocess
import sys

import pytest

from harness import paths
from harness.check.whitespace import difference, token_first

KINDS = [
    (b"a b\nc\n", b"a b  \nc\n", "1\ttrailing-spaces\ttrailing spaces\ttrailing spaces on line 1"),
    (b"a b\n  c\n", b"a b\n   c\n", "2\tleading-spaces\tleading spaces\tleading spaces on line 2"),
    (b"a b\n  c\n", b"a b\nc\n", "2\tmissing-leading-spaces\tmissing leading spaces\tmissing leading spaces on line 2"),
    (b"x\na  b\n", b"x\na b\n", "2\tspaces-inside\tspaces inside a line\tspaces inside line 2"),
    (b"a b\nc d\n", b"a b\nc\td\n", "2\ttab\ta tab instead of spaces\ta tab instead of spaces on line 2"),
    (b"a\tb\n", b"a  b\n", "1\tspaces-for-tab\tspaces instead of a tab\tspaces instead of a tab on line 1"),
    (b"a\nb\nc\n", b"a\nb\r\nc\r\n", "2\tcr\tCR line endings\tCR line endings from line 2"),
    (b"a\nb\nc\n", b"a\nb\n\nc\n", "3\textra-blank-line\tan extra blank line\tan extra blank line at line 3"),
    (b"a\n\n\nb\n", b"a\n\nb\n", "3\tmissing-blank-line\ta missing blank line\ta missing blank line at line 3"),
    (b"a\nb\n", b"a\nb", "2\tno-final-newline\tno newline at the end\tno newline at the end (line 2)"),
    (b"a\nb", b"a\nb\n", "2\textra-final-newline\ta newline at the end\t"
                         "a newline at the end where none is expected (line 2)"),
    (b"a b\nc\n", b"a\nb\nc\n", "1\tline-broken\ta line broken in two\tline 1 broken in two"),
    (b"a\nb\nc\n", b"a b\nc\n", "1\tlines-joined\ttwo lines joined\tline 1 joined with the next"),
    (b"a\nb\nc\n", b"a\nb  \n\nc", "2\ttrailing-spaces\ttrailing spaces\ttrailing spaces on line 2"),
]


@pytest.mark.parametrize("expected, actual, line", KINDS)
def test_each_kind_and_its_line(expected, actual, line):
    found = difference(expected, actual)
    assert found is not None and not found.mixed
    assert found.tool_line() == line


@pytest.mark.parametrize("expected, actual", [
    (b"a b\n", b"a b.\n"), (b"a b\n", b"a\n"), (b"a b\n", b"a c\n"), (b"ab\n", b"a b\n"), (b"a b\n", b"ab\n"),
    (b"a b\n", b"a b\n"), (b"a\n", b"a\n\0"), (b"", b"x")])
def test_not_white_space(expected, actual):
    assert difference(expected, actual) is None


def test_white_space_first_then_more():
    found = difference(b"a\nb\nc\nd\n", b"a \nb\nc\nX\n")
    assert found.mixed and found.tool_line() == "4\t4\t1\ttrailing-spaces\ttrailing spaces\ttrailing spaces on line 1"
    assert difference(b"a\n\nb\nc\n", b"a\nb\nX\n").tool_line().startswith("4\t3\t2\tmissing-blank-line\t")
    assert difference(b"a\nb\n", b"a \nb \nc\n").tool_line().startswith("3\t3\t1\ttrailing-spaces\t")
    for expected, actual in ((b"a b\n", b"a\n"), (b"a  b\n", b"a X\n"), (b"ab\nc\n", b"a b\nX\n")):
        assert difference(expected, actual) is None


def test_shortcut_answers_as_the_whole_check():
    """Wherever token_first says a token differs first, difference() finds
    nothing; both ways are taken on outputs edited at random."""
    sources = sorted((paths.TESTDATA / "checkers" / "examples").glob("*.out"))
    rng = random.Random(2026)
    answered = asked = 0
    while answered + asked < 200:
        expected = rng.choice(sources).read_bytes()
        text = bytearray(expected)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            byte = rng.choice(b" \t\r\n\x0b\x0cAx.|")
            edit = rng.randrange(3)
            if edit == 0:
                text[at:at] = bytes([byte])
            elif at < len(text):
                text[at:at + 1] = b"" if edit == 1 else bytes([byte])
        if bytes(text) == expected:
            continue
        if token_first(expected, bytes(text)):
            answered += 1
            assert difference(expected, bytes(text)) is None
        else:
            asked += 1
    assert answered >= 15 and asked >= 15


def test_the_command(tmp_path):
    (tmp_path / "e").write_bytes(b"a b\nc\n")
    (tmp_path / "a").write_bytes(b"a b  \nc\n")
    run = [sys.executable, "-m", "harness.check.whitespace"]
    done = subprocess.run(run + [str(tmp_path / "e"), str(tmp_path / "a")], capture_output=True, text=True,
                          env={"PYTHONPATH": str(paths.SRC)})
    assert (done.returncode, done.stdout) == (0, "1\ttrailing-spaces\ttrailing spaces\ttrailing spaces on line 1\n")
    done = subprocess.run(run + ["only-one"], capture_output=True, text=True, env={"PYTHONPATH": str(paths.SRC)})
    assert done.returncode == 2 and "usage: python3 -m harness.check.whitespace EXPECTED ACTUAL" in done.stderr
    done = subprocess.run(run + [str(tmp_path / "missing")] * 2, capture_output=True, env={"PYTHONPATH": str(paths.SRC)})
    assert done.returncode == 2
