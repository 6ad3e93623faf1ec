"""Each game's record against its bash file (src/games/GAME.bash) on the
real corpus: the same settings, line regions, symptoms, memory-check
cases, corpus-stats rows and fuzz dictionary; and every file and category
a record names is there."""

import pytest

from harness import cases, games, paths
from harness.tests.bash import lines, run_bash

GAMES = ("checkers", "draughts")
LOAD = 'source src/cases/cases.bash; game_load "$1"; shift; '
SETTINGS = ('printf "%s\\n" "$GAME_RUN_MODE" "$GAME_RUN_WORDS" "${GAME_PACKAGES[*]}" "$GAME_SEED_CASE" '
            '"${GAME_OOM_CASES[*]}" "${GAME_CORPUS_PIPELINE[*]}" "$GAME_JUDGE" "${GAME_JUDGE_FAULTS#"$PWD"/}" '
            '"${GAME_CORPUS_MINIMUMS[*]}" "$GAME_CORPUS_TOTAL"')


@pytest.mark.parametrize("name", GAMES)
def test_settings_as_bash(name):
    game = games.get(name)
    minimums = " ".join(f"{m.name}:{m.minimum}" for m in game.corpus_minimums)
    mine = [game.run_mode, game.run_words, " ".join(game.packages), game.seed_case, " ".join(game.oom_cases),
            " ".join(game.corpus_pipeline), game.judge, game.judge_faults, minimums,
            str(game.corpus_total)]
    assert mine == lines(run_bash(LOAD + SETTINGS, name))
    assert game.fuzz_dictionary == run_bash(LOAD + "game_fuzz_dictionary", name)


@pytest.mark.parametrize("name", GAMES)
def test_what_a_record_names_is_there(name):
    game = games.get(name)
    known = set(cases.categories(game.corpus))
    for case_id in (game.seed_case, *game.oom_cases) + ((game.handout_input,) if game.handout_input else ()):
        assert (game.corpus / f"{case_id}.in").is_file(), case_id
    assert set(game.visible_categories) <= known and game.visible_categories
    assert {c for m in game.corpus_minimums for c in m.categories} <= known
    for path in (game.judge_faults, game.corpus_pipeline[0]):
        assert path == "" or (paths.ROOT / path).is_file(), path
    # (the explanation of a difference: a function of the game's)
    assert callable(game.explain)
    assert game.fault_catalogue.is_file() and game.scheme.is_file()
    assert game.engine.parent == paths.BUILD and game.corpus == paths.TESTDATA / name
    if game.judge:
        assert run_bash('make -s -n "$1" >/dev/null && echo target', game.judge).strip() == "target"


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_line_regions_and_symptoms_as_bash(name):
    """The first and last lines (and one past the end) of a few expected
    outputs, the smallest among them."""
    game = games.get(name)
    smallest = min(cases.list_ids(game.corpus), key=lambda i: (game.corpus / f"{i}.out").stat().st_size)
    asked = []
    for case_id in [game.seed_case, *game.oom_cases[:3], smallest]:
        out = game.corpus / f"{case_id}.out"
        count = len(out.read_bytes().split(b"\n"))
        chosen = sorted(set(range(1, min(count, 45) + 1)) | set(range(max(count - 4, 1), count + 2)))
        asked += [(str(out), line) for line in chosen]
    script = LOAD + 'while (($#)); do game_line_region "$1" "$2"; shift 2; done'
    expected = lines(run_bash(script, name, *[str(x) for pair in asked for x in pair]))
    regions = [game.line_region(out, line) for out, line in asked]
    assert [f"{r.code}\t{r.words}" for r in regions] == expected
    codes = sorted({r.code for r in regions} | {"elsewhere"})
    assert len(codes) >= 4
    script = LOAD + 'for code in "$@"; do game_region_symptom "$code"; done'
    assert [game.region_symptom(code) for code in codes] == lines(run_bash(script, name, *codes))


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_memcheck_cases_as_bash(name):
    """On a third of the corpus (every third id): the same cases, in order."""
    game = games.get(name)
    ids = cases.list_ids(game.corpus)[::3]
    expected = run_bash(LOAD + 'printf "%s\\n" "${@:2}" | game_memcheck_cases "$1"', name,
                        str(game.corpus), *ids)
    assert game.memcheck_cases(game.corpus, ids) == lines(expected)
    assert len(lines(expected)) >= 4


def test_memcheck_cases_of_inputs_ending_every_way(tmp_path):
    """Draughts' inputs without a final newline: the last byte a newline,
    a letter, a NUL (which bash reads as nothing), or no byte at all."""
    game = games.get("draughts")
    endings = {"newline": b"case 1\n", "letter": b"case 1", "nul": b"case 1\n\0", "empty": b"",
               "crlf": b"case 1\r\n", "cr": b"case 1\r"}
    (tmp_path / "malformed").mkdir()
    for name, data in endings.items():
        (tmp_path / "malformed" / f"{name}.in").write_bytes(data)
        (tmp_path / "malformed" / f"{name}.out").write_bytes(b"x" * len(name))
    ids = sorted(f"malformed/{name}" for name in endings)
    expected = run_bash(LOAD + 'printf "%s\\n" "${@:2}" | game_memcheck_cases "$1"', "draughts", str(tmp_path), *ids)
    assert game.memcheck_cases(tmp_path, ids) == lines(expected)
    assert lines(expected)[4:] == ["malformed/cr", "malformed/letter"]


@pytest.mark.slow
def test_corpus_stats_rows_as_bash(tmp_path):
    """On checkers' wins and a sample of its other cases (linked): the win
    rows by side and command; draughts has none."""
    game = games.get("checkers")
    chosen = [i for i in cases.list_ids(game.corpus) if i.startswith("wins/")][::3]
    chosen += cases.list_ids(game.corpus)[::60]
    for case_id in chosen:
        for suffix in (".in", ".out"):
            target = tmp_path / f"{case_id}{suffix}"
            target.parent.mkdir(exist_ok=True)
            if not target.exists():
                target.symlink_to(game.corpus / f"{case_id}{suffix}")
    rows = game.corpus_stats_rows(tmp_path)
    assert [f"{r.row}\t{r.cases}\t{r.minimum}" for r in rows] == lines(
        run_bash(LOAD + 'game_corpus_stats_rows "$1"', "checkers", str(tmp_path)))
    assert rows[0].cases > 20 and all(r.cases > 0 for r in rows)
    assert games.get("draughts").corpus_stats_rows(tmp_path) == []


def test_judge_faults():
    draughts, checkers = games.get("draughts"), games.get("checkers")
    table = draughts.judge_fault_table()
    data_lines = [line for line in (paths.ROOT / draughts.judge_faults).read_text().split("\n")
                  if line and not line.startswith("#")]
    assert len(table) == len(data_lines) > 20
    assert draughts.judge_fault("each move line is a legal move of its node") == \
        "a move line plays a move that is not legal there"
    assert draughts.judge_fault("a rule no table has") is None
    assert checkers.judge_fault_table() == [] and checkers.path(checkers.judge) is None
