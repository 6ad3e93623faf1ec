# shellcheck shell=bash
# results.bash -- a suite's counts, in the one format every suite writes
# and the summary reads: a file RESULTS/SUITE holding one line, "PASSED
# FAILED SKIPPED". RESULTS is $RESULTS_DIR, or build/results (relative to
# where the suite runs: the top folder). The bats suites point
# RESULTS_DIR elsewhere for the suites the harness's own tests run, so
# that those never reach the summary.

# results_folder: the folder of the counts.
results_folder() {
    printf '%s\n' "${RESULTS_DIR:-build/results}"
}

# results_record SUITE PASSED FAILED [SKIPPED]: the suite's counts.
results_record() {
    local folder
    folder=$(results_folder)
    mkdir -p "$folder"
    printf '%s %s %s\n' "$2" "$3" "${4:-0}" > "$folder/$1"
}

# results_read FILE: a suite's counts into results_passed, results_failed
# and results_skipped; status 1 when there are none.
results_read() {
    # shellcheck disable=SC2034 # for the caller
    results_passed=0 results_failed=0 results_skipped=0
    [[ -f $1 ]] || return 1
    # shellcheck disable=SC2034 # for the caller
    read -r results_passed results_failed results_skipped < "$1"
}
