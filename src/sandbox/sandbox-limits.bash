# shellcheck shell=bash disable=SC2153,SC2154 # (globals set by sandbox.bash)
# sandbox-limits.bash -- the limits-only mode of src/sandbox/sandbox.bash,
# where bubblewrap is missing or refused, or with --no-sandbox: the driver
# runs outside any namespace (--limits-only), with the same protocol and
# limits, and kills every process a run leaves by descent (it is their
# subreaper); as root the program runs as a uid of its own. Sourced by
# sandbox.bash; its globals are sandbox.bash's.

# sandbox_start_limits: the driver alone, its folders those of SANDBOX_DIR,
# the environment bubblewrap's driver gives but for a home and TMPDIR of
# the run's own (nothing of the caller's: its PATH may hold folders the
# program's uid cannot reach). True once it said "ready".
sandbox_start_limits() {
    local procs=$SANDBOX_PROCS flag driver
    if ((EUID == 0)) && command -v setpriv >/dev/null; then
        sandbox_limits_uid
    elif ((EUID != 0)); then
        # ulimit -u counts every process of the uid: the ones running now
        # are allowed on top.
        procs=$((SANDBOX_PROCS + $(ps -L -u "$EUID" --no-headers 2>/dev/null | wc -l)))
    fi
    driver=(--limits-only "$SANDBOX_DIR" --program "$SANDBOX_PROGRAM" --timeout "$SANDBOX_TIMEOUT"
        --cpu "$SANDBOX_CPU" --memory "$SANDBOX_MEMORY_MIB" --fsize "$SANDBOX_FSIZE_KIB" --procs "$procs")
    for flag in "${SANDBOX_MEMCHECK_FLAGS[@]}"; do driver+=(--valgrind-flag "$flag"); done
    [[ -z $SANDBOX_UID ]] || driver+=(--uid "$SANDBOX_UID")
    local folder_env=()
    [[ -z ${SANDBOX_FOLDER:-} ]] || folder_env=(SANDBOX_FOLDER="$SANDBOX_FOLDER")
    sandbox_start_driver /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$SANDBOX_DIR/tmp" \
        TMPDIR="$SANDBOX_DIR/tmp" LANG=C.UTF-8 "${folder_env[@]}" "$SANDBOX_DRIVER" "${driver[@]}"
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
    if sandbox_reaches "$uid" "$SANDBOX_PROGRAM"; then
        SANDBOX_UID=$uid
        sandbox_folder_owner "$uid"
    fi
}

# sandbox_reaches UID PROGRAM: UID can run PROGRAM and write in the
# working directory.
sandbox_reaches() {
    # shellcheck disable=SC2016 # the script is sh's
    setpriv "--reuid=$1" "--regid=$1" --clear-groups /bin/sh -c '[ -x "$1" ] && [ -w "$2" ]' \
        sh "$2" "$SANDBOX_DIR/work" 2>/dev/null
}
