# tiers.bats -- make test leaves the tests tagged slow to make test-full
# (CI): run-bats passes bats' --filter-tags on, the Makefile's SLOW=0 gives
# make selftest and make unit their filters, and make test runs only the
# waiting suites and the command-line tests while make test-full runs every
# computing suite too.

# shellcheck disable=SC2154 # bats sets $output, $status

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    # (run-bats writes build/ where it runs, and its counts to RESULTS_DIR:
    # here, never the repository's or an outer make test's)
    work=$BATS_TEST_TMPDIR/work
    mkdir -p "$work"
    export RESULTS_DIR=$work/build/results
    # (the files' lines printed, not a here-document: bats would take an
    # @test at a line's start here for a test of this file)
    printf '%s\n' '# bats test_tags=slow' '@test "a slow test that fails" { false; }' \
        '@test "a quick test that passes" { true; }' > "$work/two.bats"
    # shellcheck disable=SC2016 # the file's own variable, expanded when bats runs it
    printf '%s\n' 'setup_file() { touch "$BATS_TEST_DIRNAME/setup_file-ran"; }' '# bats test_tags=slow' \
        '@test "the file'"'"'s one test, slow" { false; }' > "$work/slow-only.bats"
}

@test "tiers: run-bats --filter-tags '!slow' runs the untagged tests, not the slow ones nor a file of slow ones" {
    cd "$work"
    run "$root/src/golden/run-bats" tiny two.bats slow-only.bats --jobs 1 --filter-tags '!slow'
    assert_success
    assert_output --partial 'ok 1 a quick test that passes'
    assert_output --partial 'tiny: 1 passed, 0 failed'
    refute_output --partial 'a slow test'
    [[ ! -e setup_file-ran ]] || fail "the file of slow tests had its setup_file run"
    # and without the filter, the slow tests run (and here fail)
    run "$root/src/golden/run-bats" tiny two.bats slow-only.bats --jobs 1
    assert_failure
    assert_output --partial 'tiny: 1 passed, 2 failed'
}

@test "tiers: SLOW=0 gives make selftest and make unit their filters; make test's parts are the waiting suites and cli" {
    cd "$root"
    run make -n --no-print-directory selftest SLOW=0
    assert_success
    assert_output --regexp "run-bats selftest .* --filter-tags '!slow'"
    run make -n --no-print-directory unit SLOW=0
    assert_output --regexp "pytest .*--strict-markers.* -m 'not slow' src/harness"
    # (without SLOW: make test, around this test, exports SLOW=0)
    run env -u SLOW make -n --no-print-directory selftest
    refute_output --partial 'filter-tags'
    run env -u SLOW make -n --no-print-directory unit
    refute_output --partial 'not slow'
    run make -s --no-print-directory test-parts SLOW=0
    assert_success
    assert_equal "$(grep -P '^suite\t' <<< "$output" | cut -f2 | tr '\n' ' ')" 'unit cli '
    run env -u SLOW make -s --no-print-directory test-parts
    assert_equal "$(grep -P '^suite\t' <<< "$output" | cut -f2 | tr '\n' ' ')" 'unit instrumented oom coverage cli '
    # make test runs its parts with SLOW=0; make test-full without it
    run make -n --no-print-directory test
    assert_output --partial "SLOW=0 src/golden/run-suite --all --label 'make test' selftest unit --niced cli"
    run env -u SLOW make -n --no-print-directory test-full
    assert_output --partial "src/golden/run-suite --all --label 'make test-full' selftest unit --niced instrumented oom coverage cli"
    refute_output --partial 'SLOW=0'
}

@test "tiers: a slow tag says slow and nothing else, on the line above a test or for its whole file" {
    cd "$root"
    # (a misspelt tag would leave a slow test in make test: its minutes, not a
    # missing check; a tag anywhere but above a test tags nothing)
    run bash -c "grep -nE '^[[:space:]]*#[[:space:]]*bats[[:space:]]+(test|file)_tags' src/*/tests/*.bats |
        grep -vE ':# bats (test|file)_tags=slow\$'"
    assert_output ''
    local file line tags=0
    while IFS=: read -r file line _; do
        sed -n "$((line + 1))p" "$file" | grep -q '^@test ' || fail "$file:$line: the slow tag is not above a test"
        tags=$((tags + 1))
    done < <(grep -n '^# bats test_tags=slow$' src/*/tests/*.bats)
    ((tags > 0)) || fail "no slow tag found"
}
