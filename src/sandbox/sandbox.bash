# shellcheck shell=bash
# sandbox.bash -- runs an untrusted program on one input after another,
# inside one bubblewrap sandbox per worker. Sourced by src/check/check-engine and its workers
# (and its tests). Starting bubblewrap costs several times a run of an
# engine, so a worker starts one sandbox (sandbox_start) in which a small
# driver (the C files beside this one, built by make) stays for the worker's life and runs
# each case on request (sandbox_run); sandbox_stop ends it.
#
# Inside, the program sees a read-only /usr, /etc and /bin, /sbin, /lib*
# (as links or read-only binds, as on the host), /proc of its own PID
# namespace, a minimal /dev, a private /tmp, an empty working directory
# (/sandbox/work), and itself, read-only, as /sandbox/program: not the
# repository, the corpus, $HOME, /root or /work. No network (a network
# namespace of its own: loopback only), System V IPC and hostname of its
# own. Started as root, the driver is root inside (no user namespace, only
# the capabilities it needs) and runs the program as a uid of its own,
# without capabilities or new privileges: the exchange directory
# (/sandbox/io, where the driver finds the input and leaves the output) and
# the driver are closed to it. Started as another user, bubblewrap takes a
# user namespace and the program shares the driver's uid: it can then see
# the exchange directory (never more than its own input and output) and
# kill the driver (sandbox_run then restarts the sandbox). After every case
# the driver kills every process left in the namespace and empties the
# working directory, /tmp, /dev/shm, /dev/mqueue and System V IPC before it
# answers.
#
# Where bubblewrap is missing or refused (no user namespaces), sandbox_start
# says so on stderr and the runs go on with the limits only: the same
# driver, started outside any namespace (sandbox-limits.bash), with the
# same protocol and limits (CPU, memory, file size, processes, the
# timeout), a working directory and TMPDIR (and HOME) of its own, the
# driver's environment (PATH /usr/local/bin:/usr/bin:/bin, LANG; nothing
# of the caller's); every process a run leaves is killed by descent (the
# driver is their subreaper, so an orphan that left its session is found
# too); as root, the program runs as a uid of its own (root ignores
# ulimit -u). So does --no-sandbox, without the warning.
#
# API
#   sandbox_start PROGRAM [--no-sandbox] [--cpu S] [--memory MIB]
#                 [--fsize KIB] [--procs N] [--timeout S]
#                 [--folder DIR [--folder-writable]]
#       (also the short form sandbox_start PROGRAM [1|0 [TIMEOUT]], 0 being
#       --no-sandbox.) Defaults: timeout 10 s, CPU the timeout rounded up plus 1,
#       memory 1024 MiB (data: heap and anonymous memory; the address
#       space may be four times that, for a JVM's reservations), files
#       65536 KiB, 64 processes.
#       Sets SANDBOX_MODE (bwrap or limits), SANDBOX_WHY (why limits only),
#       SANDBOX_PROGRAM, SANDBOX_DIR, SANDBOX_PID (bubblewrap's pid),
#       SANDBOX_UID (the program's uid, or empty: the caller's own),
#       SANDBOX_TIMEOUT, SANDBOX_CPU, SANDBOX_MEMORY_MIB, SANDBOX_FSIZE_KIB,
#       SANDBOX_PROCS. --folder: a copy of DIR (SANDBOX_FOLDER, on this
#       side) is the program's folder, read-only to it unless
#       --folder-writable; the program finds it through the environment
#       variable SANDBOX_FOLDER (/sandbox/folder inside bubblewrap): a
#       launcher such as `exec java -cp "$SANDBOX_FOLDER" hw4 "$@"` runs a
#       program that is more than one file, and a build writes into a
#       writable one (read back from SANDBOX_FOLDER before sandbox_stop).
#       Returns 2 on bad usage, 1 when it cannot make its
#       directory; a sandbox it cannot start is the limits-only mode.
#   sandbox_run MODE INPUT OUT ERR STATUS_FILE [HOW [LOG]]
#       MODE stdin: INPUT on stdin, stdout into OUT; graded: INPUT as
#       input.txt in an empty directory, run as `PROGRAM input.txt
#       output.txt`, output.txt into OUT (empty when there is none or it is
#       not a regular file). stderr into ERR, the exit status into
#       STATUS_FILE: 124 for a hang, 128+N for a death by signal N (SIGXFSZ:
#       the file-size limit; SIGXCPU, or SIGKILL a second later: the CPU
#       limit). HOW: plain (the default), unbuffered (stdout through stdbuf
#       -o0) or memcheck (under Valgrind, its whole log into LOG). Returns 0
#       when the case ran, whatever its status; 3 when the sandbox failed
#       (it is restarted for the next case); 2 on bad usage. OUT, ERR,
#       STATUS_FILE and LOG may be BASE.out, .err, .status and .log for the
#       BASE that sandbox_result_path gives: the run's files stay where the
#       driver wrote them (no process to move them).
#       After a run in bubblewrap, SANDBOX_OUT_SHA256 holds the SHA-256 of
#       its stdout (as the driver read it), else it is empty.
#   sandbox_result_path
#       Sets SANDBOX_RESULT to that BASE, or to empty in the limits mode.
#   sandbox_build_driver
#       Builds the driver (make) when it is missing or stale.
#   sandbox_stop
#       Ends the sandbox and removes its directory. (A directory left by an
#       owner that died without it is removed by the next sandbox_start.)
#   sandbox_describe [same options as sandbox_start, without PROGRAM]
#       One line for reports: the running sandbox, or, before any start,
#       what sandbox_start would get (trying bubblewrap once).
#
# One sandbox serves one caller at a time: the shell that started it and
# its subshells. Environment: SANDBOX_BWRAP (default bwrap), SANDBOX_QUIET=1
# (no warning line from sandbox_start, for workers whose caller already
# printed sandbox_describe), SANDBOX_TMPFS_MIB (size of /tmp and of the
# working directory inside, default 256).

