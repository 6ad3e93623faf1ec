# src/checkers/tests/cli.bats -- the checkers engine's command line and I/O failures: the paths
# no golden case reaches because a case is only stdin and stdout.
# ENGINE selects the program under test (default build/checkers), so the
# coverage build runs these too.

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    engine=${ENGINE:-build/checkers}
}

@test "cli: --help prints the usage on stdout and exits 0" {
    run --separate-stderr "$engine" --help
    assert_success
    assert_line --index 0 'usage: checkers [--depth N] [--explain] < actions'
    assert_line --regexp '^  --explain  '
    [[ -z $stderr ]]
}

@test "cli: --depth 3 is the default; --depth 1 changes the decision" {
    # At depth 1 every black action here costs 0, so the left-most, D5-E4,
    # is chosen; looking three actions ahead avoids losing that piece.
    local game=$'C6-D5\nD3-C4\nA\n'
    default=$("$engine" <<<"$game")
    depth3=$("$engine" --depth 3 <<<"$game")
    depth1=$("$engine" --depth 1 <<<"$game")
    [[ $default == "$depth3" ]]
    [[ $depth1 == *'*** BLACK ACTION #3: D5-E4'* ]]
    [[ $default != *'D5-E4'* ]]
}

@test "cli: --depth accepts exactly 1..8" {
    for depth in 1 8; do
        run --separate-stderr "$engine" --depth "$depth" </dev/null
        assert_success
        assert_line --index 0 'BOARD SIZE: 8x8'
    done
}

@test "cli: on a shared stream the boards come before the diagnostic" {
    # stdout is buffered and stderr is not: the engine must flush first.
    printf 'G6-F5\ng6-f5\n' > "$BATS_TEST_TMPDIR/input"
    # shellcheck disable=SC2016 # $1 and $2 expand in the inner shell
    run bash -c '"$1" < "$2" 2>&1' _ "$engine" "$BATS_TEST_TMPDIR/input"
    assert_failure 2
    assert_line --index 42 --partial 'checkers: line 2: malformed action'
    # shellcheck disable=SC2016
    run bash -c '"$1" < / 2>&1' _ "$engine"
    assert_failure 4
    assert_line --index 21 --partial 'checkers: cannot read standard input'
}

@test "cli: a bad --depth or an unknown option exits 2 with one stderr line and no board" {
    for arguments in '--depth 0' '--depth 9' '--depth x' '--depth' '--depth 3x' '--bogus' 'file.txt'; do
        # shellcheck disable=SC2086 # the arguments are meant to split
        run --separate-stderr "$engine" $arguments </dev/null
        assert_failure 2
        assert_output ''
        [[ $stderr == checkers:* && $stderr != *$'\n'* ]] || fail "stderr for '$arguments': $stderr"
    done
}

@test "cli: an unreadable stdin exits 4 after the setup board" {
    run --separate-stderr "$engine" < /
    assert_failure 4
    assert_line --index 0 'BOARD SIZE: 8x8'
    [[ $stderr == 'checkers: cannot read standard input: '* ]]
}

@test "cli: a full stdout exits 4 and says so, however little was written" {
    [[ -w /dev/full ]] || skip "no /dev/full on this system"
    # Ten boards overflow the stdio buffer during the run; the setup board
    # alone fails only at the final flush.
    for input in P ''; do
        # shellcheck disable=SC2016 # $1 and $2 expand in the inner shell
        run --separate-stderr bash -c '"$1" > /dev/full <<<"$2"' _ "$engine" "$input"
        assert_failure 4
        [[ $stderr == 'checkers: cannot write standard output: '* ]]
    done
}

