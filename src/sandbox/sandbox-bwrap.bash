# shellcheck shell=bash disable=SC2153,SC2154 # (globals set by sandbox.bash)
# sandbox-bwrap.bash -- the bubblewrap mode of src/sandbox/sandbox.bash:
# bubblewrap's command line, starting it with the driver inside and
# waiting for the driver's "ready", ending it; and sandbox_describe, the
# line for reports (which tries bubblewrap once when nothing is started).
# Sourced by sandbox.bash; its globals are sandbox.bash's.

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
    local folder_env=()
    if [[ -n ${SANDBOX_FOLDER:-} ]]; then
        if ((${SANDBOX_FOLDER_WRITABLE:-0})); then
            sandbox_args+=(--bind "$SANDBOX_FOLDER" /sandbox/folder)
        else
            sandbox_args+=(--ro-bind "$SANDBOX_FOLDER" /sandbox/folder)
        fi
        folder_env=(SANDBOX_FOLDER=/sandbox/folder)
    fi
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
        LANG=C.UTF-8 "${folder_env[@]}" /sandbox/driver "${driver[@]}")
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
        sandbox_scratch
        dir=$(mktemp -d "$SANDBOX_SCRATCH/sandbox.XXXXXX") || return 1
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

# sandbox_start_bwrap: starts bubblewrap with the driver inside; true once
# the driver said "ready", else false with the reason in SANDBOX_WHY.
sandbox_start_bwrap() {
    local dir=$SANDBOX_DIR program=$SANDBOX_PROGRAM mode i
    if ((EUID == 0)); then
        SANDBOX_UID=$(sandbox_new_uid)
        sandbox_folder_owner "$SANDBOX_UID" || return 1
        # The program runs as SANDBOX_UID: it needs to read and run itself.
        mode=$(stat -L -c %A -- "$program")
        if [[ ${mode:7:1} != r || ${mode:9:1} != x ]]; then
            cp -- "$program" "$dir/program" && chmod 0555 "$dir/program"
            program=$dir/program
        fi
    fi
    sandbox_bwrap_args "$dir" "$program"
    # The options through a file (--args): bubblewrap's command line, which
    # any process in the sandbox may read, names no host path.
    for ((i = 0; i < ${#sandbox_args[@]}; i++)); do [[ ${sandbox_args[i]} != -- ]] || break; done
    printf '%s\0' "${sandbox_args[@]:0:i}" > "$dir/args"
    sandbox_start_driver sandbox_exec_bwrap "$i"
}

# sandbox_exec_bwrap I: becomes bubblewrap, its options from the args file
# and the driver's executable on descriptor 3; I: where sandbox_args' --
# stands.
sandbox_exec_bwrap() {
    exec "${SANDBOX_BWRAP:-bwrap}" --args 4 "${sandbox_args[@]:$1}" \
        3< "$SANDBOX_DRIVER" 4< "$SANDBOX_DIR/args"
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