SANDBOX_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# Valgrind's options for a memcheck run, in both modes (the project's one list).
mapfile -t SANDBOX_MEMCHECK_FLAGS < <(grep -v '^#' "$SANDBOX_LIB_DIR/../golden/memcheck.flags")
# The driver (the C files of this folder), built by make.
SANDBOX_DRIVER=${SANDBOX_DRIVER:-$(dirname "$(dirname "$SANDBOX_LIB_DIR")")/build/tools/sandbox-driver}
# The driver's protocol, and the two modes: bubblewrap with the driver
# inside, and the driver alone with limits only.
# shellcheck source=src/sandbox/sandbox-driver.bash
source "$SANDBOX_LIB_DIR/sandbox-driver.bash"
# shellcheck source=src/sandbox/sandbox-bwrap.bash
source "$SANDBOX_LIB_DIR/sandbox-bwrap.bash"
# shellcheck source=src/sandbox/sandbox-limits.bash
source "$SANDBOX_LIB_DIR/sandbox-limits.bash"

# sandbox_build_driver: builds the driver with make when it is missing or
# older than its sources (a no-op otherwise, without a process); callers
# at the same time take turns (flock).
sandbox_build_driver() {
    local root source stale=0
    root=$(dirname "$(dirname "$SANDBOX_LIB_DIR")")
    [[ -x $SANDBOX_DRIVER ]] || stale=1
    for source in "$SANDBOX_LIB_DIR"/*.[ch]; do
        [[ ! $source -nt $SANDBOX_DRIVER ]] || stale=1
    done
    ((stale)) || return 0
    command -v make >/dev/null || return 1
    # Two callers at once (mark's submissions on another machine) take turns.
    mkdir -p -- "$(dirname "$SANDBOX_DRIVER")"
    if command -v flock >/dev/null; then
        flock "$SANDBOX_DRIVER.lock" make -s --no-print-directory -C "$root" build/tools/sandbox-driver >&2
    else
        make -s --no-print-directory -C "$root" build/tools/sandbox-driver >&2
    fi
}

# sandbox_parse_options ARG...: the options shared by sandbox_start and
# sandbox_describe, into sandbox_opt_*; the first positional argument into
# sandbox_opt_program. Returns 2 (with a message) on a bad one.
sandbox_parse_options() {
    sandbox_opt_program='' sandbox_opt_sandbox=1 sandbox_opt_timeout=10 sandbox_opt_cpu=''
    sandbox_opt_memory=1024 sandbox_opt_fsize=65536 sandbox_opt_procs=64
    sandbox_opt_folder='' sandbox_opt_folder_writable=0
    local positional=()
    while (($#)); do
        case $1 in
            --no-sandbox) sandbox_opt_sandbox=0; shift; continue ;;
            --folder-writable) sandbox_opt_folder_writable=1; shift; continue ;;
            --folder) sandbox_opt_folder=${2:-} ;;
            --cpu) sandbox_opt_cpu=${2:-} ;;
            --memory) sandbox_opt_memory=${2:-} ;;
            --fsize) sandbox_opt_fsize=${2:-} ;;
            --procs) sandbox_opt_procs=${2:-} ;;
            --timeout) sandbox_opt_timeout=${2:-} ;;
            -?*) echo "sandbox: unknown option '$1'" >&2; return 2 ;;
            *) positional+=("$1"); shift; continue ;;
        esac
        (($# >= 2)) || { echo "sandbox: $1 needs a value" >&2; return 2; }
        shift 2
    done
    # The short form: PROGRAM [1|0 [TIMEOUT]].
    sandbox_opt_program=${positional[0]:-}
    if ((${#positional[@]} >= 2)); then
        [[ ${positional[1]} == [01] ]] || { echo "sandbox: '${positional[1]}' is not 1 or 0 (sandbox or not)" >&2; return 2; }
        ((positional[1] == 1)) || sandbox_opt_sandbox=0
    fi
    if ((${#positional[@]} >= 3)); then sandbox_opt_timeout=${positional[2]}; fi
    ((${#positional[@]} <= 3)) || { echo "sandbox: too many arguments" >&2; return 2; }
    [[ $sandbox_opt_timeout =~ ^[0-9]*\.?[0-9]+$ && ! $sandbox_opt_timeout =~ ^0*\.?0*$ ]] ||
        { echo "sandbox: --timeout needs a positive number of seconds" >&2; return 2; }
    # CPU seconds: by default a second above the wall-clock limit, rounded
    # up, so that a program spinning on one core is a hang (the timeout
    # comes first, not in a race with SIGXCPU); the CPU limit stops what
    # burns several cores at once.
    if [[ -z $sandbox_opt_cpu ]]; then
        sandbox_opt_cpu=$((${sandbox_opt_timeout%.*} + 1))
        [[ $sandbox_opt_timeout != *.* ]] || sandbox_opt_cpu=$((sandbox_opt_cpu + 1))
    fi
    local name value
    for name in cpu memory fsize procs; do
        local -n value=sandbox_opt_$name
        [[ $value =~ ^[1-9][0-9]*$ ]] || { echo "sandbox: --$name needs a positive whole number" >&2; return 2; }
    done
}

# sandbox_limits_text: the limits, in words.
sandbox_limits_text() {
    printf '%s s CPU, %s MiB memory, %s KiB per file, %s processes, %s s timeout' \
        "$sandbox_opt_cpu" "$sandbox_opt_memory" "$sandbox_opt_fsize" "$sandbox_opt_procs" "$sandbox_opt_timeout"
}

# sandbox_close_fds: closes every descriptor above 2 of this (sub)shell, so
# that nothing of the caller's reaches the program.
sandbox_close_fds() {
    local fd
    for fd in /proc/self/fd/*; do
        fd=${fd##*/}
        if ((fd > 2 && fd != 255)); then { exec {fd}>&-; } 2>/dev/null || true; fi
    done
}

