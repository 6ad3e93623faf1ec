# shellcheck shell=bash disable=SC2034 # (globals for the callers)
# sandbox.bash -- the bash callers' shim over the sandbox program
# (build/sandbox, src/sandbox/README.md), which owns a box's whole life:
# its mode (bubblewrap, or limits only, said on stderr), its directory,
# the program's uid, the driver inside. Sourced by the bash callers that
# remain (the sandbox's tests and sandbox-bench, scripts/mark's build of
# the driver, Gradescope's setup and run) until they call the program
# directly (the package does: harness.sandbox); nothing here decides
# anything about the box. `sandbox start` stays up behind two FIFOs and serves the runs.
#
# API (as before the program took the box over)
#   sandbox_start PROGRAM [--no-sandbox] [--cpu S] [--memory MIB]
#                 [--fsize KIB] [--procs N] [--timeout S]
#                 [--folder DIR [--folder-writable]]
#       (also the short form PROGRAM [1|0 [TIMEOUT]], 0 being --no-sandbox.)
#       The options are `sandbox start`'s. Sets SANDBOX_MODE (bwrap or
#       limits), SANDBOX_WHY (why limits only), SANDBOX_DIR (the box's
#       directory), SANDBOX_PID (the sandbox program's pid), SANDBOX_UID
#       (the program's uid, or empty: the caller's own), SANDBOX_FOLDER (the
#       copy of --folder on this side, read back after a writable run),
#       SANDBOX_CGROUP (the box's control group's directories, ':' between;
#       empty without one).
#       Returns 2 on bad usage, 1 when the box cannot be made.
#   sandbox_run MODE INPUT OUT ERR STATUS_FILE [HOW [LOG]]
#       One run (MODE stdin or graded, HOW plain, unbuffered or memcheck,
#       as the protocol's): stdout (or output.txt) into OUT, stderr into
#       ERR, the status into STATUS_FILE, Valgrind's log into LOG. OUT, ERR,
#       STATUS_FILE and LOG may be BASE.out, .err, .status and .log for the
#       BASE sandbox_result_path gives (left where the driver wrote them).
#       SANDBOX_OUT_SHA256: the SHA-256 of the output. Returns 0 when the
#       case ran, 3 when the box failed (it is restarted), 2 on bad usage.
#   sandbox_result_path     sets SANDBOX_RESULT to that BASE
#   sandbox_stop            ends the box (the program removes its directory)
#   sandbox_describe [OPTION...]
#       The line for reports: the running box's, or `sandbox describe`'s.
#   sandbox_build_driver    builds build/sandbox when missing or stale
# SANDBOX_TIMEOUT: the last start's timeout (how long a run may take to
# answer: the timeout, and the program's own 30 s for a driver that failed,
# and as much again for its restart). Environment: SANDBOX_QUIET=1 (--quiet: no warning line, for workers whose
# caller printed sandbox_describe); SANDBOX_BWRAP, SANDBOX_SCRATCH and
# SANDBOX_TMPFS_MIB, exported or not, become --bwrap, --scratch, --tmpfs.

SANDBOX_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SANDBOX_BIN=${SANDBOX_BIN:-$(dirname "$(dirname "$SANDBOX_LIB_DIR")")/build/sandbox}

