# shellcheck shell=bash
# golden.bash -- the body of every generated golden test (see gen-bats).
# Kept lean on purpose: bats starts a fresh process per test, so each test
# does one engine run and three cmp calls, and the report on failure.
#
# Environment (set by scripts/run-golden): GOLDEN_CASES, the cases root;
# GOLDEN_ENGINE, the program under test; GOLDEN_FAILURES, optional, a
# directory that receives each failure report as a file (CI artifacts).

# shellcheck source=scripts/lib/corpus.bash
source "${BATS_TEST_DIRNAME:?}/corpus.bash"

golden_case() {
    local id=$1
    local actual="$BATS_TEST_TMPDIR/actual"
    corpus_run "$GOLDEN_ENGINE" "$GOLDEN_CASES/$id" "$actual"
    corpus_compare "$GOLDEN_CASES/$id" "$actual" "$GOLDEN_ENGINE" "$id" \
        > "$actual.report" && return 0
    cat "$actual.report"
    if [[ -n ${GOLDEN_FAILURES:-} ]]; then
        cp "$actual.report" "$GOLDEN_FAILURES/${id//\//__}.txt"
    fi
    return 1
}
