# shellcheck shell=bash
# golden.bash -- the body of every generated golden test (see gen-bats).
# Kept lean on purpose: bats starts a fresh process per test, so each test
# does one engine run and two cmp calls at most, and the report on failure.
#
# Environment (set by scripts/run-golden): GOLDEN_CASES, the cases root;
# GOLDEN_ENGINE, the program under test; GOLDEN_FAILURES, optional, a
# directory that receives each failure report as a file (CI artifacts).

# shellcheck source=src/golden/corpus.bash
source "$(dirname "${BASH_SOURCE[0]}")/corpus.bash"

golden_case() {
    local id=$1
    local actual="$BATS_TEST_TMPDIR/actual"
    # bats runs a DEBUG trap before every command of a test, to keep stack
    # traces; under it the run and the comparison cost a third of the test.
    # They run untraced in a subshell; a failure is reported from here.
    if (trap - DEBUG; golden_run_and_compare "$id" "$actual"); then
        return 0
    fi
    cat "$actual.report"
    if [[ -n ${GOLDEN_FAILURES:-} ]]; then
        cp "$actual.report" "$GOLDEN_FAILURES/${id//\//__}.txt"
    fi
    return 1
}

# Runs case ID into ACTUAL.*; writes the comparison's report to ACTUAL.report.
golden_run_and_compare() {
    local id=$1 actual=$2
    corpus_run "$GOLDEN_ENGINE" "$GOLDEN_CASES/$id" "$actual" "$id"
    corpus_compare "$GOLDEN_CASES/$id" "$actual" "$GOLDEN_ENGINE" "$id" > "$actual.report"
}
