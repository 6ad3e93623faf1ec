# shellcheck shell=bash
# fork-server.bash -- starts and stops the memcheck fork server for a
# golden suite, and runs a case on it (why and how: fork_server.h).
# Sourced by src/golden/run-golden (start, stop) and src/golden/batch.bash
# (each case, on the server that CORPUS_MEMCHECK_SERVER names; without
# one, the case runs under wrap-memcheck, one Valgrind a case).

FORK_SERVER_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FORK_SERVER_ROOT=$(cd "$FORK_SERVER_DIR/../../.." && pwd)
FORK_SERVER_PID=''
# The empty logs of the cases run here, removed by fork_server_forget_logs.
FORK_SERVER_EMPTY_LOGS=()

# fork_server_start ENGINE LOGS: builds the server and its client if
# needed, starts ENGINE under Valgrind (src/golden/memcheck.flags, one log
# per process in LOGS/PID.log) with the server preloaded, and waits until
# it listens. Exports CORPUS_MEMCHECK_SERVER and CORPUS_MEMCHECK_LOGS.
# Returns 1, with the reason on stderr, when the server did not start (a
# statically linked ENGINE never loads the library, and Valgrind ends):
# the suite then runs Valgrind once a case. A Valgrind still starting gets
# FORK_SERVER_START_SECONDS (default 300): make test-full runs memcheck under
# nice beside the self-tests, where its half second of CPU can take a
# minute, and the fallback would cost that half second on every case.
fork_server_start() {
    local engine=$1 logs=$2 socket flags waited=0 most=$((${FORK_SERVER_START_SECONDS:-300} * 20))
    make -s --no-print-directory -C "$FORK_SERVER_ROOT" build/tools/fork-server.so \
        build/tools/fork-client >&2 || return 1
    mkdir -p -- "$logs"
    socket=$(mktemp -u "${TMPDIR:-/tmp}/fork-server.XXXXXX")
    mapfile -t flags < <(grep -v '^#' "$FORK_SERVER_ROOT/src/golden/memcheck.flags")
    # A forked case spends most of its time translating the code it runs
    # (the server's translations end at main's start: about 500 blocks
    # each, the exit path and glibc's freeres among them): these two make
    # translating cheaper (blocks not chased across branches, a lighter
    # optimisation of the translated code), about a fifth of a case's CPU,
    # and change nothing that memcheck checks (a lighter optimisation can
    # only report more, and the reference engines must report nothing).
    # Only here: a student's program keeps memcheck.flags alone.
    flags+=(--vex-guest-chase=no --vex-iropt-level=1)
    # setsid: the server and every case it forks share a process group,
    # which fork_server_stop ends as one.
    FORK_SERVER_SOCKET=$socket LD_PRELOAD=$FORK_SERVER_ROOT/build/tools/fork-server.so \
        setsid valgrind --quiet "${flags[@]}" --log-file="$logs/%p.log" "$engine" \
        < /dev/null > "$logs/server.out" 2>&1 &
    FORK_SERVER_PID=$!
    until [[ -S $socket ]]; do
        if ! kill -0 "$FORK_SERVER_PID" 2>/dev/null || ((waited >= most)); then
            echo "memcheck: the fork server did not start (${engine}); Valgrind runs once a case" >&2
            fork_server_stop
            return 1
        fi
        sleep 0.05
        waited=$((waited + 1))
    done
    export CORPUS_MEMCHECK_SERVER=$socket CORPUS_MEMCHECK_LOGS=$logs
}

# fork_server_stop: ends the server and whatever it still runs, and
# forgets it; a no-op when none runs.
fork_server_stop() {
    [[ -n $FORK_SERVER_PID ]] || return 0
    kill -TERM -- "-$FORK_SERVER_PID" 2>/dev/null || true
    wait "$FORK_SERVER_PID" 2>/dev/null || true
    rm -f -- "${CORPUS_MEMCHECK_SERVER:-}"
    FORK_SERVER_PID=''
# The empty logs of the cases run here, removed by fork_server_forget_logs.
FORK_SERVER_EMPTY_LOGS=()
    unset CORPUS_MEMCHECK_SERVER CORPUS_MEMCHECK_LOGS
}

# fork_server_run CASE ACTUAL LOG: runs case CASE (a path prefix: CASE.in
# on stdin) on the server, as corpus_run does with the engine: ACTUAL.out,
# ACTUAL.err and ACTUAL.status; killed after CORPUS_TIMEOUT seconds (status
# 124; the client ends the child first). When Valgrind found anything (its
# log of the child, CORPUS_MEMCHECK_LOGS/PID.log, is not empty, or the
# status is Valgrind's 99) the log becomes LOG and is appended to
# ACTUAL.err, and the status is 99: the case then fails with the log in its
# report, as under src/golden/wrap-memcheck. Forks only timeout and the
# client when the case is clean.
fork_server_run() {
    local case_path=$1 actual=$2 log=$3 status=0 pid='' found
    : > "$actual.pid"
    timeout --kill-after=5 "$CORPUS_TIMEOUT" "$FORK_SERVER_ROOT/build/tools/fork-client" \
        "$CORPUS_MEMCHECK_SERVER" "$actual.pid" \
        < "$case_path.in" > "$actual.out" 2> "$actual.err" || status=$?
    read -r pid < "$actual.pid" || true
    found=${CORPUS_MEMCHECK_LOGS:?}/$pid.log
    if [[ -n $pid && -s $found ]] || ((status == 99)); then
        mkdir -p -- "${log%/*}"
        if [[ -n $pid ]]; then mv -f -- "$found" "$log" || true; fi
        {
            printf 'memcheck: Valgrind found errors or leaks (log: %s):\n' "$log"
            cat -- "$log" || true
        } >> "$actual.err" 2>&1
        status=99
    elif [[ -n $pid ]]; then
        FORK_SERVER_EMPTY_LOGS+=("$found")
    fi
    printf '%s\n' "$status" > "$actual.status"
}

# fork_server_forget_logs: removes the empty logs of the cases run by
# fork_server_run in this shell (one process for all of them; never a log
# of a case another shell runs, whose child may still be writing it).
fork_server_forget_logs() {
    ((${#FORK_SERVER_EMPTY_LOGS[@]} == 0)) || rm -f -- "${FORK_SERVER_EMPTY_LOGS[@]}"
    FORK_SERVER_EMPTY_LOGS=()
}
