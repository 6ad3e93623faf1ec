# shellcheck shell=bash
# fork-server.bash -- starts and stops the memcheck fork server for a
# golden suite (why and how: fork_server.h). Sourced by
# src/golden/run-golden; wrap-memcheck sends each case to the server that
# CORPUS_MEMCHECK_SERVER names, and runs Valgrind afresh without it.

FORK_SERVER_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FORK_SERVER_ROOT=$(cd "$FORK_SERVER_DIR/../../.." && pwd)
FORK_SERVER_PID=''

# fork_server_start ENGINE LOGS: builds the server and its client if
# needed, starts ENGINE under Valgrind (src/golden/memcheck.flags, one log
# per process in LOGS/PID.log) with the server preloaded, and waits until
# it listens. Exports CORPUS_MEMCHECK_SERVER and CORPUS_MEMCHECK_LOGS.
# Returns 1, with the reason on stderr, when the server did not start (a
# statically linked ENGINE never loads the library): the suite then runs
# Valgrind once a case.
fork_server_start() {
    local engine=$1 logs=$2 socket flags waited=0
    make -s --no-print-directory -C "$FORK_SERVER_ROOT" build/tools/fork-server.so \
        build/tools/fork-client >&2 || return 1
    mkdir -p -- "$logs"
    socket=$(mktemp -u "${TMPDIR:-/tmp}/fork-server.XXXXXX")
    mapfile -t flags < <(grep -v '^#' "$FORK_SERVER_ROOT/src/golden/memcheck.flags")
    # setsid: the server and every case it forks share a process group,
    # which fork_server_stop ends as one.
    FORK_SERVER_SOCKET=$socket LD_PRELOAD=$FORK_SERVER_ROOT/build/tools/fork-server.so \
        setsid valgrind --quiet "${flags[@]}" --log-file="$logs/%p.log" "$engine" \
        < /dev/null > "$logs/server.out" 2>&1 &
    FORK_SERVER_PID=$!
    until [[ -S $socket ]]; do
        if ! kill -0 "$FORK_SERVER_PID" 2>/dev/null || ((waited >= 600)); then
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
    unset CORPUS_MEMCHECK_SERVER CORPUS_MEMCHECK_LOGS
}
