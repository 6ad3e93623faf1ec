# sandbox.bats -- the sandbox that check-engine runs untrusted programs in
# (src/sandbox/sandbox.bash): hostile programs (src/sandbox/tests/hostile/*.c)
# try to read the corpus, write or delete in the repository and in $HOME,
# fork without end, allocate without end, reach the network, print without
# end, hang, leave processes behind, kill the sandbox, and leave files for
# the next case; each must be contained. The same programs with
# --no-sandbox show that the checks can see the difference: there the
# cheats work. Our own engines give their goldens through the sandbox.

# shellcheck disable=SC2154 # bats sets $stderr (run --separate-stderr)

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

# The hostile programs, built once for the file with the repository's path,
# the tester's home and a process name (the marker) of their own.
setup_file() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    export SANDBOX_TEST_MARKER="sbx$((100000 + RANDOM % 900000))"
    export SANDBOX_TEST_BIN=$BATS_FILE_TMPDIR/bin
    mkdir -p "$SANDBOX_TEST_BIN"
    chmod 755 "$BATS_FILE_TMPDIR" "$SANDBOX_TEST_BIN"
    local source
    for source in "$root"/src/sandbox/tests/hostile/*.c; do
        cc -std=c11 -Wall -Wextra -Werror -O2 \
            -DREPO="\"$root\"" -DHOMEDIR="\"$HOME\"" -DMARKER="\"$SANDBOX_TEST_MARKER\"" \
            -o "$SANDBOX_TEST_BIN/$(basename "$source" .c)" "$source"
    done
}

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    # shellcheck source=src/sandbox/sandbox.bash
    source "$root/src/sandbox/sandbox.bash"
    bin=$SANDBOX_TEST_BIN marker=$SANDBOX_TEST_MARKER
    run_dir=$BATS_TEST_TMPDIR/run
    mkdir -p "$run_dir"
    game=testdata/checkers/examples/seed-game-A
    pids_to_kill=() dirs_to_remove=()
}

teardown() {
    sandbox_stop
    local pid
    for pid in "${pids_to_kill[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
    # (only the marked processes of this file, by pid)
    for pid in $(pgrep -x "$marker"); do kill -KILL "$pid" 2>/dev/null || true; done
    if ((${#dirs_to_remove[@]})); then rm -rf -- "${dirs_to_remove[@]}"; fi
    rm -f -- "$root/SANDBOX-PWNED-$marker" "$root/testdata/checkers/examples/SANDBOX-PWNED-$marker.out" \
        "$root/build/sandbox-victim-$marker" "$HOME/.sandbox-pwned-$marker" \
        "$HOME/.sandbox-pwned-env-$marker" "$HOME/.sandbox-victim-$marker"
}

# start PROGRAM OPTION...: a sandbox for PROGRAM (a hostile one by name, or
# a path); it must be bubblewrap unless --no-sandbox is asked for.
start() {
    local program=$1
    shift
    [[ $program == */* ]] || program=$bin/$program
    sandbox_start "$program" "$@"
    if [[ " $* " != *" --no-sandbox "* && $SANDBOX_MODE != bwrap ]]; then
        fail "no bubblewrap sandbox: $SANDBOX_WHY"
    fi
}

# start_stop ARG...: sandbox_start's status and messages, for `run` (which
# runs it in a subshell: the sandbox is stopped there).
start_stop() {
    local status=0
    sandbox_start "$@" || status=$?
    sandbox_stop
    return "$status"
}

