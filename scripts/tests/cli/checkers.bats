# cli/checkers.bats -- the checkers engine's command line and I/O failures: the paths
# no golden case reaches because a case is only stdin and stdout.
# ENGINE selects the program under test (default build/checkers), so the
# coverage build runs these too.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    engine=${ENGINE:-build/checkers}
}

@test "cli: --help prints the usage on stdout and exits 0" {
    run --separate-stderr "$engine" --help
    assert_success
    assert_line --index 0 'usage: checkers [--depth N] < actions'
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