sandbox_build_driver() {
    local root source stale=0
    root=$(dirname "$(dirname "$SANDBOX_LIB_DIR")")
    [[ -x $SANDBOX_BIN ]] || stale=1
    for source in "$SANDBOX_LIB_DIR"/*.[ch]; do
        [[ ! $source -nt $SANDBOX_BIN ]] || stale=1
    done
    ((stale)) || return 0
    command -v make >/dev/null || return 1
    mkdir -p -- "$(dirname "$SANDBOX_BIN")"
    # (callers at the same time take turns)
    if command -v flock >/dev/null; then
        flock "$SANDBOX_BIN.lock" make -s --no-print-directory -C "$root" build/sandbox >&2
    else
        make -s --no-print-directory -C "$root" build/sandbox >&2
    fi
}

# sandbox_options ARG...: the short form's positional 1|0 and TIMEOUT as
# options, into sandbox_args (the program first when there is one).
sandbox_options() {
    local positional=()
    sandbox_args=() SANDBOX_TIMEOUT=10
    while (($#)); do
        case $1 in
            --cpu | --memory | --fsize | --procs | --timeout | --folder)
                [[ $1 != --timeout ]] || SANDBOX_TIMEOUT=${2-}
                sandbox_args+=("$1" "${2-}"); shift; (($# == 0)) || shift ;;
            -?*) sandbox_args+=("$1"); shift ;;
            *) positional+=("$1"); shift ;;
        esac
    done
    if ((${#positional[@]} >= 2)); then
        [[ ${positional[1]} == [01] ]] || { echo "sandbox: '${positional[1]}' is not 1 or 0 (sandbox or not)" >&2; return 2; }
        ((positional[1] == 1)) || sandbox_args+=(--no-sandbox)
    fi
    if ((${#positional[@]} >= 3)); then
        sandbox_args+=(--timeout "${positional[2]}") SANDBOX_TIMEOUT=${positional[2]}
    fi
    ((${#positional[@]} <= 3)) || { echo "sandbox: too many arguments" >&2; return 2; }
    # (set in the caller's shell, exported or not)
    if [[ -n ${SANDBOX_BWRAP:-} ]]; then sandbox_args+=(--bwrap "$SANDBOX_BWRAP"); fi
    if [[ -n ${SANDBOX_SCRATCH:-} ]]; then sandbox_args+=(--scratch "$SANDBOX_SCRATCH"); fi
    if [[ -n ${SANDBOX_TMPFS_MIB:-} ]]; then sandbox_args+=(--tmpfs "$SANDBOX_TMPFS_MIB"); fi
    if ((${#positional[@]})); then sandbox_args+=(-- "${positional[0]}"); fi
}

sandbox_start() {
    local sandbox_args fifo line field fields status=0
    sandbox_options "$@" || return 2
    if [[ -n ${SANDBOX_PID:-} ]]; then sandbox_stop; fi
    [[ -x $SANDBOX_BIN ]] || { echo "sandbox: the sandbox program is not built: make build/sandbox" >&2; return 1; }
    SANDBOX_START_ARGS=("$@") SANDBOX_SEQ=0
    [[ -z ${SANDBOX_QUIET:-} ]] || sandbox_args=(--quiet "${sandbox_args[@]}")
    fifo=$(mktemp -d "${TMPDIR:-/tmp}/sandbox-fifo.XXXXXX") || return 1
    mkfifo -m 600 "$fifo/to" "$fifo/from"
    # (opened in the order the program opens them: neither waits forever)
    "$SANDBOX_BIN" start "${sandbox_args[@]}" < "$fifo/to" > "$fifo/from" &
    SANDBOX_PID=$!
    exec {SANDBOX_TO_DRIVER}>"$fifo/to" {SANDBOX_FROM_DRIVER}<"$fifo/from"
    rm -rf -- "$fifo"
    if ! IFS= read -r -u "$SANDBOX_FROM_DRIVER" line || [[ $line != ready$'\t'* ]]; then
        wait "$SANDBOX_PID" || status=$?
        SANDBOX_PID=''
        sandbox_stop
        ((status == 2)) && return 2
        return 1
    fi
    # ready<TAB>mode=...<TAB>dir=...: each field by its name.
    SANDBOX_MODE='' SANDBOX_DIR='' SANDBOX_FOLDER='' SANDBOX_UID='' SANDBOX_WHY='' SANDBOX_DESCRIBE=''
    SANDBOX_CGROUP=''
    IFS=$'\t' read -r -a fields <<< "${line#ready$'\t'}"
    for field in "${fields[@]}"; do
        case $field in
            mode=*) SANDBOX_MODE=${field#*=} ;;
            dir=*) SANDBOX_DIR=${field#*=} ;;
            folder=*) SANDBOX_FOLDER=${field#*=} ;;
            uid=*) SANDBOX_UID=${field#*=} ;;
            why=*) SANDBOX_WHY=${field#*=} ;;
            describe=*) SANDBOX_DESCRIBE=${field#*=} ;;
            cgroup=*) SANDBOX_CGROUP=${field#*=} ;;
        esac
    done
}

sandbox_stop() {
    if [[ -n ${SANDBOX_TO_DRIVER:-} ]]; then
        { printf 'quit\n' >&"$SANDBOX_TO_DRIVER"; } 2>/dev/null || true
        exec {SANDBOX_TO_DRIVER}>&-
    fi
    if [[ -n ${SANDBOX_FROM_DRIVER:-} ]]; then
        # An end of file once the program has removed the box and ended.
        local line
        while read -r -t 10 -u "$SANDBOX_FROM_DRIVER" line; do :; done
        exec {SANDBOX_FROM_DRIVER}<&-
    fi
    if [[ -n ${SANDBOX_PID:-} ]]; then wait "$SANDBOX_PID" 2>/dev/null || true; fi
    SANDBOX_TO_DRIVER='' SANDBOX_FROM_DRIVER='' SANDBOX_PID='' SANDBOX_DIR='' SANDBOX_MODE=''
    SANDBOX_FOLDER='' SANDBOX_DESCRIBE='' SANDBOX_CGROUP=''
}

sandbox_run() {
    local mode=${1:-} input=${2:-} out=${3:-} err=${4:-} status_file=${5:-} how=${6:-plain} log=${7:-}
    if (($# < 5)) || [[ $mode != stdin && $mode != graded ]] ||
        [[ $how != plain && $how != unbuffered && $how != memcheck ]]; then
        echo "usage: sandbox_run stdin|graded INPUT OUT ERR STATUS_FILE [plain|unbuffered|memcheck [LOG]]" >&2
        return 2
    fi
    if [[ -z ${SANDBOX_MODE:-} || -z ${SANDBOX_TO_DRIVER:-} ]]; then
        echo "sandbox: sandbox_run without a started sandbox" >&2
        return 2
    fi
    [[ -r $input && ! -d $input ]] || { echo "sandbox: no input file '$input'" >&2; return 2; }
    [[ $input == /* ]] || input=$PWD/$input
    SANDBOX_OUT_SHA256='' SANDBOX_SEQ=$((SANDBOX_SEQ + 1))
    local verb='' seq='' status='' digest='' io=$SANDBOX_DIR/io
    { printf 'run\t%s\t%s\t%s\t%s\n' "$SANDBOX_SEQ" "$mode" "$how" "$input" >&"$SANDBOX_TO_DRIVER"; } 2>/dev/null
    IFS=$'\t' read -r -t "$((${SANDBOX_TIMEOUT%.*} + 90))" -u "$SANDBOX_FROM_DRIVER" verb seq status digest || true
    if [[ $verb != "done" || $seq != "$SANDBOX_SEQ" ]]; then
        if [[ $verb == error ]]; then
            echo "sandbox: $status" >&2  # (the program restarted the box)
        else
            echo "sandbox: the sandbox program stopped answering; starting it again" >&2
            sandbox_start "${SANDBOX_START_ARGS[@]}" || true
        fi
        return 3
    fi
    [[ $digest == - ]] || SANDBOX_OUT_SHA256=$digest
    sandbox_take "$io/case.out" "$out"
    sandbox_take "$io/case.err" "$err"
    if [[ $how == memcheck && -n $log ]]; then sandbox_take "$io/case.log" "$log"; fi
    printf '%s\n' "$status" > "$status_file"
}

sandbox_result_path() {
    SANDBOX_RESULT=''
    [[ -z ${SANDBOX_MODE:-} || -z ${SANDBOX_DIR:-} ]] || SANDBOX_RESULT=$SANDBOX_DIR/io/case
}

# sandbox_take FROM TO: moves FROM to TO when it is a regular file with
# something in it; else TO is made empty. FROM and TO the same path (see
# sandbox_result_path): left in place, without the process of a mv.
sandbox_take() {
    if [[ $1 == "$2" ]]; then
        if [[ -L $1 || (-e $1 && ! -f $1) ]]; then rm -rf -- "$1"; fi
        if [[ ! -e $1 ]]; then : > "$1"; fi
    elif [[ -f $1 && ! -L $1 && -s $1 ]]; then
        mv -f -- "$1" "$2"
    else
        : > "$2"
    fi
}

sandbox_describe() {
    if [[ -n ${SANDBOX_DESCRIBE:-} && $# -eq 0 ]]; then
        printf '%s\n' "$SANDBOX_DESCRIBE"
        return
    fi
    local sandbox_args
    sandbox_options _ "$@" || return 2
    "$SANDBOX_BIN" describe "${sandbox_args[@]:0:${#sandbox_args[@]}-2}"
}
