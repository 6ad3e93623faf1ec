"""harness.cases against today's src/cases/cases.bash, on the real corpora
and on made-up ones: the same ids, categories, strict-only globs and
selections, in the same order."""

import itertools
import os

import pytest

from harness import cases, paths
from harness.tests.bash import lines, run_bash

CASES_BASH = "source src/cases/cases.bash; "
GAMES = ("checkers", "draughts")
# Category sets and exclusions tried with each profile (each game's own
# names, one it lacks, and none).
CATEGORY_SETS = {
    "checkers": ([], ["official", "examples"], ["malformed"], ["edge-input", "wins", "nothing"]),
    "draughts": ([], ["examples"], ["malformed", "input-forms"], ["several-cases", "official"]),
}
EXCLUDED = {"checkers": ([], ["malformed", "edge-input"]), "draughts": ([], ["examples"])}
PROFILES = ("assignment", "strict")


@pytest.mark.parametrize("game", GAMES)
def test_list_ids_as_bash(game):
    root = paths.TESTDATA / game
    expected = lines(run_bash(CASES_BASH + 'corpus_list "$1"', str(root)))
    assert len(expected) > 500
    assert cases.list_ids(root) == expected


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_select_ids_as_bash_every_profile(game):
    """Every profile x category set x exclusion, in one bash run per game:
    the same ids in the same order."""
    root = str(paths.TESTDATA / game)
    combos = list(itertools.product(PROFILES, CATEGORY_SETS[game], EXCLUDED[game]))
    script = CASES_BASH + 'root=$1; shift; while (($#)); do corpus_select_ids "$root" "$1" "$2" "$3"; ' \
                          'echo "=="; shift 3; done'
    args = [arg for profile, wanted, excluded in combos for arg in (profile, " ".join(wanted), " ".join(excluded))]
    answers = run_bash(script, root, *args).split("==\n")[:-1]
    assert len(answers) == len(combos)
    for (profile, wanted, excluded), answer in zip(combos, answers):
        mine = cases.select_ids(root, profile, wanted, excluded)
        assert mine == lines(answer), (profile, wanted, excluded)
    everything = cases.select_ids(root, "strict")
    assert everything == cases.list_ids(root)
    assert len(cases.select_ids(root, "assignment")) < len(everything)


@pytest.mark.parametrize("game", GAMES)
def test_categories_strict_only_and_unknown_as_bash(game):
    root = str(paths.TESTDATA / game)
    script = CASES_BASH + ('corpus_categories "$1"; echo ==; corpus_strict_only_globs "$1"; echo ==; '
                           'corpus_strict_only "$1"; echo ==; corpus_unknown_categories "$1" official nothing examples')
    categories, globs, strict, unknown = run_bash(script, root).split("==\n")
    assert cases.categories(root) == lines(categories)
    assert [f"{g.decision}\t{g.glob}" for g in cases.strict_only_globs(root)] == lines(globs)
    assert cases.strict_only(root) == lines(strict)
    assert cases.unknown_categories(root, ["official", "nothing", "examples"]) == lines(unknown)


def make_corpus(root, names, strict_only=None):
    for name in names:
        path = root / f"{name}.in"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x\n")
    if strict_only is not None:
        (root / "strict-only").write_text(strict_only)


def test_made_up_corpus_as_bash(tmp_path):
    """Links, a hidden folder, names that sort differently byte by byte,
    glob text with regex characters, a glob before any block, no final
    newline."""
    root = tmp_path / "corpus"
    make_corpus(root, ["b/Z", "b/a", "a.b/x", "a.b/y(1)", "ab/x", ".hidden/x", "c/x+y", "B/x"],
                "# comment\n  \nab/*\n== one: words\na.b/y(1)\n== two:\nc/x+y")
    os.symlink(root / "b" / "a.in", root / "b" / "link.in")
    os.symlink("nowhere.in", root / "b" / "broken.in")
    (root / "c" / "notacase.out").write_text("")
    (root / "d").mkdir()
    os.symlink(root / "b", root / "d" / "folder-link.in")
    script = CASES_BASH + ('corpus_list "$1"; echo ==; corpus_strict_only_globs "$1"; echo ==; '
                           'corpus_select_ids "$1" assignment "" ""; echo ==; corpus_select_ids "$1" strict "b c" "c"')
    listed, globs, assignment, strict = run_bash(script, str(root)).split("==\n")
    assert cases.list_ids(root) == lines(listed)
    assert "d/folder-link" in cases.list_ids(root) and "b/broken" in cases.list_ids(root)
    assert [f"{g.decision}\t{g.glob}" for g in cases.strict_only_globs(root)] == lines(globs)
    assert [g.decision for g in cases.strict_only_globs(root)] == ["?", "one", "two"]
    assert cases.select_ids(root, "assignment") == lines(assignment)
    assert "a.b/y(1)" not in lines(assignment) and "a.b/x" in lines(assignment)
    assert cases.select_ids(root, "strict", ["b", "c"], ["c"]) == lines(strict)


def test_no_strict_only_file_leaves_nothing_out(tmp_path):
    make_corpus(tmp_path, ["a/x", "a/y"])
    assert cases.strict_only_globs(tmp_path) == []
    assert cases.select_ids(tmp_path, "assignment", ["a"]) == ["a/x", "a/y"]


def test_expected_status_and_reason_as_bash(tmp_path):
    make_corpus(tmp_path, ["a/plain", "a/failing"])
    (tmp_path / "a" / "failing.status").write_text("2\n")
    (tmp_path / "a" / "failing.reason").write_text("why it exists\nmore\n")
    for name in ("plain", "failing"):
        prefix = str(tmp_path / "a" / name)
        status, reason = lines(run_bash(CASES_BASH + 'corpus_expected_status "$1"; corpus_reason "$1"', prefix))
        case = cases.Case(tmp_path, f"a/{name}")
        assert (str(case.expected_status()), case.reason()) == (status, reason)
    assert cases.Case(tmp_path, "a/failing").expected_status() == 2
    assert cases.Case(tmp_path, "a/plain").reason() == "(no reason recorded)"
    assert cases.Case(tmp_path, "a/plain").category == "a"


def test_describe_status_as_bash():
    statuses = [0, 1, 2, 124, 134, 137, 139, 143, 158, 162, 163, 178, 192, 193, 200]
    script = CASES_BASH + 'for s in "$@"; do corpus_describe_status "$s"; done'
    assert [cases.describe_status(s) for s in statuses] == lines(run_bash(script, *map(str, statuses)))
    assert cases.describe_status(124, "2.5") == "a hang (killed after 2.5s)"