sandbox_start() {
    sandbox_parse_options "$@" || return 2
    [[ -n $sandbox_opt_program ]] || { echo "usage: sandbox_start PROGRAM [--no-sandbox] [--cpu S] [--memory MIB] [--fsize KIB] [--procs N] [--timeout S]" >&2; return 2; }
    [[ -f $sandbox_opt_program && -x $sandbox_opt_program ]] ||
        { echo "sandbox: '$sandbox_opt_program' is not an executable file" >&2; return 2; }
    if [[ -n ${SANDBOX_DIR:-} ]]; then sandbox_stop; fi
    SANDBOX_START_ARGS=("$@")
    SANDBOX_PROGRAM=$(realpath -- "$sandbox_opt_program")
    SANDBOX_TIMEOUT=$sandbox_opt_timeout SANDBOX_CPU=$sandbox_opt_cpu
    SANDBOX_MEMORY_MIB=$sandbox_opt_memory SANDBOX_FSIZE_KIB=$sandbox_opt_fsize
    SANDBOX_PROCS=$sandbox_opt_procs SANDBOX_SEQ=0 SANDBOX_PID='' SANDBOX_UID='' SANDBOX_WHY=''
    SANDBOX_FOLDER='' SANDBOX_FOLDER_WRITABLE=$sandbox_opt_folder_writable
    sandbox_scratch
    sandbox_sweep
    if ! SANDBOX_DIR=$(mktemp -d "$SANDBOX_SCRATCH/sandbox.XXXXXX") ||
        ! mkdir -m 700 "$SANDBOX_DIR/io" "$SANDBOX_DIR/work" "$SANDBOX_DIR/tmp"; then
        echo "sandbox: cannot make a directory under $SANDBOX_SCRATCH" >&2
        [[ -z $SANDBOX_DIR ]] || rm -rf -- "$SANDBOX_DIR"
        SANDBOX_DIR='' SANDBOX_MODE=''
        return 1
    fi
    # The shell that owns the sandbox (the driver dies with it): see sandbox_sweep.
    echo "$BASHPID" > "$SANDBOX_DIR/owner"
    if [[ -n $sandbox_opt_folder ]] && ! sandbox_copy_folder "$sandbox_opt_folder"; then
        sandbox_stop
        return 1
    fi
    if [[ ! -f $SANDBOX_DRIVER || ! -x $SANDBOX_DRIVER ]]; then
        echo "sandbox: the driver is not built: make $SANDBOX_DRIVER" >&2
        sandbox_stop
        return 1
    fi
    SANDBOX_MODE=limits
    if ((sandbox_opt_sandbox == 0)); then
        SANDBOX_WHY=--no-sandbox
    elif ! command -v "${SANDBOX_BWRAP:-bwrap}" >/dev/null; then
        SANDBOX_WHY="${SANDBOX_BWRAP:-bwrap} not found"
    elif sandbox_start_bwrap; then
        SANDBOX_MODE=bwrap
        return 0
    fi
    if [[ $SANDBOX_WHY != --no-sandbox && -z ${SANDBOX_QUIET:-} ]]; then
        echo "sandbox: bubblewrap unavailable ($SANDBOX_WHY); running with limits only" >&2
    fi
    SANDBOX_UID='' SANDBOX_PID=''
    sandbox_start_limits || {
        echo "sandbox: the driver did not start with limits only: $SANDBOX_WHY" >&2
        sandbox_stop
        return 1
    }
}