# hooked_engine: a build of the engine that fails allocations on demand
# (CHECKERS_FAIL_ALLOCATION): the engine under test when it has the hook,
# as the coverage build does, else one built here from $ENGINE_SOURCES
# (default src/checkers: the mutants set it to the mutant's sources).
hooked_engine() {
    # A run that allocates: the hook reports nothing when nothing was.
    if CHECKERS_COUNT_ALLOCATIONS=1 "$engine" <<<A 2>&1 >/dev/null |
        grep -q '^checkers: [0-9]* allocations$'; then
        echo "$engine"
        return
    fi
    cc -std=c11 -O2 -DCHECKERS_FAULT_INJECTION -o "$BATS_TEST_TMPDIR/hooked" "${ENGINE_SOURCES:-src/checkers}"/*.c
    echo "$BATS_TEST_TMPDIR/hooked"
}

# The computed actions of a stdout ("D1-E2" per line), and the ones an
# explanation on stderr chose.
played_actions() { sed -n 's/^\*\*\* .*: //p'; }
chosen_actions() { sed -n 's/^explain:   \([A-H1-8-]*\) cost .* chosen.*/\1/p'; }

@test "cli: --explain: one block per computed action, choosing what stdout plays" {
    # A, P, P ending in a win, A with no action, ties, INT_MIN, INT_MAX and
    # a single candidate between them.
    for case in examples/seed-game-A examples/seed-game-P examples/win-during-P \
        examples/win-at-A next-action/black-tie-leftmost-not-first-s13 \
        next-action/black-long-game-s56 next-action/black-single-action-s22; do
        local input=testdata/checkers/$case.in
        "$engine" --explain < "$input" > "$BATS_TEST_TMPDIR/out" 2> "$BATS_TEST_TMPDIR/err"
        cmp "testdata/checkers/$case.out" "$BATS_TEST_TMPDIR/out"
        run ! grep -v '^explain: ' "$BATS_TEST_TMPDIR/err"
        [[ $(chosen_actions < "$BATS_TEST_TMPDIR/err") == "$(played_actions < "$BATS_TEST_TMPDIR/out")" ]] ||
            fail "$case: the chosen actions are not the ones played"
        local blocks computed
        blocks=$(grep -c '^explain: [A-Z]* ACTION #' "$BATS_TEST_TMPDIR/err")
        computed=$(grep -c -e '^\*\*\* ' -e ' WIN!$' "$BATS_TEST_TMPDIR/out")
        ((blocks == computed)) || fail "$case: $blocks blocks for $computed computed actions"
    done
    run --separate-stderr "$engine" --explain < testdata/checkers/examples/win-at-A.in
    [[ $stderr == *'(A): 0 candidates; '*' cannot act, '*' WIN!' ]]
    run --separate-stderr "$engine" --explain < testdata/checkers/next-action/black-long-game-s56.in
    [[ $stderr == *' cost INT_MAX'* ]]
    run --separate-stderr "$engine" --explain < testdata/checkers/next-action/black-single-action-s22.in
    [[ $stderr == *'): 1 candidate in '* ]]
}

@test "cli: --explain on a refused action: the checks up to the one whose error stdout prints" {
    local messages=("Source cell is outside of the board." "Target cell is outside of the board."
        "Source cell is empty." "Target cell is not empty."
        "Source cell holds opponent's piece/tower." "Illegal action.")
    local input error failing count=0
    for input in testdata/checkers/error[1-6]/*.in testdata/checkers/edge-input/row-*.in; do
        "$engine" --explain < "$input" > "$BATS_TEST_TMPDIR/out" 2> "$BATS_TEST_TMPDIR/err" || true
        error=$(sed -n 's/^ERROR: //p' "$BATS_TEST_TMPDIR/out")
        [[ -n $error ]] || continue
        count=$((count + 1))
        cmp "${input%.in}.out" "$BATS_TEST_TMPDIR/out"
        grep -q '^explain: \(BLACK\|WHITE\) ACTION #[0-9]* (typed) is refused: ' "$BATS_TEST_TMPDIR/err" ||
            fail "$input: no refused block"
        # Exactly one check fails, the last, and it is the one stdout names.
        [[ $(grep -c ': fails (' "$BATS_TEST_TMPDIR/err") == 1 ]] || fail "$input: not one failing check"
        failing=$(sed -n 's/^explain:   check \([1-6]\), .*: fails (.*/\1/p' "$BATS_TEST_TMPDIR/err")
        [[ ${messages[failing - 1]} == "$error" ]] || fail "$input: check $failing fails, stdout says '$error'"
        [[ $(grep -c '^explain:   check ' "$BATS_TEST_TMPDIR/err") == "$failing" ]] ||
            fail "$input: the checks before $failing are not all listed"
    done
    ((count >= 50)) || fail "only $count refused actions"
    run --separate-stderr "$engine" --explain < testdata/checkers/edge-input/row-thousand-digits-source.in
    [[ $stderr == *'fails (G<long row> is outside)'* ]]
}

@test "cli: --explain on a shared stream: each explanation right after the boards before it" {
    # stdout to a file is buffered and stderr is not: the engine flushes
    # stdout before each explanation, of a computed action and of a refusal
    # (without either flush the explanation came first: make mutants).
    local input stdout
    for input in $'G6-F5\nA' "$(< testdata/checkers/examples/error3-source-empty.in)"; do
        stdout=$("$engine" <<<"$input") || true
        "$engine" --explain <<<"$input" > "$BATS_TEST_TMPDIR/both" 2>&1 || true
        local first before
        first=$(grep -n -m 1 '^explain: ' "$BATS_TEST_TMPDIR/both" | cut -d: -f1)
        # what stdout printed before: the boards up to the computed action's separator, or all but the error line
        before=$(grep -n -m 1 '^\*\*\* ' <<<"$stdout" | cut -d: -f1)
        before=${before:+$((before - 2))}
        assert_equal "$(head -n $((first - 1)) "$BATS_TEST_TMPDIR/both")" \
            "$(head -n "${before:--1}" <<<"$stdout")"
        assert_equal "$(grep -v '^explain: ' "$BATS_TEST_TMPDIR/both")" "$stdout"
    done
}

@test "cli: --explain with --depth explains the decision at that depth" {
    run --separate-stderr "$engine" --depth 1 --explain <<<$'C6-D5\nD3-C4\nA'
    assert_success
    local lines
    mapfile -t lines <<<"$stderr"
    [[ ${lines[1]} == 'explain:   D5-E4 cost 0 chosen, left-most of '*' tied' ]]
}

@test "cli: --explain keeps each error's status and its diagnostic as the last stderr line" {
    # Malformed: the input ends before any command, so nothing is explained.
    run --separate-stderr "$engine" --explain <<<$'G6-F5\ng6-f5\nA'
    assert_failure 2
    [[ $stderr == 'checkers: line 2: malformed action '* && $stderr != *$'\n'* ]]
    run --separate-stderr "$engine" --explain --bogus </dev/null
    assert_failure 2
    [[ $stderr == 'checkers: unknown option "--bogus" (usage: checkers [--depth N] [--explain] < actions)' ]]
    run --separate-stderr "$engine" --explain < /
    assert_failure 4
    [[ $stderr == 'checkers: cannot read standard input: '* ]]
    if [[ -w /dev/full ]]; then
        # shellcheck disable=SC2016 # $1 expands in the inner shell
        run --separate-stderr bash -c '"$1" --explain > /dev/full <<<P' _ "$engine"
        assert_failure 4
        local lines
        mapfile -t lines <<<"$stderr"
        ((${#lines[@]} > 10))
        [[ ${lines[-1]} == 'checkers: cannot write standard output: '* ]]
        [[ ${lines[-2]} == 'explain: '* ]]
    fi
}

@test "cli: --explain, out of memory in a P: the steps before explained, then the diagnostic" {
    local hooked total
    hooked=$(hooked_engine)
    total=$(CHECKERS_COUNT_ALLOCATIONS=1 "$hooked" <<<P 2>&1 >/dev/null)
    total=${total#checkers: }
    total=${total% allocations}
    ((total > 100))
    CHECKERS_FAIL_ALLOCATION=$((total / 2)) run --separate-stderr "$hooked" --explain <<<P
    assert_failure 3
    [[ $stderr == *$'\n''checkers: out of memory' ]]
    local blocks
    blocks=$(grep -c '^explain: [A-Z]* ACTION #' <<<"$stderr")
    ((blocks >= 1 && blocks == $(grep -c '^\*\*\* ' <<<"$output")))
    run ! grep -v -e '^explain: ' -e '^checkers: out of memory$' <<<"$stderr"
}

# explain_text CASE [LINES]: the --explain lines of case CASE (the first
# LINES of them).
explain_text() {
    "$engine" --explain < "testdata/checkers/$1.in" 2>&1 >/dev/null | head -n "${2:-1000}"
}

@test "cli: --explain's whole text: a white tie at INT_MIN, a black tie that is not first, one candidate, a P step" {
    # Each read against its stdout: the chosen action is the one played
    # (*** WHITE ACTION #42: H1-G2, *** BLACK ACTION #99: F3-G4, ...);
    # white takes the lowest cost, black the highest, the left-most of a
    # tie in the specified order.
    run explain_text next-action/white-tie-three-or-more-s17
    assert_output "explain: WHITE ACTION #42 (A): 12 candidates in the specified order; WHITE takes the lowest cost, the left-most of a tie
explain:   D1-E2 cost -12
explain:   H1-G2 cost INT_MIN chosen, left-most of 11 tied
explain:   A2-C4 cost INT_MIN ties, later in the order
explain:   C2-A4 cost INT_MIN ties, later in the order
explain:   D3-E4 cost INT_MIN ties, later in the order
explain:   D3-C4 cost INT_MIN ties, later in the order
explain:   H5-G6 cost INT_MIN ties, later in the order
explain:   A6-B5 cost INT_MIN ties, later in the order
explain:   A6-B7 cost INT_MIN ties, later in the order
explain:   F7-G8 cost INT_MIN ties, later in the order
explain:   H7-G8 cost INT_MIN ties, later in the order
explain:   E8-D7 cost INT_MIN ties, later in the order"
    run explain_text next-action/black-tie-leftmost-not-first-s13
    assert_output "explain: BLACK ACTION #99 (A): 4 candidates in the specified order; BLACK takes the highest cost, the left-most of a tie
explain:   F3-G2 cost INT_MIN
explain:   F3-G4 cost -10 chosen, left-most of 2 tied
explain:   F3-E4 cost -10 ties, later in the order
explain:   F3-E2 cost -11"
    run explain_text next-action/black-single-action-s22
    assert_output "explain: BLACK ACTION #55 (A): 1 candidate in the specified order; BLACK takes the highest cost, the left-most of a tie
explain:   B7-C6 cost -6 chosen"
    run explain_text examples/seed-game-P 7
    assert_output "explain: BLACK ACTION #11 (P step 1): 6 candidates in the specified order; BLACK takes the highest cost, the left-most of a tie
explain:   A6-B5 cost 0 chosen, left-most of 5 tied
explain:   C6-D5 cost 0 ties, later in the order
explain:   C6-B5 cost 0 ties, later in the order
explain:   E6-D5 cost 0 ties, later in the order
explain:   F7-G6 cost 0 ties, later in the order
explain:   H7-G6 cost -1"
}

@test "cli: --explain's whole text on refused actions: cells at the board's edges, a long row, what a cell holds, an illegal action" {
    # Each read against its stdout's ERROR line and the specified order of
    # the six checks; rows 1..8 and columns A..H are inside.
    local head='(typed) is refused: the checks in the specified order, the first that fails reported'
    run explain_text error1/column-i-first-line
    assert_output "explain: BLACK ACTION #1 $head
explain:   check 1, the source cell is inside the board: fails (I4 is outside)"
    run explain_text error1/legal-target-source-outside-deep-s4
    assert_output --partial "explain:   check 1, the source cell is inside the board: fails (B0 is outside)"
    run explain_text edge-input/row-2-pow-32-plus-6
    assert_output "explain: BLACK ACTION #1 $head
explain:   check 1, the source cell is inside the board: fails (G<long row> is outside)"
    run explain_text error2/opponent-source-target-outside-first-line-s0
    assert_output "explain: BLACK ACTION #1 $head
explain:   check 1, the source cell is inside the board: passes (B1 is inside)
explain:   check 2, the target cell is inside the board: fails (C0 is outside)"
    run explain_text error2/empty-source-target-outside-deep-s0
    assert_output --partial "explain:   check 1, the source cell is inside the board: passes (D8 is inside)
explain:   check 2, the target cell is inside the board: fails (D9 is outside)"
    run explain_text error4/capture-landing-occupied-after-promotion-s12
    assert_output --partial "explain: WHITE ACTION #16 $head
explain:   check 1, the source cell is inside the board: passes (E6 is inside)
explain:   check 2, the target cell is inside the board: passes (G8 is inside)
explain:   check 3, the source cell holds a piece or tower: passes (E6 holds w)
explain:   check 4, the target cell is empty: fails (G8 holds b)"
    run explain_text error6/jump-over-empty
    assert_output "explain: BLACK ACTION #1 $head
explain:   check 1, the source cell is inside the board: passes (G6 is inside)
explain:   check 2, the target cell is inside the board: passes (E4 is inside)
explain:   check 3, the source cell holds a piece or tower: passes (G6 holds b)
explain:   check 4, the target cell is empty: passes (E4 is empty)
explain:   check 5, the source cell holds the mover's own piece or tower: passes (G6 holds b)
explain:   check 6, the action is legal: fails (G6-E4 is not among the mover's legal actions)"
}
