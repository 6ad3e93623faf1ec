# workflow-corpus.bats -- check-corpus catches each way a corpus can drift
# from its format, one planted fault at a time. (`make check` runs it on
# the real corpus: scripts/run-golden --consistency.)

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
}

# plant EXPECTED-MESSAGE COMMAND...: on a fresh copy of the intact fixture
# cases, runs COMMAND (in $cases) and requires check-corpus to fail with
# the message, and with that one problem only.
plant() {
    local expected=$1
    shift
    rm -rf "$cases" && cp -R "$BATS_TEST_TMPDIR/intact" "$cases"
    (cd "$cases" && eval "$*") || fail "could not plant: $*"
    run src/cases/check-corpus --cases "$cases"
    assert_failure 1
    assert_output --partial "$expected"
    assert_output --partial ', 1 problems'
}

# The fixture cases every plant starts from; check-corpus accepts them.
make_intact() {
    make_fixture_cases
    run src/cases/check-corpus --cases "$cases"
    assert_success
    cp -R "$cases" "$BATS_TEST_TMPDIR/intact"
}

@test "check-corpus: a missing .out, .reason or .in is caught" {
    make_intact
    plant 'stage0/opening: has no .out' rm stage0/opening.out
    plant 'stage0/opening: has no .reason' rm stage0/opening.reason
    plant 'stage0/opening: has no .in' rm stage0/opening.in
}

@test "check-corpus: a reason that is not one non-empty line is caught" {
    make_intact
    local message='opening.reason: must be one non-empty line, ending with a newline'
    plant "$message" "printf 'one\\ntwo\\n' > stage0/opening.reason"
    plant "$message" "printf '  \\n' > stage0/opening.reason"
    plant "$message" "printf 'no newline' > stage0/opening.reason"
}

@test "check-corpus: a status outside 1..255 and an empty stderr are caught" {
    make_intact
    local message='lower.status: must be one number from 1 to 255 (no file means 0)'
    plant "$message" 'echo 0 > malformed/lower.status'
    plant "$message" 'echo 256 > malformed/lower.status'
    plant "$message" 'echo 02 > malformed/lower.status'
    plant "$message" 'echo two > malformed/lower.status'
    plant 'lower.err: is empty (no file means an empty stderr)' ': > malformed/lower.err'
}

# bats test_tags=slow
@test "check-corpus: stray, hidden, linked, misplaced files and unsafe names are caught" {
    make_intact
    plant 'stage0/notes.txt: a stray file' 'echo hi > stage0/notes.txt'
    plant 'stage0/opening.outt: a stray file' 'cp stage0/opening.out stage0/opening.outt'
    plant 'stage0/.opening.out.bless.x1: a hidden file' 'cp stage0/opening.out stage0/.opening.out.bless.x1'
    plant 'README: a stray file outside any category' 'echo hi > README'
    plant 'stage0/deeper: a directory inside a category' 'mkdir stage0/deeper'
    plant 'stage0/link.in: not a plain file' 'ln -s opening.in stage0/link.in'
    plant 'stage.0: category name is not safe' 'mkdir stage.0 && mv stage0/* stage.0/ && rmdir stage0'
    plant 'stage0/op+ening.in: case name is not safe' 'echo H6-G5 > stage0/op+ening.in'
    plant 'wins: an empty category directory' 'mkdir wins'
}

@test "check-corpus: the same input under two names is caught" {
    make_intact
    # shellcheck disable=SC2016 # expanded by plant's eval
    plant 'wins/again.in: the same input as' \
        'mkdir wins && for part in in out reason; do cp stage0/opening.$part wins/again.$part; done'
}
