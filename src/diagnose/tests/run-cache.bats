# run-cache.bats -- the faulted references' runs kept between diagnoses
# (src/harness/diagnose/runcache.py): a second diagnosis reads them instead of
# running the references again, and says the same; a run is keyed by the
# binary's bytes and the case's input, so a rebuilt reference or another
# input is never answered from an old run, and a hang is not kept: those
# are src/harness/diagnose/tests/test_runcache.py's (make unit).

# shellcheck disable=SC2154 # bats sets $output, $status; the lib sets $root

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# shellcheck source=src/diagnose/tests/diagnose-lib.bash
source "$BATS_TEST_DIRNAME/diagnose-lib.bash"

# diagnosed DIR CACHE: DIR's check-engine output diagnosed again with the
# run cache CACHE (and not the corpus's runs that `make faults` keeps,
# which would answer first: test_corpusruns.py's); its lines in $output.
diagnosed() {
    run diagnosis --program checkers --results "$1/output" --cases "$1/cases" \
        --engine "$1/program" --budget 120 --run-cache "$2" --corpus-runs none
}

# bats test_tags=slow
@test "run cache: a second diagnosis reads the kept runs and names the same cause" {
    local dir cache=$BATS_TEST_TMPDIR/runs
    dir=$(oracle cache-tie)
    put_in "$dir/oracle_search.py" '(value > chosen_value if side == BLACK
                      else value < chosen_value)' '(value >= chosen_value if side == BLACK
                      else value <= chosen_value)'
    chosen "$dir" checkers 'next-action/*-tie-leftmost-not-first-s[0-9]' 'next-action/black-mid-game-s[0-9]'
    check_and_diagnose checkers "$dir"
    assert_success
    diagnosed "$dir" "$cache"
    assert_success
    local first=$output kept
    kept=$(find "$cache" -name '*.status' | wc -l)
    ((kept > 0)) || fail "no run kept in $cache"
    diagnosed "$dir" "$cache"
    assert_success
    assert_equal "$output" "$first"
    assert_equal "$(find "$cache" -name '*.status' | wc -l)" "$kept"
    assert_equal "$(causes "$dir" | head -n 1)" tie-not-leftmost
    # The kept runs are what the second diagnosis read: emptied, they
    # reproduce nothing.
    find "$cache" -name '*.out' -exec truncate -s 0 {} +
    diagnosed "$dir" "$cache"
    assert_success
    refute_output --partial 'tie-not-leftmost'
}
