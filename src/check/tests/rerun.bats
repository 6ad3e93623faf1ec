# rerun.bats -- the rerun line of a failure's report runs exactly as
# printed, from where check-engine was run: for a plain program (its path
# with a space), and for a program handed in as a folder of C, C++, Java
# or Python, built in the sandbox and kept in the output folder.
# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"
# shellcheck source=src/test-lib/players.bash
source "$BATS_TEST_DIRNAME/../../test-lib/players.bash"

setup() {
    workflow_setup
    out=$BATS_TEST_TMPDIR/out
    # check-engine and the rerun lines run here, away from the repository
    # (a draughts rerun writes input.txt and output.txt where it runs)
    here=$BATS_TEST_TMPDIR/here
    mkdir -p "$here"
}

# checkers_with_other_words DIR: our checkers engine's sources in DIR, its
# error 6 message reworded (every error-6 case fails).
checkers_with_other_words() {
    mkdir -p "$1"
    cp -- "$root"/src/checkers/*.[ch] "$1/"
    sed -i 's/"Illegal action\."/"Illegal move."/' "$1/printer.c"
    grep -q 'Illegal move' "$1/printer.c" || fail "the fault was not planted"
}

# few_error6: two error6 cases of the corpus in $here/cases, the folder
# given to check-engine as `--cases cases`, relative to where it runs (its
# first failure's rerun line is what counts: the category's 88 cases cost
# 40 times as much).
few_error6() {
    mkdir -p "$here/cases/error6"
    cp -- "$root"/testdata/checkers/error6/jump-over-empty-cell-after-promotion-s[01].* "$here/cases/error6/"
}

# rerun_runs ARG...: check-engine run from $here with ARG..., then the
# rerun line of its first failure's report, run there as printed: it must
# show the same difference the report shows, and nothing may be missing.
rerun_runs() {
    (cd "$here" && "$root/scripts/check-engine" "$@" --show 1 --output "$out") > "$here/report" 2>&1 && {
        cat "$here/report"; fail "check-engine found no failure"
    }
    local rerun report
    report=$(find "$out/failures" -name '*.txt' | LC_ALL=C sort | head -n 1)
    [[ -n $report ]] || fail "no failure report: $(cat "$here/report")"
    rerun=$(sed -n 's/^rerun:  //p' "$report")
    [[ -n $rerun ]] || fail "no rerun line in $report"
    run --separate-stderr bash -c "cd $(printf '%q' "$here") && $rerun"
    # diff's status: the outputs differ, and the program ran
    assert_failure 1
    [[ -z $stderr ]] || fail "the rerun line '$rerun' said: $stderr"
    assert_line --regexp '^--- '
    assert_line --regexp '^\+'
}

@test "rerun: a plain program's line runs as printed, its path quoted" {
    checkers_with_other_words "$BATS_TEST_TMPDIR/src"
    cc -std=c11 -O2 -o "$BATS_TEST_TMPDIR/my checkers" "$BATS_TEST_TMPDIR/src"/*.c
    few_error6
    rerun_runs "$BATS_TEST_TMPDIR/my checkers" --cases cases
    assert_line '+ERROR: Illegal move.'
}

@test "rerun: a C folder's line runs the program built in the output folder" {
    checkers_with_other_words "$BATS_TEST_TMPDIR/c"
    few_error6
    rerun_runs "$BATS_TEST_TMPDIR/c" --cases cases
    assert_line '+ERROR: Illegal move.'
    grep -q "^rerun:  $out/program/built/program < " "$out"/failures/*/*.txt
}

# bats test_tags=slow
@test "rerun: a C++, a Java and a Python folder's lines run as printed, as the grader runs them" {
    local pair
    for pair in cpp:missing-child java:wrong-leaf python:cut-strict; do
        rerun_runs --program draughts "$(player "${pair%:*}" "${pair#*:}")" --profile strict --category examples
    done
}
