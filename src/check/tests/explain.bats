# explain.bats -- `--explain` on both engines: standard output and the exit
# status are the same on every case of both corpora, a diagnostic stays the
# last stderr line, and the checkers explanation's exact text on chosen
# cases (the format is in src/checkers/explain.h; the draughts one's exact
# text is in src/draughts/tests/cli.bats, which the mutants and coverage runs use).
# CHECKERS and DRAUGHTS select the programs (default build/checkers and
# build/draughts).

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    checkers=${CHECKERS:-build/checkers}
    draughts=${DRAUGHTS:-build/draughts}
}

# same_both_ways ENGINE ROOT: runs every ROOT/*/*.in on stdin with and
# without --explain (same_with_explain.py, one process for them all). Fails,
# naming the cases, unless stdout is byte for byte the same, the exit status
# is the same and stderr is the "explain: " lines, all before the rest, then
# the stderr of the run without it (so a diagnostic is still the last line).
# Prints how many cases it ran.
same_both_ways() {
    /usr/bin/python3 "$BATS_TEST_DIRNAME/same_with_explain.py" "$1" "$2"
}

# explained ENGINE ARGUMENT...: the "explain: " lines a run writes.
explained() {
    local engine=$1
    shift
    "$engine" --explain "$@" 2>&1 >/dev/null | grep '^explain: '
}

# bats test_tags=slow
@test "explain: checkers, stdout and exit status unchanged by --explain on every case" {
    run same_both_ways "$checkers" testdata/checkers
    assert_success
    ((output >= 1000)) || fail "only $output checkers cases ran"
}

# bats test_tags=slow
@test "explain: draughts, stdout and exit status unchanged by --explain on every case" {
    run same_both_ways "$draughts" testdata/draughts
    assert_success
    ((output >= 500)) || fail "only $output draughts cases ran"
}

@test "explain: checkers, a tie at the root: the left-most is chosen, the later one named" {
    run explained "$checkers" < testdata/checkers/next-action/black-tie-leftmost-not-first-s13.in
    assert_success
    assert_output - <<'TEXT'
explain: BLACK ACTION #99 (A): 4 candidates in the specified order; BLACK takes the highest cost, the left-most of a tie
explain:   F3-G2 cost INT_MIN
explain:   F3-G4 cost -10 chosen, left-most of 2 tied
explain:   F3-E4 cost -10 ties, later in the order
explain:   F3-E2 cost -11
TEXT
}

@test "explain: checkers, P: one block per step, ten in all, each choosing the action played" {
    local case=testdata/checkers/play/white-tie-at-first-step-s3
    run explained "$checkers" < "$case.in"
    assert_success
    [[ $(sed -n 's/^explain:   \([A-H1-8-]*\) cost .* chosen.*/\1/p' <<<"$output") == \
        "$(sed -n 's/^\*\*\* .*: //p' "$case.out")" ]] || fail "the chosen actions are not those played"
    # (the whole text: the ten blocks, in fixtures/ as it is long)
    assert_output - < "$BATS_TEST_DIRNAME/fixtures/explain-play-white-tie-at-first-step-s3.txt"
}

@test "explain: checkers, a P that ends in a win: the last block has no candidates" {
    run explained "$checkers" < testdata/checkers/examples/win-during-P.in
    assert_success
    assert_line --index 0 --regexp '^explain: BLACK ACTION #35 \(P step 1\): 2 candidates '
    assert_line --index -1 'explain: BLACK ACTION #43 (P step 9): 0 candidates; BLACK cannot act, WHITE WIN!'
}

@test "explain: checkers, a refused action: the checks in order up to the one that fails" {
    run explained "$checkers" < testdata/checkers/official/test6.in
    assert_success
    assert_output - <<'TEXT'
explain: WHITE ACTION #2 (typed) is refused: the checks in the specified order, the first that fails reported
explain:   check 1, the source cell is inside the board: passes (G2 is inside)
explain:   check 2, the target cell is inside the board: passes (A8 is inside)
explain:   check 3, the source cell holds a piece or tower: passes (G2 holds w)
explain:   check 4, the target cell is empty: fails (A8 holds b)
TEXT
    run explained "$checkers" < testdata/checkers/error6/jump-over-empty.in
    assert_line --index 6 'explain:   check 6, the action is legal: fails (G6-E4 is not among the mover'"'"'s legal actions)'
    run explained "$checkers" < testdata/checkers/edge-input/row-thousand-digits-source.in
    assert_line --index 1 'explain:   check 1, the source cell is inside the board: fails (G<long row> is outside)'
}
