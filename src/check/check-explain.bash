# shellcheck shell=bash
# check-explain.bash -- a failed case explained in the game's own terms,
# from the reference engine's --explain lines (no second search here):
# src/check/explain-failure runs it for a person, check-worker in its own
# process for every failure (a process less per failure). Needs the game
# loaded (src/games/game.bash's game_load: GAME_EXPLAIN_AWK).

# explain_failure REFERENCE INPUT EXPECTED ACTUAL LINE: a few plain lines
# that explain the first difference (at line LINE) between EXPECTED, the
# reference's stdout on INPUT, and ACTUAL, another program's; nothing when
# there is nothing to add.
explain_failure() {
    local reference=$1 input=$2 expected=$3 actual=$4 line=$5
    [[ -x $reference ]] || return 0
    { LC_ALL=C timeout 20 "$reference" --explain < "$input" 2>&1 >/dev/null || true; } |
        { LC_ALL=C grep '^explain: ' || true; } |
        LC_ALL=C awk -v stop="$line" -f "$GAME_EXPLAIN_AWK" /dev/stdin "$expected" "$actual"
}
