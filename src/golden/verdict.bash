# shellcheck shell=bash
# verdict.bash -- the body of every generated golden test (see
# src/golden/suite.bash): the verdict its file's setup_file left for its
# case (src/golden/batch.bash). Loaded by every test, so it holds what a
# test needs alone; a passing case costs no process and three commands
# (bats runs its DEBUG trap, which keeps a stack trace, before each).

# golden_verdict N ID: passes when case ID, the Nth of this file, passed;
# otherwise prints its report (case, reason, rerun command, what differs
# and a diff) and fails.
golden_verdict() {
    local verdict=''
    { read -r verdict < "$BATS_FILE_TMPDIR/golden/$1"; } 2>/dev/null || true
    [[ $verdict == "pass $2" ]] || golden_verdict_failed "$@"
}

# golden_verdict_failed N ID: the report of case ID, the Nth of this file,
# and status 1. A case without a verdict (the batch stopped before it)
# fails, saying so.
golden_verdict_failed() {
    local file=$BATS_FILE_TMPDIR/golden/$1 verdict=''
    if [[ -f $file ]]; then read -r verdict < "$file" || true; fi
    if [[ $verdict == "fail $2" ]]; then
        cat -- "$file.report"
    else
        printf 'case:   %s\n' "$2"
        printf 'no verdict: setup_file stopped before the case was run and compared\n'
    fi
    return 1
}
