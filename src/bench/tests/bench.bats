# bench.bats -- scripts/bench, the door, without timing anything: its
# usage, and a bad option refused. The targets table's verdicts and
# counts, a component's benchmark reaching the table and the tables from
# hyperfine's results are src/harness/bench/tests' (make unit).

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
}

@test "bench: --help, and a bad option refused with exit 2" {
    run scripts/bench --help
    assert_success
    assert_line --index 0 --partial 'usage: scripts/bench'
    assert_output --partial '--checking'
    run scripts/bench --frobnicate
    assert_failure 2
    assert_output --partial "bench: unknown argument '--frobnicate'"
}
