# workflow-broken-engine.bats -- check-engine, run on deliberately broken
# copies of our own engine, reports exactly the categories that must fail.
#
# No test hook in the engine: each variant is a copy of src/ under
# build/broken/VARIANT, patched with sed (the test fails if the patch no
# longer applies). Which cases must fail is derived from the goldens and
# the rules, never from a run of the broken engine. A case whose fate under
# a variant cannot be told from its golden is left out of that variant's
# sample, so that the claim "exactly these categories" is decidable.

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
    all=$BATS_TEST_TMPDIR/all
    corpus_list testdata/checkers > "$all"
}

# build_variant VARIANT FILE SED-ARGS...: patches a copy of src/FILE, builds
# it, and copies the program to $BATS_TEST_TMPDIR/VARIANT. The lock keeps
# two `make check` runs from building one variant at the same time.
build_variant() {
    local variant=$1 file=$2 dir=build/broken/$1
    shift 2
    mkdir -p build/broken
    (
        flock 9
        rm -rf "$dir" && mkdir -p "$dir" && cp -R src/checkers "$dir/src"
        sed -i "$@" "$dir/src/$file"
        diff "src/checkers/$file" "$dir/src/$file" > "$BATS_TEST_TMPDIR/$variant.patch" &&
            { echo "the patch of $variant changed nothing in src/$file" >&2; exit 1; }
        "${CC:-cc}" -std=c11 -O0 -o "$dir/checkers" "$dir"/src/*.c
        cp "$dir/checkers" "$BATS_TEST_TMPDIR/$variant"
    ) 9> "build/broken/$variant.lock"
}

# ids_whose_golden PATTERN: the ids of the cases whose expected stdout has
# a line matching the extended regular expression.
ids_whose_golden() {
    (cd testdata/checkers && grep -rlE --include='*.out' -e "$1" . | sed 's|^\./||; s|\.out$||' |
        LC_ALL=C sort)
}

# check_variant VARIANT MUST_FAIL MAY_FAIL: the ids in file MUST_FAIL are
# the cases that must fail; those in MAY_FAIL cannot be decided and are
# left out; every other case must pass. Runs check-engine on up to three
# cases of each kind per category and compares its report with that.
check_variant() {
    local variant=$1 must_fail=$2 may_fail=$3 sample=$BATS_TEST_TMPDIR/sample
    local must_pass=$BATS_TEST_TMPDIR/must-pass
    LC_ALL=C sort -u "$must_fail" "$may_fail" | LC_ALL=C comm -23 "$all" - > "$must_pass"
    first_per_category 3 < "$must_fail" > "$sample.fail"
    first_per_category 3 < "$must_pass" > "$sample.pass"
    local expected passed failed
    expected=$(cut -d/ -f1 "$sample.fail" | LC_ALL=C sort -u)
    [[ -n $expected ]] || fail "no case in the corpus shows what $variant breaks"
    [[ -n $(cut -d/ -f1 "$sample.pass" | LC_ALL=C sort -u | LC_ALL=C comm -23 - <(echo "$expected")) ]] ||
        fail "every category is expected to fail under $variant: nothing to tell apart"
    cat "$sample.fail" "$sample.pass" | copy_cases "$cases"
    passed=$(wc -l < "$sample.pass") failed=$(wc -l < "$sample.fail")

    run scripts/check-engine "$BATS_TEST_TMPDIR/$variant" --profile strict --cases "$cases" \
        --output "$BATS_TEST_TMPDIR/out" --show 1
    assert_failure 1
    assert_equal "$(failed_categories)" "$expected"
    assert_equal "${lines[-1]}" "$passed passed, $failed failed (profile strict)"
}

@test "broken engine: error checks 5 and 6 swapped fail exactly the cases of error 5" {
    # The opponent's-piece check moved after the legality check. Any source
    # holding the opponent's piece is also illegal for the side to move, so
    # every golden ending in error 5 now gets error 6; for every other case
    # condition 5 is false and the order of the two checks cannot matter.
    build_variant swap-errors-5-6 action_check.c \
        -e '/if (board->occupied_by\[opponent_of(side)\] & cell_bit(action->source))/{N;N;h;d}' \
        -e '/return ERROR_ILLEGAL_ACTION;/{n;G}'
    grep -A4 'is_legal(board, side, \*action)' "build/broken/swap-errors-5-6/src/action_check.c" |
        grep -q 'ERROR_OPPONENTS_PIECE' || fail "the checks were not swapped: $(cat "$BATS_TEST_TMPDIR/swap-errors-5-6.patch")"
    ids_whose_golden "^ERROR: Source cell holds opponent's piece/tower\.$" > "$BATS_TEST_TMPDIR/fail"
    check_variant swap-errors-5-6 "$BATS_TEST_TMPDIR/fail" /dev/null
    assert_output --partial "-ERROR: Source cell holds opponent's piece/tower."
    assert_output --partial '+ERROR: Illegal action.'
}

@test "broken engine: the root tie-break reversed fails every game computed from the setup" {
    # The root now keeps the right-most of the best children. From the
    # setup black has 7 moves, all costing 0 at depth 3 (white always has a
    # reply that exposes nothing, and black cannot lose a piece on its own
    # move), so the computed action #1 changes. Cases with no computed
    # action never reach the tie-break; other computed actions may or may
    # not have a tie, which their goldens cannot tell, so they are left out.
    build_variant tie-break-right-most search.c \
        -e 's/if (better_for(side, children\[i\].cost, children\[best\].cost))/if (!better_for(side, children[best].cost, children[i].cost))/'
    ids_whose_golden '^\*\*\* BLACK ACTION #1:' > "$BATS_TEST_TMPDIR/fail"
    ids_whose_golden '^\*\*\* ' > "$BATS_TEST_TMPDIR/undecided"
    check_variant tie-break-right-most "$BATS_TEST_TMPDIR/fail" "$BATS_TEST_TMPDIR/undecided"
    assert_output --regexp 'stdout: first difference at line [0-9]+, in BLACK ACTION #1: '
}

# bats test_tags=slow
@test "broken engine: no promotion fails every case whose golden shows a tower" {
    # A golden that shows a tower (B or W) needed a promotion, which never
    # happens now. One with no tower and no computed action replays the
    # same boards; a computed action may have weighed a promotion in its
    # look-ahead without playing it, which the golden cannot tell: left out.
    build_variant no-promotion rules.c \
        -e 's/} else if (target & FAR_ROW\[side\]) {/} else if (0 \&\& (target \& FAR_ROW[side])) {/'
    ids_whose_golden '\| [BW] \|' > "$BATS_TEST_TMPDIR/fail"
    ids_whose_golden '^\*\*\* ' | LC_ALL=C comm -23 - "$BATS_TEST_TMPDIR/fail" > "$BATS_TEST_TMPDIR/undecided"
    check_variant no-promotion "$BATS_TEST_TMPDIR/fail" "$BATS_TEST_TMPDIR/undecided"
}