# sandbox_copy_folder DIR: the program's folder, copied to SANDBOX_DIR/folder
# (SANDBOX_FOLDER): the program works on a copy, readable by any uid (the
# program's may be another), never on the caller's files.
sandbox_copy_folder() {
    [[ -d $1 ]] || { echo "sandbox: no folder '$1'" >&2; return 1; }
    SANDBOX_FOLDER=$SANDBOX_DIR/folder
    if ! cp -R -- "$1" "$SANDBOX_FOLDER" || ! chmod -R a+rX,go-w -- "$SANDBOX_FOLDER"; then
        echo "sandbox: cannot copy the folder '$1'" >&2
        return 1
    fi
}

# sandbox_folder_owner UID: a writable folder belongs to the program's uid.
sandbox_folder_owner() {
    [[ -n ${SANDBOX_FOLDER:-} && ${SANDBOX_FOLDER_WRITABLE:-0} == 1 && -n $1 ]] || return 0
    chown -R "$1:$1" -- "$SANDBOX_FOLDER"
}

# sandbox_scratch: sets SANDBOX_SCRATCH, where a sandbox's directory is
# made (its exchange files are written and truncated on every run): the
# caller's SANDBOX_SCRATCH when set; else /dev/shm when it is a writable
# tmpfs with at least 1 GiB free (a run may write 64 MiB); else TMPDIR or
# /tmp. On ext4, truncating and rewriting a file flushes it at close
# (auto_da_alloc) and discards its blocks: a third of the CPU of checking
# the checkers corpus went there. Asked once per process.
sandbox_scratch() {
    [[ -z ${SANDBOX_SCRATCH:-} ]] || return 0
    SANDBOX_SCRATCH=${TMPDIR:-/tmp}
    local kind='' free='' block=''
    if [[ -d /dev/shm && -w /dev/shm ]] &&
        read -r kind free block < <(stat -f -c '%T %a %S' /dev/shm 2>/dev/null) &&
        [[ $kind == tmpfs && $free =~ ^[0-9]+$ && $block =~ ^[0-9]+$ ]] &&
        ((free * block >= 1024 * 1024 * 1024)); then
        SANDBOX_SCRATCH=/dev/shm
    fi
}

# sandbox_sweep: removes the directories of sandboxes whose owner died
# without sandbox_stop (a worker killed, an interrupted run): ours, with an
# owner file naming a pid that no longer runs.
sandbox_sweep() {
    local owner pid
    for owner in "$SANDBOX_SCRATCH"/sandbox.*/owner; do
        [[ -f $owner && -O $owner ]] || continue
        { read -r pid < "$owner"; } 2>/dev/null || continue
        [[ $pid =~ ^[0-9]+$ ]] || continue
        [[ -e /proc/$pid ]] || rm -rf -- "${owner%/owner}"
    done
}

