# shellcheck shell=bash
# batch.bash -- the cases of one generated golden test file, run by its
# setup_file (src/golden/suite.bash writes the files): each case on every
# engine, compared byte for byte (stdout, status and stderr: corpus_compare
# of src/cases/cases.bash), its verdict and report left for its own named
# test (src/golden/verdict.bash), which passes or fails with that report.
#
# Why a file's cases run here and not in their tests: bats starts a
# process per test and, in it, sources its own libraries and the test
# file; the cases' helpers (cases.bash and the game's file) cost as much
# again per test, and bats' DEBUG trap runs before every command of a
# test. Here they are read once per file of up to 50 cases, and the cases
# run in one process, untraced; a test is then bats' own cost and a
# file read. Environment (set by src/golden/run-golden): GOLDEN_CASES, the
# cases root; GOLDEN_ENGINE, the programs under test, a line each;
# GOLDEN_FAILURES, optional, a folder that receives each failure report
# as a file; GOLDEN_TIMES, optional, a folder that receives this file's
# cases' times (TSV, no header: case id, milliseconds); with
# CORPUS_MEMCHECK_SERVER, the cases run on the memcheck fork server.

BATCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=src/cases/cases.bash
source "$BATCH_DIR/../cases/cases.bash"
# shellcheck source=src/golden/fork-server/fork-server.bash
source "$BATCH_DIR/fork-server/fork-server.bash"

# golden_batch ID...: runs case ID, the Nth argument, and writes its
# verdict to BATS_FILE_TMPDIR/golden/N ("pass ID" or "fail ID") and its
# report to BATS_FILE_TMPDIR/golden/N.report (empty when it passed). Never
# fails itself: a case it did not get to has no verdict, and its test
# fails for that.
golden_batch() {
    local verdicts=$BATS_FILE_TMPDIR/golden
    mkdir -p -- "$verdicts"
    # (bats' DEBUG and ERR traps and errexit would trace every command and
    # end the batch at the first case that fails: the cases run without
    # them, in a subshell)
    (
        trap - DEBUG ERR
        set +eE
        golden_batch_cases "$verdicts" "$@"
    ) || true
}

# golden_batch_cases VERDICTS ID...: golden_batch's loop.
golden_batch_cases() {
    local verdicts=$1 n=0 id started times=''
    shift
    for id; do
        n=$((n + 1))
        started=${EPOCHREALTIME/[.,]/}
        if golden_run_and_compare "$id" "$verdicts/actual" "$verdicts/$n.report"; then
            printf 'pass %s\n' "$id" > "$verdicts/$n"
        else
            if [[ -n ${GOLDEN_FAILURES:-} ]]; then
                cp -- "$verdicts/$n.report" "$GOLDEN_FAILURES/${id//\//__}.txt"
            fi
            printf 'fail %s\n' "$id" > "$verdicts/$n"
        fi
        times+=$id$'\t'$(((${EPOCHREALTIME/[.,]/} - started) / 1000))$'\n'
    done
    fork_server_forget_logs
    if [[ -n ${GOLDEN_TIMES:-} ]]; then
        printf '%s' "$times" > "$GOLDEN_TIMES/${BATS_TEST_FILENAME##*/}.tsv"
    fi
}

# golden_run_and_compare ID ACTUAL REPORT: runs case ID into ACTUAL.* with
# each engine of GOLDEN_ENGINE (a line each: several builds of one engine,
# one test); the first on the memcheck fork server when one runs (or under
# CORPUS_WRAPPER), the others as they are; writes the comparison's report
# to REPORT: the first failing engine's, else the last's (empty). Status 1
# when an engine failed the case.
golden_run_and_compare() {
    local id=$1 actual=$2 report=$3 engines=$GOLDEN_ENGINE$'\n' engine tool=${CORPUS_WRAPPER:-}
    local server=${CORPUS_MEMCHECK_SERVER:-}
    while [[ -n $engines ]]; do
        engine=${engines%%$'\n'*} engines=${engines#*$'\n'}
        if [[ -n $server ]]; then
            fork_server_run "$GOLDEN_CASES/$id" "$actual" "${CORPUS_TOOL_LOGS:?}/$id.log"
        else
            CORPUS_WRAPPER=$tool corpus_run "$engine" "$GOLDEN_CASES/$id" "$actual" "$id"
        fi
        corpus_compare "$GOLDEN_CASES/$id" "$actual" "$engine" "$id" > "$report" || return 1
        server='' tool=''
    done
}
