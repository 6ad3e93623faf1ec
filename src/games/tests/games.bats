# games.bats -- every game's file (src/games/GAME.bash) defines what
# game.bash says a game defines, and the harness asks it rather than
# branching on a game's name.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    # shellcheck source=src/games/game.bash
    source src/games/game.bash
}

# The names game.bash's header lists: GAME_* variables and game_*
# functions every game defines.
promised_names() {
    sed -n '/^#   \(GAME_\|game_\)/{s/^#   //; s/[ ,].*//; p}' src/games/game.bash
}

@test "games: each game defines every variable and function game.bash promises" {
    mapfile -t names < <(promised_names)
    ((${#names[@]} >= 10))
    mapfile -t games < <(game_names)
    assert_equal "${games[*]}" "checkers draughts"
    for game in "${games[@]}"; do
        (
            game_load "$game"
            for name in "${names[@]}"; do
                if [[ $name == game_* ]]; then
                    declare -F "$name" >/dev/null || fail "$game does not define $name"
                else
                    # (GAME_JUDGE and its faults, and GAME_PACKAGES for a
                    # handout that takes C only, may be empty: set, but to nothing)
                    [[ -n ${!name:-} ]] ||
                        { [[ $name == GAME_JUDGE* || $name == GAME_PACKAGES ]] && declare -p "$name" >/dev/null 2>&1; } ||
                        fail "$game does not set $name"
                fi
            done
            [[ $GAME_RUN_MODE == stdin || $GAME_RUN_MODE == graded ]] || fail "$game: run mode '$GAME_RUN_MODE'"
            [[ -f testdata/$game/$GAME_SEED_CASE.in ]] || fail "$game: missing file"
            [[ -z $GAME_JUDGE ]] || make -s -n "$GAME_JUDGE" >/dev/null || fail "$game: no make target $GAME_JUDGE"
            [[ -z $GAME_JUDGE || -f $GAME_JUDGE_FAULTS ]] || fail "$game: a judge without its table of faults"
            for id in "${GAME_OOM_CASES[@]}"; do
                [[ -f testdata/$game/$id.in ]] || fail "$game: no oom case $id"
            done
        )
    done
}

@test "games: a name that is no game is refused, and the choices are listed" {
    run game_load chess
    assert_failure
    run game_load game
    assert_failure
    run game_load ../games/checkers
    assert_failure
    run game_choices
    assert_output "checkers or draughts"
}

@test "games: where a line stands, as a region code and words" {
    game_load checkers
    out=testdata/checkers/examples/seed-game-P.out
    run game_line_region "$out" 3
    assert_output "$(printf 'setup\tthe setup board, before any action')"
    run game_line_region "$out" 25
    assert_output --regexp $'^action\tBLACK ACTION #1: '
    run game_region_symptom after-action
    assert_output "stdout differs after an action's block (an error or win line, or a missing action)"
    game_load draughts
    out=testdata/draughts/examples/opening.out
    run game_line_region "$out" 1
    assert_output "$(printf 'header\tcase 1, its header')"
    run game_line_region "$out" "$(grep -n '^first move:' "$out" | head -n 1 | cut -d: -f1)"
    assert_output "$(printf 'first-move\tcase 1, its first-move line')"
    run game_line_region "$out" 2
    assert_output --regexp $'^trace\tcase 1, the trace at ply '
}

@test "games: no script branches on a game's name" {
    # A comparison with a game's name (==, !=, =~, =, -eq, Python's "in"),
    # either way round, or a case/match pattern that is one: in every
    # script, Makefile and template, whatever its variable. The games'
    # adapters (src/games) are where a game is named; the engines' C and
    # the tests (which name the game they test) are not scripts.
    local q="['\"]" s='[[:space:]]'
    local game='(checkers|draughts)'
    local compare="(==|!=|=~|$s=|-eq)$s*\\(?$s*$q?$game\\b|$q$game$q$s*(==|!=)|\\bin$s*[([{]$s*$q$game$q"
    local pattern="^$s*\\(?$q?$game$q?($s*\\|[^)]*)?\\)|\\|$s*$q?$game$q?$s*\\)|^$s*case$s+$q$game$q"
    run grep -rnE "$compare|$pattern" scripts src .ci Makefile --exclude-dir=tests --exclude-dir=games \
        --exclude='*.c' --exclude='*.h' --exclude='*.md'
    assert_output ''
}
