# corpus-gen.bats -- the case generator is reproducible, and
# scripts/generate-corpus records only goldens on which the engine and the
# independent oracle agree, never overwrites one, and in --check mode
# notices every kind of drift.
# shellcheck disable=SC2119,SC2120 # generate's arguments come through run

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup_file() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    make --no-print-directory -s build/checkers build/tools/checkers-corpus-gen
}

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    cases=$BATS_TEST_TMPDIR/cases work=$BATS_TEST_TMPDIR/work
    mkdir -p "$cases"
}

# generate [ARG...]: scripts/generate-corpus on the wins of the P endings
# at step 3 (8 cases), into the test's own cases and work directories.
generate() {
    scripts/generate-corpus --only wins --filter '^wins/p-step3-' \
        --cases "$cases" --work "$work" "$@"
}

# bats test_tags=slow
@test "corpus-gen: the same seed writes the same files, another seed others" {
    for run in first second; do
        mkdir -p "$BATS_TEST_TMPDIR/$run"
        build/tools/checkers-corpus-gen --only wins "$BATS_TEST_TMPDIR/$run" 2>/dev/null
    done
    mkdir -p "$BATS_TEST_TMPDIR/other"
    build/tools/checkers-corpus-gen --seed 7 --only wins "$BATS_TEST_TMPDIR/other" 2>/dev/null
    run diff -r "$BATS_TEST_TMPDIR/first" "$BATS_TEST_TMPDIR/second"
    assert_success
    (($(find "$BATS_TEST_TMPDIR/first" -name '*.in' | wc -l) >= 100))
    run diff -rq "$BATS_TEST_TMPDIR/first" "$BATS_TEST_TMPDIR/other"
    assert_failure
}

# bats test_tags=slow
@test "generate-corpus: adds agreeing cases once, then never rewrites them" {
    run generate
    assert_success
    assert_output --partial 'generate-corpus: 8 added, 0 unchanged'
    local golden
    golden=$(find "$cases/wins" -name 'p-step3-*.out' | head -n 1)
    grep -q 'WIN!$' "$golden"
    echo 'a reviewed edit' >> "$golden"
    run generate
    assert_success
    assert_output --partial 'generate-corpus: 0 added, 8 unchanged'
    assert_equal "$(tail -n 1 "$golden")" 'a reviewed edit'
}

@test "corpus-gen: writes inputs and reasons only, no expectation of its own" {
    build/tools/checkers-corpus-gen --only wins "$BATS_TEST_TMPDIR" 2>/dev/null
    run find "$BATS_TEST_TMPDIR" -type f ! -name '*.in' ! -name '*.reason'
    assert_output ''
}

# bats test_tags=slow
@test "generate-corpus: refuses to record a run the oracle disagrees with" {
    # An engine that names the wrong winner: every black win is rejected.
    cat > "$BATS_TEST_TMPDIR/wrong-winner" <<'ENGINE'
#!/usr/bin/env bash
build/checkers | sed 's/^BLACK WIN!$/WHITE WIN!/'
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/wrong-winner"
    run generate --engine "$BATS_TEST_TMPDIR/wrong-winner"
    assert_failure
    assert_output --partial 'generate-corpus: 4 added, 0 unchanged, 0 covered by hand-written cases, 0 differ, 4 rejected'
    assert_output --regexp 'wins/p-step3-black-wins-by-[a-z]+-after-[0-9]+-s[0-9]+: REJECTED'
    assert_output --regexp "oracle: wins/p-step3-black-[^:]*: stdout line [0-9]+: expected b'WHITE WIN!', got b'BLACK WIN!'"
    run find "$cases/wins" -name 'p-step3-black-*'
    assert_output ''
}

@test "generate-corpus: rejects swapped error checks (error 4 reported before error 3)" {
    cat > "$BATS_TEST_TMPDIR/swapped-checks" <<'ENGINE'
#!/usr/bin/env bash
build/checkers | sed 's/^ERROR: Source cell is empty\.$/ERROR: Target cell is not empty./'
status=${PIPESTATUS[0]}
exit "$status"
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/swapped-checks"
    run scripts/generate-corpus --only errors --filter '^error3/empty-source-occupied-target-' \
        --cases "$cases" --work "$work" --engine "$BATS_TEST_TMPDIR/swapped-checks"
    assert_failure
    assert_output --regexp ' 0 added, .* [1-9][0-9]* rejected'
    assert_output --partial "expected b'ERROR: Target cell is not empty.', got b'ERROR: Source cell is empty.'"
}

# bats test_tags=slow
@test "generate-corpus --check: a changed input, a stale, a missing and a wrong golden all fail" {
    generate
    run generate --check
    assert_success
    assert_output --partial 'corpus-check: 8 passed, 0 failed'

    local first second third
    mapfile -t ids < <(cd "$cases" && find wins -name '*.in' | sed 's/\.in$//' | sort)
    first=${ids[0]} second=${ids[1]} third=${ids[2]}
    echo 'G6-F5' >> "$cases/$first.in"                          # changed input
    sed -i '0,/BOARD COST: /s/BOARD COST: \(-*[0-9]*\)/BOARD COST: 99/' "$cases/$second.out"
    rm "$cases/$third".*                                         # missing
    cp "$cases/${ids[3]}.in" "$cases/wins/p-step3-retired-s1.in" # stale
    run generate --check
    assert_failure
    assert_output --partial "$first: the committed input or reason is not the generator's"
    assert_output --regexp "oracle: $second: stdout line [0-9]+: expected b'BOARD COST: 99'"
    assert_output --partial "$third: generated but not in"
    assert_output --partial 'wins/p-step3-retired-s1: committed as generated, but the generator'
    assert_output --partial 'corpus-check: 6 passed, 3 failed'
    assert_output --partial 'oracle: wins/p-step3-retired-s1: stdout: the case has no .out file'
    assert_output --partial 'oracle: 6 agreed, 2 disagreed'
}

# (--check runs the independent oracle over every golden, generated or
# hand-written: this test is also checkers-oracle.bats's proof that the
# oracle reproduces every golden of testdata/checkers, stdout, status and
# stderr, counted here case by case; one pass of the oracle, not two)
# bats test_tags=slow
@test "generate-corpus --check: the committed corpus is what the generator writes, and the oracle agrees with every golden" {
    run scripts/generate-corpus --check --work "$work"
    assert_success
    assert_output --regexp 'corpus-check: [0-9]+ passed, 0 failed'
    local count
    count=$(find testdata/checkers -name '*.in' | wc -l)
    ((count > 500))
    assert_line "oracle: $count agreed, 0 disagreed"
}
