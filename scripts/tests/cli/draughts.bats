# cli/draughts.bats -- the draughts engine's command line and I/O failures:
# the grader's form (INPUT OUTPUT) and the paths no golden case reaches,
# because a golden case is only stdin and stdout.
# ENGINE selects the program under test (default build/draughts), so the
# coverage build and the mutants run these too.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    engine=${ENGINE:-build/draughts}
    examples=testdata/draughts/examples
}

@test "draughts: INPUT OUTPUT writes the trace to OUTPUT and nothing to stdout" {
    run --separate-stderr "$engine" "$examples/opening.in" "$BATS_TEST_TMPDIR/output.txt"
    assert_success
    assert_output ''
    [[ -z $stderr ]]
    cmp "$examples/opening.out" "$BATS_TEST_TMPDIR/output.txt"
}

@test "draughts: INPUT alone writes the trace to stdout" {
    "$engine" "$examples/handout-case5.in" > "$BATS_TEST_TMPDIR/stdout"
    cmp "$examples/handout-case5.out" "$BATS_TEST_TMPDIR/stdout"
}

@test "draughts: the grader's form in the grader's directory: input.txt output.txt" {
    cp "$examples/several-cases-crlf-blank-lines.in" "$BATS_TEST_TMPDIR/input.txt"
    local program
    program=$(realpath "$engine")
    (cd "$BATS_TEST_TMPDIR" && "$program" input.txt output.txt)
    cmp "$examples/several-cases-crlf-blank-lines.out" "$BATS_TEST_TMPDIR/output.txt"
}

@test "draughts: malformed input keeps the earlier cases complete in OUTPUT, exit 2" {
    run --separate-stderr "$engine" "$examples/malformed-piece-on-light-square.in" "$BATS_TEST_TMPDIR/out.txt"
    assert_equal "$status" 2
    cmp "$examples/malformed-piece-on-light-square.out" "$BATS_TEST_TMPDIR/out.txt"
    [[ $stderr == 'draughts: line 16: '* ]]
}

@test "draughts: three arguments are a usage error: one stderr line, exit 2" {
    run --separate-stderr "$engine" a b c
    assert_equal "$status" 2
    assert_output ''
    [[ -n $stderr && $stderr != *$'\n'* ]]
}

@test "draughts: an input that cannot be opened: one stderr line naming it, exit 4" {
    run --separate-stderr "$engine" "$BATS_TEST_TMPDIR/no-such-input.txt"
    assert_equal "$status" 4
    assert_output ''
    [[ $stderr == *no-such-input.txt* && $stderr != *$'\n'* ]]
}

@test "draughts: a directory as input cannot be read: exit 4" {
    run --separate-stderr "$engine" "$BATS_TEST_TMPDIR"
    assert_equal "$status" 4
    [[ -n $stderr && $stderr != *$'\n'* ]]
}

@test "draughts: an output that cannot be opened: one stderr line naming it, exit 4" {
    run --separate-stderr "$engine" "$examples/opening.in" "$BATS_TEST_TMPDIR/no/such/dir/out.txt"
    assert_equal "$status" 4
    [[ $stderr == *out.txt* && $stderr != *$'\n'* ]]
}

@test "draughts: a full device as OUTPUT or as stdout: exit 4" {
    [[ -w /dev/full ]] || skip "no /dev/full here"
    run --separate-stderr "$engine" "$examples/opening.in" /dev/full
    assert_equal "$status" 4
    [[ -n $stderr && $stderr != *$'\n'* ]]
    # shellcheck disable=SC2016 # expanded by the inner shell
    run --separate-stderr bash -c '"$0" < "$1" > /dev/full' "$engine" "$examples/opening.in"
    assert_equal "$status" 4
}

@test "draughts: empty input makes an empty OUTPUT, exit 0" {
    : > "$BATS_TEST_TMPDIR/empty.txt"
    run "$engine" "$BATS_TEST_TMPDIR/empty.txt" "$BATS_TEST_TMPDIR/out.txt"
    assert_success
    [[ -f $BATS_TEST_TMPDIR/out.txt && ! -s $BATS_TEST_TMPDIR/out.txt ]]
}

