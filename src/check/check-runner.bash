# shellcheck shell=bash
# check-runner.bash -- one program's runs through the sandbox
# (src/sandbox/sandbox.bash), for check-engine's workers and its memory
# check: one sandbox per process, started once. Sourced by
# src/check/check-worker and src/check/check-engine.

# A run stopped for writing too much: the status of SIGXFSZ.
# shellcheck disable=SC2034 # read by the files that source this one
CHECK_FLOOD_STATUS=$((128 + $(kill -l XFSZ)))

# runner_start PROGRAM SANDBOX TIMEOUT [FOLDER] OWN: the sandbox for
# PROGRAM (1: bubblewrap, 0: the limits only), with FOLDER as the
# program's folder when not empty; OWN, the base path of this process's
# own files (a run the sandbox did not keep lands there).
runner_start() {
    RUNNER_OWN=$5
    sandbox_start "$1" "$2" "$3" ${4:+--folder "$4"}
}

runner_stop() {
    sandbox_stop
}

# runner_run MODE INPUT [plain|unbuffered|memcheck [LOG]]: one run of the
# program on INPUT, MODE stdin or graded (as the grader runs it);
# unbuffered: stdout without stdio's buffer (stdbuf -o0); memcheck: under
# Valgrind, its report in LOG. Its files: RUNNER_ACTUAL.out, .err and
# .status, where the sandbox left them (sandbox_result_path) or under
# RUNNER_OWN; its status also in RUNNER_STATUS (125 when the sandbox
# failed).
runner_run() {
    local mode=$1 input=$2 how=${3:-plain} log=${4:-/dev/null}
    sandbox_result_path
    RUNNER_ACTUAL=${SANDBOX_RESULT:-$RUNNER_OWN}
    : > "$RUNNER_ACTUAL.status"
    sandbox_run "$mode" "$input" "$RUNNER_ACTUAL.out" "$RUNNER_ACTUAL.err" "$RUNNER_ACTUAL.status" \
        "$how" "$log" 2>/dev/null || true
    # No status: the sandbox failed (and was restarted elsewhere): 125.
    RUNNER_STATUS=''
    { read -r RUNNER_STATUS < "$RUNNER_ACTUAL.status"; } 2>/dev/null || true
    if [[ -z $RUNNER_STATUS ]]; then
        RUNNER_ACTUAL=$RUNNER_OWN RUNNER_STATUS=125
        : > "$RUNNER_ACTUAL.out"
        : > "$RUNNER_ACTUAL.err"
        echo 125 > "$RUNNER_ACTUAL.status"
    fi
}

# runner_keep ACTUAL STATUS OUTPUT ID: a failing case's run as data for
# the diagnosis (src/diagnose/README.md): ACTUAL.out (stdout; output.txt
# when graded) as OUTPUT/outputs/ID.out, its exit status STATUS as
# OUTPUT/outputs/ID.status (`hang` for a run killed at the timeout, 124).
runner_keep() {
    local actual=$1 status=$2 kept=$3/outputs/$4
    mkdir -p -- "${kept%/*}"
    if [[ -f $actual.out ]]; then cp -- "$actual.out" "$kept.out"; else : > "$kept.out"; fi
    if ((status == 124)); then echo hang; else echo "$status"; fi > "$kept.status"
}

# printable: stdin to stdout with the bytes outside printable ASCII (NUL
# included) as \xNN: a report is text, always.
printable() {
    LC_ALL=C perl -pe 's/([^\x20-\x7e\n\t])/sprintf("\\x%02x", ord($1))/ge'
}