# sandbox_new_uid: a uid for the program, unlikely to be anyone's (nor
# another worker's: ulimit -u counts the processes of a uid).
sandbox_new_uid() {
    echo "$((1000000 + ((RANDOM << 15) | RANDOM) % 1000000000))"
}

sandbox_stop() {
    [[ -n ${SANDBOX_DIR:-} ]] || return 0
    sandbox_end_driver
    rm -rf -- "$SANDBOX_DIR"
    SANDBOX_DIR='' SANDBOX_MODE='' SANDBOX_FOLDER=''
}

sandbox_run() {
    local mode=${1:-} input=${2:-} out=${3:-} err=${4:-} status_file=${5:-} how=${6:-plain} log=${7:-}
    if (($# < 5)) || [[ $mode != stdin && $mode != graded ]] ||
        [[ $how != plain && $how != unbuffered && $how != memcheck ]]; then
        echo "usage: sandbox_run stdin|graded INPUT OUT ERR STATUS_FILE [plain|unbuffered|memcheck [LOG]]" >&2
        return 2
    fi
    if [[ -z ${SANDBOX_MODE:-} || -z ${SANDBOX_DIR:-} || ! -d $SANDBOX_DIR/io ]]; then
        echo "sandbox: sandbox_run without a started sandbox" >&2
        return 2
    fi
    [[ -r $input && ! -d $input ]] || { echo "sandbox: no input file '$input'" >&2; return 2; }
    SANDBOX_OUT_SHA256=''
    local io=$SANDBOX_DIR/io verb seq status why digest
    sandbox_put_input "$input" "$io/in" || return 3
    SANDBOX_SEQ=$((SANDBOX_SEQ + 1))
    printf 'run %s %s %s\n' "$SANDBOX_SEQ" "$mode" "$how" >&"$SANDBOX_TO_DRIVER"
    # Lines for another request are stale (or forged): skipped.
    while read -r -t "$((${SANDBOX_TIMEOUT%.*} + 30))" -u "$SANDBOX_FROM_DRIVER" verb seq status; do
        [[ $seq == "$SANDBOX_SEQ" ]] && break
    done
    if [[ $seq != "$SANDBOX_SEQ" || $verb != "done" || ! $status =~ ^[0-9]+$ ]]; then
        why="the sandbox stopped answering"
        [[ $verb != error || $seq != "$SANDBOX_SEQ" ]] || why=$status
        echo "sandbox: $why; restarting it (driver log: $(tail -n 3 "$SANDBOX_DIR/driver.log" 2>/dev/null | tr '\n' ' '))" >&2
        sandbox_start "${SANDBOX_START_ARGS[@]}" || true
        return 3
    fi
    # The exchange area is the program's too when it runs as our own uid:
    # only regular files are taken from it.
    { read -r digest < "$io/case.sha256"; } 2>/dev/null || digest=''
    # shellcheck disable=SC2034 # for the caller
    if [[ $digest =~ ^[0-9a-f]{64}$ ]]; then SANDBOX_OUT_SHA256=$digest; fi
    sandbox_take "$io/case.out" "$out"
    sandbox_take "$io/case.err" "$err"
    if [[ $how == memcheck && -n $log ]]; then sandbox_take "$io/case.log" "$log"; fi
    printf '%s\n' "$status" > "$status_file"
}

# sandbox_result_path: where sandbox_run may leave a run's output in place
# (BASE.out, BASE.err, BASE.log, BASE.status; one run's at a time): a base
# path inside the sandbox's exchange directory, or empty in the limits
# mode. A restart moves it: asked again after every run.
# shellcheck disable=SC2034 # for the caller
sandbox_result_path() {
    if [[ -n ${SANDBOX_MODE:-} && -n ${SANDBOX_DIR:-} ]]; then
        SANDBOX_RESULT=$SANDBOX_DIR/io/case
    else
        SANDBOX_RESULT=''
    fi
}

# sandbox_put_input INPUT TO: copies INPUT to TO, with bash alone when it
# holds no NUL byte (no process: a process costs as much as a run of an
# engine). Never through a link or anything but a regular file left at TO.
sandbox_put_input() {
    local text
    if [[ -L $2 || (-e $2 && ! -f $2) ]]; then rm -rf -- "$2" || return 1; fi
    if IFS= read -r -d '' text < "$1"; then
        cp --remove-destination -- "$1" "$2"  # a NUL byte: bash cannot hold it
    else
        printf '%s' "$text" > "$2"
    fi
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