# case_run [MODE] INPUT: one case; sets run_status (sandbox_run's own),
# status (the program's), seconds, output and lines (its stdout, as bats'
# run would) and err.
case_run() {
    local mode=stdin started=$SECONDS
    if (($# == 2)); then mode=$1; shift; fi
    run_status=0
    sandbox_run "$mode" "$1" "$run_dir/out" "$run_dir/err" "$run_dir/status" || run_status=$?
    seconds=$((SECONDS - started))
    status=$(cat "$run_dir/status")
    output=$(head -c 100000 "$run_dir/out")
    lines=()
    [[ -z $output ]] || mapfile -t lines <<< "$output"
    err=$(cat "$run_dir/err")
}

# marked_processes: the pids of the hostile programs' processes still
# running (zombies have ended: only their parent has not collected them).
marked_processes() {
    local pid state
    for pid in $(pgrep -x "$marker"); do
        state=$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null) || continue
        [[ -z $state || $state == Z ]] || echo "$pid"
    done
}

# no_marked_process: none of the hostile programs' processes is left.
no_marked_process() {
    local left
    left=$(marked_processes)
    [[ -z $left ]] || fail "processes left behind: $(ps -o pid=,stat=,comm= -p "${left//$'\n'/,}")"
}

# git_status_of_marker: the repository's status lines for the files the
# hostile programs touch (the checkout is shared: others' edits are not
# this test's business).
git_status_of_marker() {
    git --no-optional-locks -C "$root" status --porcelain --untracked-files=all --ignored |
        grep -e "$marker" -e sandbox-victim || true
}

# home_files_of_marker: the files of $HOME the hostile programs touch.
home_files_of_marker() {
    local file
    for file in "$HOME"/.sandbox-*"$marker"*; do
        [[ -e $file ]] && printf '%s %s\n' "$file" "$(cksum < "$file")"
    done
    return 0
}

@test "sandbox: our checkers engine through the sandbox gives seed-game-A.out exactly" {
    [[ -x build/checkers ]] || fail "build/checkers is not built (run make)"
    start build/checkers
    case_run "$game.in"
    assert_equal "$run_status" 0
    assert_equal "$status" 0
    cmp "$run_dir/out" "$game.out"
    assert_equal "$err" ''
    # and again in the same sandbox
    case_run "$game.in"
    cmp "$run_dir/out" "$game.out"
    run sandbox_describe
    assert_output --regexp '^sandbox: bubblewrap \(.*no network.*\)$'
}

@test "sandbox: our draughts engine, run as the grader runs it, gives opening.out exactly" {
    [[ -x build/draughts ]] || fail "build/draughts is not built (run make)"
    start build/draughts
    case_run graded testdata/draughts/examples/opening.in
    assert_equal "$status" 0
    cmp "$run_dir/out" testdata/draughts/examples/opening.out
    case_run graded testdata/draughts/examples/opening.in
    cmp "$run_dir/out" testdata/draughts/examples/opening.out
}

@test "read cheat: the corpus is not there (the cheat works without the sandbox)" {
    start read-corpus
    case_run "$game.in"
    assert_equal "$status" 1
    assert_output --partial "cannot open $root/$game.out: No such file or directory"
    [[ $output != *"ACTION #"* ]] || fail "the program read the expected output: $output"
    sandbox_stop

    start read-corpus --no-sandbox
    case_run "$game.in"
    assert_equal "$status" 0
    cmp "$run_dir/out" "$game.out"
}

@test "peek: the exchange directory, the driver and other processes' descriptors are closed to the program" {
    ((EUID == 0)) || skip "as another user than root the program shares the driver's uid"
    start peek-sandbox
    case_run "$game.in"
    assert_equal "$status" 0
    assert_output --partial "denied /sandbox/io: Permission denied"
    refute_output --partial OPENED
}

@test "write cheat: nothing written or deleted in the repository" {
    echo victim > "$root/build/sandbox-victim-$marker"
    local before
    before=$(git_status_of_marker)
    start write-repo
    case_run "$game.in"
    assert_equal "$status" 0
    refute_output --partial WROTE
    refute_output --partial DELETED
    assert_output --partial "cannot write $root/SANDBOX-PWNED-$marker"
    assert_equal "$(cat "$root/build/sandbox-victim-$marker")" victim
    [[ ! -e $root/SANDBOX-PWNED-$marker ]]
    [[ ! -e $root/testdata/checkers/examples/SANDBOX-PWNED-$marker.out ]]
    assert_equal "$(git_status_of_marker)" "$before"
}

@test "home cheat: nothing written or deleted in \$HOME (it works run plainly)" {
    echo victim > "$HOME/.sandbox-victim-$marker"
    local before
    before=$(home_files_of_marker)
    start write-home
    case_run "$game.in"
    refute_output --partial "WROTE $HOME/"
    refute_output --partial DELETED
    assert_equal "$(cat "$HOME/.sandbox-victim-$marker")" victim
    assert_equal "$(home_files_of_marker)" "$before"
    sandbox_stop

    # (--no-sandbox would not do: as root it runs the program as a uid of
    # its own, which $HOME is closed to)
    output=$("$bin/write-home" < "$game.in")
    assert_output --partial "WROTE $HOME/.sandbox-pwned-$marker"
    assert_output --partial "DELETED $HOME/.sandbox-victim-$marker"
    [[ -e $HOME/.sandbox-pwned-$marker ]]
}

@test "fork bomb: stopped within seconds, nothing left, the sandbox still works" {
    start fork-bomb --timeout 2 --procs 32
    case_run "$game.in"
    assert_equal "$run_status" 0
    ((status == 124 || status > 128)) || fail "status $status"
    ((seconds <= 6)) || fail "took ${seconds}s"
    no_marked_process
    case_run "$game.in"  # the same sandbox, once more
    assert_equal "$run_status" 0
    ((status == 124 || status > 128)) || fail "status $status"
    no_marked_process
}

@test "allocation without end: a crash within seconds, nothing left" {
    start alloc-forever --memory 256 --timeout 10
    case_run "$game.in"
    ((status > 128)) || fail "status $status"
    ((seconds <= 6)) || fail "took ${seconds}s"
    no_marked_process
}

@test "network: a TCP connection to 127.0.0.1 fails (it works without the sandbox)" {
    command -v python3 >/dev/null || skip "python3 is needed for the listener"
    local port_file=$BATS_TEST_TMPDIR/port
    # (no timeout(1) around it: a SIGKILL to timeout would leave python
    # running; it ends itself after 20 s without a connection)
    python3 -c '
import os, socket, sys
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(8)
server.settimeout(20)
with open(sys.argv[1] + ".tmp", "w") as port:
    port.write("%d\n" % server.getsockname()[1])
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
while True:
    try:
        connection, _ = server.accept()
    except socket.timeout:
        sys.exit(0)
    connection.sendall(b"hello from the host\n")
    connection.close()
' "$port_file" 3>&- &
    pids_to_kill+=("$!")
    local tries=0
    until [[ -s $port_file ]]; do
        ((++tries < 200)) || fail "the listener did not start"
        sleep 0.05
    done
    start tcp-connect
    case_run "$port_file"
    assert_equal "$status" 1
    assert_output --partial "connect failed: Connection refused"
    sandbox_stop

    start tcp-connect --no-sandbox
    case_run "$port_file"
    assert_equal "$status" 0
    assert_output --partial "connected: hello from the host"
}

@test "endless output: cut at the file-size limit (SIGXFSZ)" {
    start print-forever --fsize 1024
    case_run "$game.in"
    assert_equal "$status" "$((128 + $(kill -l XFSZ)))"
    assert_equal "$(wc -c < "$run_dir/out")" $((1024 * 1024))
    no_marked_process
}

@test "hang: a program that ignores SIGTERM is a hang (124) at the timeout" {
    start sleep-forever --timeout 2
    case_run "$game.in"
    assert_equal "$status" 124
    ((seconds >= 1 && seconds <= 5)) || fail "took ${seconds}s"
    no_marked_process
}

@test "CPU: a spinning program is stopped by the CPU limit (SIGXCPU)" {
    start cpu-burn --cpu 1 --timeout 20
    case_run "$game.in"
    assert_equal "$status" "$((128 + $(kill -l XCPU)))"
    ((seconds <= 6)) || fail "took ${seconds}s"
}

@test "orphans: a double-forked setsid child is killed after the case (it survives without the sandbox)" {
    start orphan
    case_run "$game.in"
    assert_equal "$status" 0
    assert_output "left a child behind"
    no_marked_process
    sandbox_stop

    start orphan --no-sandbox
    case_run "$game.in"
    assert_equal "$status" 0
    # it escaped the limits-only mode's process-group kill (once it has
    # forked: that may take a moment on a busy machine)
    local tries=0
    until [[ -n $(marked_processes) ]]; do
        ((++tries < 100)) || fail "no orphan left without the sandbox: the test cannot see one"
        sleep 0.05
    done
}

@test "kill -1: the program cannot take the sandbox down" {
    start kill-everything
    case_run "$game.in"
    assert_output --partial "still here"
    if ((EUID == 0)); then
        assert_equal "$run_status" 0
    fi
    # the next case runs, in the same sandbox or (as another user) a new one
    case_run "$game.in"
    assert_equal "$run_status" 0
    assert_equal "$status" 0
    assert_output --partial "still here"
}

@test "leftovers: /tmp, the working directory, /dev/shm and System V IPC are empty for the next case" {
    start tmp-stash
    case_run "$game.in"
    assert_output stashed
    case_run "$game.in"
    assert_output stashed  # no FOUND line: nothing of the first run
    case_run graded "$game.in"
    assert_output --partial stashed
    case_run graded "$game.in"
    assert_output --partial stashed
    refute_line --regexp 'FOUND .*stash'
}

@test "graded: an output.txt that is a link gives an empty output, not the link's target" {
    cat > "$BATS_TEST_TMPDIR/link-output" <<EOF
#!/bin/sh
ln -s "$root/$game.out" output.txt
ln -s /etc/hostname output2.txt
EOF
    chmod 755 "$BATS_TEST_TMPDIR/link-output"
    for how in "" --no-sandbox; do
        start "$BATS_TEST_TMPDIR/link-output" $how
        case_run graded "$game.in"
        assert_equal "$status" 0
        [[ ! -s $run_dir/out && ! -L $run_dir/out ]] || fail "took the link ($how)"
        sandbox_stop
    done
}

@test "sandbox_stop: no process and no directory of the sandbox is left" {
    start build/checkers
    local dir=$SANDBOX_DIR pid=$SANDBOX_PID
    case_run "$game.in"
    sandbox_stop
    [[ ! -e $dir ]]
    run kill -0 "$pid"
    assert_failure
    run pgrep -f "$dir"
    assert_failure
}

@test "sandbox_start: the directory of a sandbox whose owner died is removed" {
    (sandbox_start build/checkers; echo "$SANDBOX_DIR" > "$BATS_TEST_TMPDIR/dir"; exit 0)
    local dir
    dir=$(cat "$BATS_TEST_TMPDIR/dir")
    [[ -d $dir ]]  # the subshell ended without sandbox_stop
    start build/checkers
    [[ ! -e $dir ]]
}

@test "fallback: without bubblewrap, one line says so and the limits still apply" {
    SANDBOX_BWRAP=/nonexistent/bwrap
    run --separate-stderr start_stop build/checkers
    assert_success
    assert_equal "$stderr" "sandbox: bubblewrap unavailable (/nonexistent/bwrap not found); running with limits only"
    sandbox_start build/checkers 2>/dev/null
    assert_equal "$SANDBOX_MODE" limits
    case_run "$game.in"
    cmp "$run_dir/out" "$game.out"
    run sandbox_describe
    assert_output --regexp '^sandbox: bubblewrap unavailable \(/nonexistent/bwrap not found\); running with limits only \(.*\)$'
    sandbox_stop
    start print-forever --timeout 5 --fsize 1024 --no-sandbox
    case_run "$game.in"
    assert_equal "$status" "$((128 + $(kill -l XFSZ)))"
    sandbox_stop
    start sleep-forever --timeout 1 --no-sandbox
    case_run "$game.in"
    assert_equal "$status" 124
    no_marked_process
}

@test "fallback: a fork bomb is held by ulimit -u (as root: the program runs as a uid of its own)" {
    start fork-bomb --no-sandbox --procs 16 --timeout 2
    if ((EUID == 0)); then
        [[ -n $SANDBOX_UID ]] || skip "no uid of its own for the program here: a fork bomb as root is not held"
        run sandbox_describe
        assert_output --partial "limits only (as uid $SANDBOX_UID, "
    fi
    case_run "$game.in"
    assert_equal "$status" 124
    ((seconds <= 6)) || fail "took ${seconds}s"
    no_marked_process
}

@test "fallback: user namespaces refused: bubblewrap's own words, once" {
    cat > "$BATS_TEST_TMPDIR/bwrap" <<'EOF'
#!/bin/sh
echo "bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2
exit 1
EOF
    chmod 755 "$BATS_TEST_TMPDIR/bwrap"
    SANDBOX_BWRAP=$BATS_TEST_TMPDIR/bwrap
    run --separate-stderr start_stop build/checkers
    assert_success
    assert_equal "$stderr" "sandbox: bubblewrap unavailable (bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.); running with limits only"
    SANDBOX_QUIET=1 run --separate-stderr start_stop build/checkers
    assert_equal "$stderr" ''
}

@test "--no-sandbox: no warning, and it says so" {
    run --separate-stderr start_stop build/checkers --no-sandbox
    assert_success
    assert_equal "$stderr" ''
    sandbox_start build/checkers 0 5
    run sandbox_describe
    assert_output --regexp '^sandbox: none \(--no-sandbox\); limits only \((as uid [0-9]+, )?6 s CPU, .*, 5 s timeout\)$'
    run sandbox_describe 0
    assert_output --partial 'sandbox: none (--no-sandbox)'
}

@test "as an unprivileged user: a user namespace, the corpus and \$HOME out of sight" {
    ((EUID == 0)) || skip "this is the test of the root-started sandbox's alternative; running as a user already"
    command -v setpriv >/dev/null || skip "setpriv is needed"
    # (a directory the user can reach: the test's own is root's alone)
    local dir
    dir=$(mktemp -d /tmp/sandbox-test-user.XXXXXX)
    dirs_to_remove+=("$dir")
    chown 65534:65534 "$dir"
    cp "$bin/read-corpus" "$bin/write-home" "$dir/"
    # shellcheck disable=SC2016 # the script is for the user's bash
    run setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$dir" TMPDIR="$dir" bash -c '
        source src/sandbox/sandbox.bash
        sandbox_start "$1/read-corpus" || exit 1
        echo "mode $SANDBOX_MODE"
        sandbox_describe
        sandbox_run stdin "$2" "$1/out" "$1/err" "$1/status"
        echo "status $(cat "$1/status")"
        cat "$1/out"
        sandbox_stop
        sandbox_start build/checkers
        sandbox_run stdin "$2" "$1/out" "$1/err" "$1/status"
        cmp "$1/out" "$3" && echo "checkers: same output"
        sandbox_stop' _ "$dir" "$root/$game.in" "$root/$game.out"
    assert_success
    assert_line "mode bwrap"
    assert_line --partial "user namespace"
    assert_line "status 1"
    assert_line "checkers: same output"
    refute_output --partial "ACTION #"
}
