# not-deterministic.bats -- every failing case is run twice (issue 41): a
# case whose two runs differ (verdict, exit status or stdout) is "not
# deterministic", verdict unstable in results.tsv, counted apart in the
# table and the last line, its report showing both runs; a deterministic
# faulty program has none, and its last line is as before.

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
    work=$BATS_TEST_TMPDIR
    random=src/check/tests/fixtures/not-deterministic.sh
}

# verdicts OUTPUT: "ID VERDICT" of each case of OUTPUT/results.tsv, read by the header's names.
verdicts() {
    awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; next } { print $at["case"], $at["verdict"] }' \
        "$1/results.tsv"
}

@test "not deterministic: the case whose output is random is counted apart, with both runs shown" {
    run scripts/check-engine --program checkers --category examples --jobs 2 --no-diagnose \
        --output "$work/out" "$random"
    assert_failure 1
    assert_line '0 passed, 10 failed, 1 not deterministic (profile assignment)'
    assert_line '  1 case: not deterministic: the output differs between two runs'
    assert_line --regexp '^  total +0 +10 +1$'
    assert_equal "$(verdicts "$work/out" | grep -v ' fail$')" 'examples/error1-source-outside unstable'
    local report=$work/out/failures/examples/error1-source-outside.txt
    assert_equal "$(grep -c '^not deterministic: the case was run twice' "$report")" 1
    grep -q '^first run:  failed (stdout differs' "$report" || fail "no first run in the report"
    grep -q '^second run: failed (stdout differs' "$report" || fail "no second run in the report"
    grep -q '^--- first run$' "$report" && grep -q '^+++ second run$' "$report" || fail "no diff of the two runs"
}

@test "not deterministic: a deterministic faulty program has none, and its last line is as before" {
    sed 's|od -An -tx1 -N8 /dev/urandom|echo 0123456789abcdef|' "$random" > "$work/fixed"
    chmod 755 "$work/fixed"
    run scripts/check-engine --program checkers --category examples --jobs 2 --no-diagnose \
        --output "$work/out" "$work/fixed"
    assert_failure 1
    assert_line '0 passed, 11 failed (profile assignment)'
    refute_output --partial 'not deterministic'
    assert_equal "$(verdicts "$work/out" | grep -vc ' fail$')" 0
}
