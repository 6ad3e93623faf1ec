# exit-status.bats -- check-engine's exit status says one thing each: 0
# every case passed; 1 a case failed, or the program cannot be checked (a
# folder that does not build); 2 bad usage only. --help is no error.
# shellcheck disable=SC2154 # bats sets $output, $status, $lines

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
    out=$BATS_TEST_TMPDIR/out
    make_fixture_cases
}

@test "exit status: 0 all passed, 1 a case failed" {
    run scripts/check-engine build/checkers --profile strict --cases "$cases" --output "$out"
    assert_success
    assert_line '3 passed, 0 failed (profile strict)'
    run scripts/check-engine /bin/true --profile strict --cases "$cases" --output "$out"
    assert_failure 1
    assert_line '0 passed, 3 failed (profile strict)'
}

@test "exit status: 1 for a folder that does not build, with the compiler's error" {
    mkdir -p "$BATS_TEST_TMPDIR/broken"
    printf '%s\n' 'int main(void) { return 0 }' > "$BATS_TEST_TMPDIR/broken/main.c"
    run scripts/check-engine "$BATS_TEST_TMPDIR/broken" --cases "$cases" --output "$out"
    assert_failure 1
    assert_output --regexp "broken \(c\) does not build: 'gcc .* main\.c -lm' ended with exit status 1: .*error"
    # the same as data, for a program that runs check-engine (status 1 is
    # a failed case too)
    assert_equal "$(cat "$out/program/build.tsv")" "$(printf 'state\tlanguage\nnot-built\tc')"
    printf '%s\n' 'int main(void) { return 0; }' > "$BATS_TEST_TMPDIR/broken/main.c"
    run scripts/check-engine "$BATS_TEST_TMPDIR/broken" --cases "$cases" --output "$out"
    assert_failure 1
    assert_equal "$(cat "$out/program/build.tsv")" "$(printf 'state\tlanguage\nbuilt\tc')"
}

# bats test_tags=slow
@test "exit status: 2 for bad usage only; --help prints the usage with status 0" {
    local bad
    for bad in --no-such-option '--jobs 0' '--show x' '--timeout soon' '--profile lax' '--compare loose' \
        '--program chess' '--category no-such' "--cases $BATS_TEST_TMPDIR/none" '--build make'; do
        # shellcheck disable=SC2086 # each is an option and its value
        run scripts/check-engine build/checkers --cases "$cases" --output "$out" $bad
        assert_failure 2
    done
    # an output folder inside the program's folder (its files would go)
    mkdir -p "$BATS_TEST_TMPDIR/folder"
    cp src/checkers/*.[ch] "$BATS_TEST_TMPDIR/folder/"
    run scripts/check-engine "$BATS_TEST_TMPDIR/folder" --cases "$cases" --output "$BATS_TEST_TMPDIR/folder/out"
    assert_failure 2
    assert_output --partial 'is inside the FOLDER'
    run scripts/check-engine
    assert_failure 2
    assert_output --partial 'usage: scripts/check-engine'
    run scripts/check-engine --help
    assert_success
    assert_output --partial 'usage: scripts/check-engine'
    assert_output --partial 'Exit status: 0 when every case passed, 1 when any failed'
}
