# shellcheck shell=bash
# sandbox.bash -- runs an untrusted program on one input after another,
# inside one bubblewrap sandbox per worker. Sourced by scripts/check-engine
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
# says so on stderr and the runs go on with the limits only: ulimit -t -v
# -f -u, timeout(1), a kill of the run's process group, a working directory
# and TMPDIR (and HOME) of its own, the environment of the driver (PATH
# /usr/local/bin:/usr/bin:/bin, LANG; nothing of the caller's); as root,
# the program runs as a uid of its own
# (root ignores ulimit -u). So does --no-sandbox, without the warning.
#
# API
#   sandbox_start PROGRAM [--no-sandbox] [--cpu S] [--memory MIB]
#                 [--fsize KIB] [--procs N] [--timeout S]
#       (also the short form sandbox_start PROGRAM [1|0 [TIMEOUT]], 0 being
#       --no-sandbox.) Defaults: timeout 10 s, CPU the timeout rounded up plus 1,
#       memory 1024 MiB (address space), files 65536 KiB, 64 processes.
#       Sets SANDBOX_MODE (bwrap or limits), SANDBOX_WHY (why limits only),
#       SANDBOX_PROGRAM, SANDBOX_DIR, SANDBOX_PID (bubblewrap's pid),
#       SANDBOX_UID (the program's uid, or empty: the caller's own),
#       SANDBOX_TIMEOUT, SANDBOX_CPU, SANDBOX_MEMORY_MIB, SANDBOX_FSIZE_KIB,
#       SANDBOX_PROCS. Returns 2 on bad usage, 1 when it cannot make its
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
    local positional=()
    while (($#)); do
        case $1 in
            --no-sandbox) sandbox_opt_sandbox=0; shift; continue ;;
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

# sandbox_bwrap_args DIR PROGRAM: the bubblewrap command line into
# sandbox_args (mounts, namespaces, capabilities; the driver and its options).
sandbox_bwrap_args() {
    local dir=$1 program=$2 help tmpfs_bytes d size=()
    help=$("${SANDBOX_BWRAP:-bwrap}" --help 2>&1 || true)
    tmpfs_bytes=$((${SANDBOX_TMPFS_MIB:-256} * 1024 * 1024))
    if [[ $help == *--size* ]]; then size=(--size "$tmpfs_bytes"); fi
    sandbox_args=(--die-with-parent --new-session
        --unshare-ipc --unshare-pid --unshare-net --unshare-uts --unshare-cgroup-try
        --hostname sandbox
        --ro-bind /usr /usr --ro-bind /etc /etc)
    local links=() targets=()
    for d in /bin /sbin /lib /lib32 /lib64 /libx32; do
        if [[ -L $d ]]; then
            links+=("$d")
        elif [[ -d $d ]]; then
            sandbox_args+=(--ro-bind "$d" "$d")
        fi
    done
    if ((${#links[@]})); then mapfile -t targets < <(readlink -- "${links[@]}"); fi
    for ((d = 0; d < ${#links[@]}; d++)); do
        sandbox_args+=(--symlink "${targets[d]}" "${links[d]}")
    done
    sandbox_args+=(--proc /proc --dev /dev --mqueue /dev/mqueue
        --perms 1777 "${size[@]}" --tmpfs /tmp
        --dir /sandbox
        --perms 1777 "${size[@]}" --tmpfs /sandbox/work
        --ro-bind "$program" /sandbox/program
        --bind "$dir/io" /sandbox/io
        --perms 0500 --file 3 /sandbox/driver
        --chdir /sandbox/work)
    local driver=(--timeout "$sandbox_opt_timeout" --cpu "$sandbox_opt_cpu"
        --memory "$sandbox_opt_memory" --fsize "$sandbox_opt_fsize" --procs "$sandbox_opt_procs") flag
    for flag in "${SANDBOX_MEMCHECK_FLAGS[@]}"; do driver+=(--valgrind-flag "$flag"); done
    if ((EUID == 0)); then
        # Real root, no user namespace: the driver keeps what it needs to
        # run the program as another uid, kill it and clean up after it.
        sandbox_args+=(--cap-drop ALL)
        for d in CAP_SETUID CAP_SETGID CAP_SETPCAP CAP_KILL CAP_CHOWN CAP_DAC_OVERRIDE CAP_FOWNER; do
            sandbox_args+=(--cap-add "$d")
        done
        driver+=(--uid "$SANDBOX_UID")
    else
        sandbox_args+=(--unshare-user)
        if [[ $help == *--disable-userns* ]]; then sandbox_args+=(--disable-userns); fi
    fi
    sandbox_args+=(-- /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/tmp TMPDIR=/tmp
        LANG=C.UTF-8 /sandbox/driver "${driver[@]}")
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
    # shellcheck disable=SC2034 # (read by sandbox_tool_path, by name)
    SANDBOX_TOOL_PATH_valgrind='' SANDBOX_TOOL_PATH_stdbuf=''
    sandbox_sweep
    if ! SANDBOX_DIR=$(mktemp -d "${TMPDIR:-/tmp}/sandbox.XXXXXX") ||
        ! mkdir -m 700 "$SANDBOX_DIR/io" "$SANDBOX_DIR/work" "$SANDBOX_DIR/tmp"; then
        echo "sandbox: cannot make a directory under ${TMPDIR:-/tmp}" >&2
        [[ -z $SANDBOX_DIR ]] || rm -rf -- "$SANDBOX_DIR"
        SANDBOX_DIR='' SANDBOX_MODE=''
        return 1
    fi
    # The shell that owns the sandbox (bubblewrap dies with it): see sandbox_sweep.
    echo "$BASHPID" > "$SANDBOX_DIR/owner"
    SANDBOX_MODE=limits
    if ((sandbox_opt_sandbox == 0)); then
        SANDBOX_WHY=--no-sandbox
    elif ! command -v "${SANDBOX_BWRAP:-bwrap}" >/dev/null; then
        SANDBOX_WHY="${SANDBOX_BWRAP:-bwrap} not found"
    elif sandbox_start_bwrap; then
        SANDBOX_MODE=bwrap
    fi
    if [[ $SANDBOX_MODE == limits ]]; then
        SANDBOX_PROCS_ALLOWED=$SANDBOX_PROCS
        if ((EUID == 0)) && command -v setpriv >/dev/null; then
            sandbox_limits_uid
        elif ((EUID != 0)); then
            # ulimit -u counts every process of the uid: the ones running
            # now are allowed on top.
            SANDBOX_PROCS_ALLOWED=$((SANDBOX_PROCS + $(ps -L -u "$EUID" --no-headers 2>/dev/null | wc -l)))
        fi
        if [[ $SANDBOX_WHY != --no-sandbox && -z ${SANDBOX_QUIET:-} ]]; then
            echo "sandbox: bubblewrap unavailable ($SANDBOX_WHY); running with limits only" >&2
        fi
    fi
}

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

# sandbox_sweep: removes the directories of sandboxes whose owner died
# without sandbox_stop (a worker killed, an interrupted run): ours, with an
# owner file naming a pid that no longer runs.
sandbox_sweep() {
    local owner pid
    for owner in "${TMPDIR:-/tmp}"/sandbox.*/owner; do
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

# sandbox_start_bwrap: starts bubblewrap and the driver; true once the
# driver said "ready", else false with the reason in SANDBOX_WHY.
sandbox_start_bwrap() {
    local dir=$SANDBOX_DIR program=$SANDBOX_PROGRAM reply='' rw mode
    if [[ ! -f $SANDBOX_DRIVER || ! -x $SANDBOX_DRIVER ]]; then
        SANDBOX_WHY="its driver is not built: make $SANDBOX_DRIVER"
        return 1
    fi
    if ((EUID == 0)); then
        SANDBOX_UID=$(sandbox_new_uid)
        # The program runs as SANDBOX_UID: it needs to read and run itself.
        mode=$(stat -L -c %A -- "$program")
        if [[ ${mode:7:1} != r || ${mode:9:1} != x ]]; then
            cp -- "$program" "$dir/program" && chmod 0555 "$dir/program"
            program=$dir/program
        fi
    fi
    sandbox_bwrap_args "$dir" "$program"
    mkfifo -m 600 "$dir/to-driver" "$dir/from-driver"
    # Opened read-write first, so that no open blocks whoever comes first.
    exec {SANDBOX_TO_DRIVER}<>"$dir/to-driver" {rw}<>"$dir/from-driver"
    # The options through a file (--args): bubblewrap's command line, which
    # any process in the sandbox may read, names no host path.
    local i
    for ((i = 0; i < ${#sandbox_args[@]}; i++)); do [[ ${sandbox_args[i]} != -- ]] || break; done
    printf '%s\0' "${sandbox_args[@]:0:i}" > "$dir/args"
    (
        sandbox_close_fds
        exec "${SANDBOX_BWRAP:-bwrap}" --args 4 "${sandbox_args[@]:i}" \
            3< "$SANDBOX_DRIVER" 4< "$dir/args"
    ) < "$dir/to-driver" > "$dir/from-driver" 2> "$dir/driver.log" &
    SANDBOX_PID=$!
    # "ready" (at most 30 s), unless bubblewrap ends first.
    # (read takes a pipe byte by byte: a read that times out keeps the part
    # of the line it got, to be completed by the next)
    local deadline=$((SECONDS + 30)) said='' part
    reply=''
    while :; do
        if read -r -t 0.05 -u "$rw" part; then
            reply+=$part
            [[ $reply == ready ]] && break
            said+=$reply reply=''
        else
            reply+=$part
        fi
        if ! sandbox_alive "$SANDBOX_PID" || ((SECONDS > deadline)); then break; fi
    done
    if [[ $reply == ready ]]; then
        # Only the sandbox writes from-driver now: its end is an end of file.
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
    sandbox_end_bwrap
    return 1
}

# sandbox_alive PID: true while process PID runs (a zombie has ended).
sandbox_alive() {
    local stat
    { read -r stat < "/proc/$1/stat"; } 2>/dev/null || return 1
    stat=${stat##*) }
    [[ ${stat:0:1} != Z ]]
}

# sandbox_end_bwrap: asks the driver to quit, waits (at most 5 s) until the
# sandbox has gone, else kills bubblewrap; closes the pipes.
sandbox_end_bwrap() {
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

sandbox_stop() {
    [[ -n ${SANDBOX_DIR:-} ]] || return 0
    if [[ ${SANDBOX_MODE:-} == bwrap ]]; then sandbox_end_bwrap; fi
    rm -rf -- "$SANDBOX_DIR"
    SANDBOX_DIR='' SANDBOX_MODE=''
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
    if [[ $SANDBOX_MODE == limits ]]; then
        sandbox_run_limits "$@"
        return
    fi
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
    if [[ ${SANDBOX_MODE:-} == bwrap && -n ${SANDBOX_DIR:-} ]]; then
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

sandbox_describe() {
    if [[ -n ${SANDBOX_MODE:-} && $# -eq 0 ]]; then
        sandbox_opt_cpu=$SANDBOX_CPU sandbox_opt_memory=$SANDBOX_MEMORY_MIB
        sandbox_opt_fsize=$SANDBOX_FSIZE_KIB sandbox_opt_procs=$SANDBOX_PROCS
        sandbox_opt_timeout=$SANDBOX_TIMEOUT
        sandbox_describe_mode "$SANDBOX_MODE" "$SANDBOX_WHY" "$SANDBOX_UID"
        return
    fi
    # (a lone 1 or 0 is the short form's sandbox-or-not)
    if [[ ${1:-} == [01] ]]; then set -- describe "$@"; fi
    sandbox_parse_options "$@" || return 2
    if ((sandbox_opt_sandbox == 0)); then
        sandbox_describe_mode limits --no-sandbox ''
        return
    fi
    # Not started: try bubblewrap once, as sandbox_start would use it.
    local why='' dir
    if ! command -v "${SANDBOX_BWRAP:-bwrap}" >/dev/null; then
        why="${SANDBOX_BWRAP:-bwrap} not found"
    else
        dir=$(mktemp -d "${TMPDIR:-/tmp}/sandbox.XXXXXX") || return 1
        mkdir "$dir/io"
        local SANDBOX_UID=65534 sandbox_args
        sandbox_bwrap_args "$dir" /bin/true
        # Everything up to the driver, then `true` in its place.
        local n=${#sandbox_args[@]} i
        for ((i = 0; i < n; i++)); do [[ ${sandbox_args[i]} != -- ]] || break; done
        if ! why=$( (sandbox_close_fds
                     exec "${SANDBOX_BWRAP:-bwrap}" "${sandbox_args[@]:0:i}" -- /bin/true 3</dev/null) 2>&1); then
            why=${why%%$'\n'*}
            why=${why:-bubblewrap failed}
        else
            why=''
        fi
        rm -rf -- "$dir"
    fi
    if [[ -z $why ]]; then
        sandbox_describe_mode bwrap '' "$( ((EUID == 0)) && echo 'a uid of its own')"
    else
        sandbox_describe_mode limits "$why" ''
    fi
}

# sandbox_describe_mode MODE WHY UID: the line itself.
sandbox_describe_mode() {
    local mode=$1 why=$2 uid=$3 who
    if [[ $mode == bwrap ]]; then
        if [[ -n $uid ]]; then
            who="the program as uid $uid without capabilities"
            [[ $uid == *[!0-9]* ]] && who="the program as $uid without capabilities"
        else
            who="user namespace, the program as the driver's uid"
        fi
        printf 'sandbox: bubblewrap (%s; read-only system, no repository or home, private /tmp, no network, own PID namespace; %s)\n' \
            "$who" "$(sandbox_limits_text)"
    else
        who=''
        [[ -z $uid ]] || who="as uid $uid, "
        if [[ $why == --no-sandbox ]]; then
            printf 'sandbox: none (--no-sandbox); limits only (%s%s)\n' "$who" "$(sandbox_limits_text)"
        else
            printf 'sandbox: bubblewrap unavailable (%s); running with limits only (%s%s)\n' "$why" "$who" "$(sandbox_limits_text)"
        fi
    fi
}
