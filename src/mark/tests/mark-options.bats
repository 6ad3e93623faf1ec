# mark-options.bats -- scripts/mark checks every option and input file
# before any work: a deadline it cannot read, a time it cannot read in
# --submitted, a --manual column the scheme has no part for, a scheme
# that leaves a case out: each stops the run at once with exit 2 and a
# message naming the option, the file and the line; nothing is marked.

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0
load ../../test-lib/mark-class.bash

setup() {
    mark_test_setup
    mark_class_copy "$BATS_TEST_TMPDIR/class/alice"
    mark_class_copy "$BATS_TEST_TMPDIR/class/bob"
    out=$BATS_TEST_TMPDIR/out
}

# mark_with OPTION...: scripts/mark on the class with OPTION...
mark_with() {
    run scripts/mark --output "$out" --category official --memcheck 0 "$@" "$BATS_TEST_TMPDIR"/class/*
}

# refused_before_work: exit 2, and not one submission was marked.
refused_before_work() {
    assert_failure 2
    refute_output --partial 'submissions to mark'
    [[ -z $(find "$out" -name 'done' 2>/dev/null) ]] || fail "a submission was marked"
}

@test "mark-options: a deadline that is no date and time is refused before any work" {
    mark_with --deadline 'next friday'
    assert_output --partial "mark: --deadline: 'next friday' is not a date and time"
    refused_before_work
}

@test "mark-options: an unreadable time in --submitted is refused with its file and line" {
    printf 'name,submitted\nalice,2021-10-15T17:00+11:00\nbob,yesterday noon\n' > "$BATS_TEST_TMPDIR/times.csv"
    mark_with --deadline 2021-10-15T18:00+11:00 --submitted "$BATS_TEST_TMPDIR/times.csv"
    assert_output --partial "mark: --submitted: $BATS_TEST_TMPDIR/times.csv:3: 'yesterday noon' is not a date and time"
    refused_before_work
}

@test "mark-options: a --manual column the scheme has no part for is refused with its file" {
    printf 'name,style\nalice,2\n' > "$BATS_TEST_TMPDIR/manual.csv"
    mark_with --manual "$BATS_TEST_TMPDIR/manual.csv"
    assert_output --partial "mark: --manual: $BATS_TEST_TMPDIR/manual.csv:1: column 'style' is no manual part of the scheme"
    refused_before_work
}

@test "mark-options: a manual mark that is no number, a negative late penalty, a missing file: refused" {
    { cat src/mark/schemes/checkers.tsv; printf 'style\t2\tproportional\tvisible\tmanual\tprogram style\n'; } \
        > "$BATS_TEST_TMPDIR/scheme.tsv"
    printf 'name,style\nalice,2\nbob,two\n' > "$BATS_TEST_TMPDIR/manual.csv"
    mark_with --scheme "$BATS_TEST_TMPDIR/scheme.tsv" --manual "$BATS_TEST_TMPDIR/manual.csv"
    assert_output --partial "mark: --manual: $BATS_TEST_TMPDIR/manual.csv:3: 'two' for style is not a number"
    refused_before_work
    mark_with --late-penalty -1
    refused_before_work
    mark_with --submitted "$BATS_TEST_TMPDIR/none.csv"
    assert_output --partial "none.csv"
    refused_before_work
}
