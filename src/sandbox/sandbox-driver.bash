# shellcheck shell=bash disable=SC2153,SC2154 # (globals set by sandbox.bash)
# sandbox-driver.bash -- the client's side of the driver's protocol
# (src/sandbox/sandbox_driver.h), the same in both modes: the driver
# started behind two FIFOs, its "ready" awaited, and its end. Sourced by
# sandbox.bash; its globals are sandbox.bash's.

# sandbox_start_driver COMMAND...: runs COMMAND (bubblewrap with the driver
# inside, or the driver itself, with limits only) in a subshell with no
# descriptor of the caller's, its stdin and stdout through FIFOs in
# SANDBOX_DIR; true once the driver said "ready", else false with the
# reason in SANDBOX_WHY, and everything ended.
sandbox_start_driver() {
    local dir=$SANDBOX_DIR reply='' said='' rw
    rm -f -- "$dir/to-driver" "$dir/from-driver"
    mkfifo -m 600 "$dir/to-driver" "$dir/from-driver"
    # Opened read-write first, so that no open blocks whoever comes first.
    exec {SANDBOX_TO_DRIVER}<>"$dir/to-driver" {rw}<>"$dir/from-driver"
    (
        sandbox_close_fds
        "$@"
    ) < "$dir/to-driver" > "$dir/from-driver" 2> "$dir/driver.log" &
    SANDBOX_PID=$!
    sandbox_await_ready "$rw"
    if [[ $reply == ready ]]; then
        # Only the driver writes from-driver now: its end is an end of file.
        exec {SANDBOX_FROM_DRIVER}<"$dir/from-driver" {rw}>&-
        return 0
    fi
    exec {rw}>&-
    SANDBOX_WHY=$(head -n 1 -- "$dir/driver.log" 2>/dev/null)
    if [[ -z $SANDBOX_WHY ]]; then
        if sandbox_alive "$SANDBOX_PID"; then
            SANDBOX_WHY="its driver did not answer in 30 s${said:+ (it said: $said)}"
        else
            local status=0
            wait "$SANDBOX_PID" 2>/dev/null || status=$?
            SANDBOX_WHY="it ended with status $status, without a message${said:+ (it said: $said)}"
        fi
    fi
    sandbox_end_driver
    return 1
}

# sandbox_await_ready FD: reads the driver's lines on FD until "ready" (at
# most 30 s), unless the driver ends first; `reply` is the last line, `said`
# what came before it (the caller's locals). (read takes a pipe byte by
# byte: a read that times out keeps the part of the line it got, to be
# completed by the next.)
sandbox_await_ready() {
    local deadline=$((SECONDS + 30)) part
    reply=''
    while :; do
        if read -r -t 0.05 -u "$1" part; then
            reply+=$part
            [[ $reply == ready ]] && break
            said+=$reply reply=''
        else
            reply+=$part
        fi
        if ! sandbox_alive "$SANDBOX_PID" || ((SECONDS > deadline)); then break; fi
    done
}

# sandbox_alive PID: true while process PID runs (a zombie has ended).
sandbox_alive() {
    local stat
    { read -r stat < "/proc/$1/stat"; } 2>/dev/null || return 1
    stat=${stat##*) }
    [[ ${stat:0:1} != Z ]]
}

# sandbox_end_driver: asks the driver to quit, waits (at most 5 s) until it
# has gone (with bubblewrap: the whole sandbox), else kills what
# sandbox_start_driver started; closes the pipes.
sandbox_end_driver() {
    local reply
    if [[ -n ${SANDBOX_TO_DRIVER:-} ]]; then
        { printf 'quit\n' >&"$SANDBOX_TO_DRIVER"; } 2>/dev/null || true
        exec {SANDBOX_TO_DRIVER}>&-
    fi
    if [[ -n ${SANDBOX_FROM_DRIVER:-} ]]; then
        # End of file once the driver, bubblewrap's init and bubblewrap are gone.
        while read -r -t 5 -u "$SANDBOX_FROM_DRIVER" reply; do :; done
        exec {SANDBOX_FROM_DRIVER}<&-
    fi
    if [[ -n ${SANDBOX_PID:-} ]]; then
        kill -KILL "$SANDBOX_PID" 2>/dev/null || true
        wait "$SANDBOX_PID" 2>/dev/null || true
    fi
    SANDBOX_TO_DRIVER='' SANDBOX_FROM_DRIVER='' SANDBOX_PID=''
}
