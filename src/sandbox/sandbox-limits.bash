# shellcheck shell=bash disable=SC2153,SC2154 # (globals set by sandbox.bash)
# sandbox-limits.bash -- the limits-only mode of src/sandbox/sandbox.bash,
# where bubblewrap is missing or refused, or with --no-sandbox: each run
# under ulimit and timeout(1) in a process group of its own, killed whole
# afterwards; as root the program runs as a uid of its own. Sourced by
# sandbox.bash; its globals are sandbox.bash's.

# sandbox_limits_uid: root ignores ulimit -u, so without bubblewrap the
# program runs as a uid of its own (SANDBOX_UID), owner of its working
# directory and TMPDIR; from a copy of itself when that uid cannot reach
# it. Where even that fails (a TMPDIR closed to others), it stays root.
sandbox_limits_uid() {
    local uid
    uid=$(sandbox_new_uid)
    chown "$uid:$uid" "$SANDBOX_DIR/work" "$SANDBOX_DIR/tmp" || return 0
    chmod 755 "$SANDBOX_DIR"
    if ! sandbox_reaches "$uid" "$SANDBOX_PROGRAM"; then
        cp -- "$SANDBOX_PROGRAM" "$SANDBOX_DIR/program" && chmod 755 "$SANDBOX_DIR/program"
        SANDBOX_PROGRAM=$SANDBOX_DIR/program
    fi
    if sandbox_reaches "$uid" "$SANDBOX_PROGRAM"; then SANDBOX_UID=$uid; fi
}

# sandbox_reaches UID PROGRAM: UID can run PROGRAM and write in the
# working directory.
sandbox_reaches() {
    # shellcheck disable=SC2016 # the script is sh's
    setpriv "--reuid=$1" "--regid=$1" --clear-groups /bin/sh -c '[ -x "$1" ] && [ -w "$2" ]' \
        sh "$2" "$SANDBOX_DIR/work" 2>/dev/null
}

# sandbox_run_limits: sandbox_run without bubblewrap: ulimits, timeout(1)
# in a process group of its own, killed whole afterwards, in a private
# working directory and TMPDIR.
sandbox_run_limits() {
    local mode=$1 input=$2 out=$3 err=$4 status_file=$5 how=${6:-plain} log=${7:-/dev/null}
    local dir=${SANDBOX_DIR:?} stdin=$2 stdout=$3 status=0 pid command=() started finished
    # As root, the program runs as a uid of its own: root ignores ulimit -u.
    if [[ -n $SANDBOX_UID ]]; then
        command=(setpriv "--reuid=$SANDBOX_UID" "--regid=$SANDBOX_UID" --clear-groups
            --inh-caps=-all --ambient-caps=-all --bounding-set=-all --no-new-privs --)
    fi
    case $how in
        plain) command+=("$SANDBOX_PROGRAM") ;;
        unbuffered) command+=("$(sandbox_tool_path stdbuf)" -o0 "$SANDBOX_PROGRAM") ;;
        memcheck) command+=("$(sandbox_tool_path valgrind)" "${SANDBOX_MEMCHECK_FLAGS[@]}"
                      --log-fd=3 "$SANDBOX_PROGRAM") ;;
    esac
    if [[ $mode == graded ]]; then
        (umask 022 && cp -- "$input" "$dir/work/input.txt") || return 3
        command+=(input.txt output.txt) stdin=/dev/null stdout=$dir/stdout
    fi
    started=${EPOCHREALTIME/./}
    (
        sandbox_close_fds
        # (only Valgrind gets a descriptor 3, for its log; opened before the
        # cd, since LOG may be a path relative to the caller's directory)
        if [[ $how == memcheck ]]; then exec 3> "$log"; fi
        cd "${dir:?}/work" || exit 126
        ulimit -S -t "$SANDBOX_CPU" && ulimit -H -t "$((SANDBOX_CPU + 1))"
        ulimit -v "$((SANDBOX_MEMORY_MIB * 1024))" -f "$SANDBOX_FSIZE_KIB" -u "$SANDBOX_PROCS_ALLOWED" -c 0
        # The environment bubblewrap's driver gives, but for a home and
        # TMPDIR of the run's own: nothing of the caller's (its PATH may
        # hold folders the program's uid cannot reach).
        exec timeout --kill-after=1 "$SANDBOX_TIMEOUT" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin \
            HOME="$dir/tmp" TMPDIR="$dir/tmp" LANG=C.UTF-8 "${command[@]}"
    ) < "$stdin" > "$stdout" 2> "$err" &
    pid=$!
    # (bash's "Killed" notice for the run is not for the caller's stderr)
    { wait "$pid" || status=$?; } 2>/dev/null
    finished=${EPOCHREALTIME/./}
    # timeout(1) made the process group $pid: what the program left in it.
    kill -KILL -- "-$pid" 2>/dev/null || true
    sandbox_hang_status status "$started" "$finished"
    if [[ $mode == graded ]]; then
        if [[ -f $dir/work/output.txt && ! -L $dir/work/output.txt ]]; then
            mv -f -- "$dir/work/output.txt" "$out"
        else
            : > "$out"
        fi
    fi
    # Emptied when the run left anything (without a process otherwise).
    local restore=() left
    shopt -q nullglob || restore+=(nullglob)
    shopt -q dotglob || restore+=(dotglob)
    shopt -s nullglob dotglob
    left=("${dir:?}/work"/* "${dir:?}/tmp"/*)
    if ((${#restore[@]})); then shopt -u "${restore[@]}"; fi
    if ((${#left[@]})) && ! rm -rf -- "${left[@]}" 2>/dev/null; then
        chmod -R u+rwX -- "${left[@]}" 2>/dev/null || true
        rm -rf -- "${left[@]}"
    fi
    printf '%s\n' "$status" > "$status_file"
}

# sandbox_tool_path TOOL: TOOL's real path, looked up on the caller's PATH
# once per sandbox. The program's uid (root starts it as a uid of its own)
# may not reach every folder of the caller's PATH, nor the links there.
sandbox_tool_path() {
    local -n known=SANDBOX_TOOL_PATH_$1
    if [[ -z ${known:-} ]]; then known=$(readlink -f -- "$(type -P "$1")") || known=$1; fi
    printf '%s\n' "$known"
}

# sandbox_hang_status VAR STARTED FINISHED (microseconds): a program that
# ignores SIGTERM is killed a second after the timeout (status 137): that
# is a hang all the same, 124.
sandbox_hang_status() {
    local -n sandbox_status=$1
    if ((sandbox_status == 137 && ($3 - $2) / 1000 >= ${SANDBOX_TIMEOUT%.*} * 1000)); then
        sandbox_status=124
    fi
}