# hooked_engine: a build of the engine that fails allocations on demand
# (DRAUGHTS_FAIL_ALLOCATION): the engine under test when it has the hook,
# as the coverage build does, else one built here from src/draughts.
hooked_engine() {
    # A run that allocates: the hook reports nothing when nothing was.
    if DRAUGHTS_COUNT_ALLOCATIONS=1 "$engine" < "$examples/opening.in" 2>&1 >/dev/null |
        grep -q '^draughts: [0-9]* allocations$'; then
        echo "$engine"
        return
    fi
    cc -std=c11 -O2 -DDRAUGHTS_FAULT_INJECTION -o "$BATS_TEST_TMPDIR/hooked" src/draughts/*.c
    echo "$BATS_TEST_TMPDIR/hooked"
}

@test "draughts: usage names --explain" {
    for arguments in 'a b c' '--explain a b c'; do
        # shellcheck disable=SC2086 # the arguments are meant to split
        run --separate-stderr "$engine" $arguments
        assert_equal "$status" 2
        assert_equal "$stderr" 'usage: draughts [--explain] [INPUT [OUTPUT]]'
    done
}

@test "draughts: --explain INPUT OUTPUT: the same OUTPUT, one block per case choosing its first move" {
    # Exact values, a bound, +inf and the pruned rest, ties at -inf, no
    # move, a single move: every kind of line.
    local input=$BATS_TEST_TMPDIR/input.txt expected=$BATS_TEST_TMPDIR/expected.txt name
    : > "$input"
    : > "$expected"
    for name in pruning/kings-256-s1 input-forms/forms-23-s1 kings/kings-27-s1 \
        no-move-at-root/nomove-0-s1 crowning/crowning-38-s1; do
        { cat "testdata/draughts/$name.in"; echo; } >> "$input"
        cat "testdata/draughts/$name.out" >> "$expected"
    done
    run --separate-stderr "$engine" --explain "$input" "$BATS_TEST_TMPDIR/output.txt"
    assert_success
    assert_output ''
    cmp "$expected" "$BATS_TEST_TMPDIR/output.txt"
    run ! grep -v '^explain: ' <<<"$stderr"
    local chosen first
    chosen=$(sed -En 's/^explain: +(\(.*\)) value .* chosen.*/\1/p; s/^explain: case .*: 0 moves.*/none/p' <<<"$stderr")
    first=$(sed -n 's/^first move: \(.*\)\.$/\1/p' "$expected")
    assert_equal "$chosen" "$first"
    assert_equal "$(grep -c '^explain: case ' <<<"$stderr")" "$(grep -c '^case ' "$expected")"
    for line in ' value <= -1 bound' ' pruned' ' value 3' ' value +inf chosen' \
        ' value -inf chosen, first of 2 tied' ' value -inf ties, later in the order' \
        ': 1 move at A1 ' ': 0 moves at A1; first move: none'; do
        [[ $stderr == *"$line"* ]] || fail "no '$line' in: $stderr"
    done
}

@test "draughts: --explain is an option only as the first argument" {
    local program
    program=$(realpath "$engine")
    cp "$examples/opening.in" "$BATS_TEST_TMPDIR/input.txt"
    (cd "$BATS_TEST_TMPDIR" && "$program" input.txt --explain 2> err.txt)
    cmp "$examples/opening.out" "$BATS_TEST_TMPDIR/--explain"
    [[ ! -s $BATS_TEST_TMPDIR/err.txt ]]
    run --separate-stderr "$engine" --explain < "$examples/opening.in"
    assert_success
    assert_output "$(cat "$examples/opening.out")"
    [[ $stderr == 'explain: case '* ]]
}

@test "draughts: --explain keeps each error's status and its diagnostic as the last stderr line" {
    run --separate-stderr "$engine" --explain "$examples/malformed-piece-on-light-square.in" "$BATS_TEST_TMPDIR/out.txt"
    assert_equal "$status" 2
    cmp "$examples/malformed-piece-on-light-square.out" "$BATS_TEST_TMPDIR/out.txt"
    [[ $stderr == 'explain: case 1: '*$'\n''draughts: line 16: '* && $stderr != *$'\n'*$'\n'*$'\n'*$'\n'* ]]
    run --separate-stderr "$engine" --explain "$BATS_TEST_TMPDIR/no-such-input.txt"
    assert_equal "$status" 4
    [[ $stderr == *no-such-input.txt* && $stderr != *$'\n'* ]]
    if [[ -w /dev/full ]]; then
        run --separate-stderr "$engine" --explain "$examples/several-cases-crlf-blank-lines.in" /dev/full
        assert_equal "$status" 4
        [[ $stderr == 'explain: case '*$'\n'"draughts: cannot write '/dev/full': "* ]]
    fi
}

@test "draughts: --explain, out of memory: the cases before explained, then the diagnostic" {
    local hooked total input=$examples/several-cases-crlf-blank-lines.in
    hooked=$(hooked_engine)
    total=$(DRAUGHTS_COUNT_ALLOCATIONS=1 "$hooked" "$input" 2>&1 >/dev/null)
    total=${total#draughts: }
    total=${total% allocations}
    DRAUGHTS_FAIL_ALLOCATION=$((total - 1)) run --separate-stderr "$hooked" --explain "$input"
    assert_equal "$status" 3
    [[ $stderr == 'explain: case '*$'\n''draughts: out of memory' ]]
    run ! grep -v -e '^explain: ' -e '^draughts: out of memory$' <<<"$stderr"
}

@test "draughts: an input and an output larger than the buffers: every case in turn" {
    # Over 8 KB in (the input buffer starts at 4 KB) and 0.5 MB out (the
    # output buffer holds 64 KB).
    cat testdata/draughts/crowning/*.in testdata/draughts/kings/*.in > "$BATS_TEST_TMPDIR/input.txt"
    cat testdata/draughts/crowning/*.out testdata/draughts/kings/*.out > "$BATS_TEST_TMPDIR/expected.txt"
    (($(wc -c < "$BATS_TEST_TMPDIR/input.txt") > 8192))
    run "$engine" "$BATS_TEST_TMPDIR/input.txt" "$BATS_TEST_TMPDIR/output.txt"
    assert_success
    cmp "$BATS_TEST_TMPDIR/expected.txt" "$BATS_TEST_TMPDIR/output.txt"
    # Allocation 2 is the input buffer's first growth.
    local hooked
    hooked=$(hooked_engine)
    DRAUGHTS_FAIL_ALLOCATION=2 run --separate-stderr "$hooked" "$BATS_TEST_TMPDIR/input.txt"
    assert_equal "$status" 3
    assert_output ''
    assert_equal "$stderr" 'draughts: out of memory'
}

@test "draughts: a header with too large a number where a board line is due names its line" {
    run --separate-stderr "$engine" <<<$'case 1\n+O+O+O+O\ncase 1000000000'
    assert_equal "$status" 2
    assert_output ''
    [[ $stderr == 'draughts: line 3: '* && $stderr != *$'\n'* ]]
}
