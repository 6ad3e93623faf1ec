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
