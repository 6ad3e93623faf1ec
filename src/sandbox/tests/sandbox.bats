# sandbox.bats -- the sandbox that check-engine runs untrusted programs in
# (src/sandbox/sandbox.bash): hostile programs (src/sandbox/tests/hostile/*.c)
# try to read the corpus, write or delete in the repository and in $HOME,
# fork without end, allocate without end, reach the network, print without
# end, hang, leave processes behind, kill the sandbox, and leave files for
# the next case; each must be contained. Reading the corpus, writing the
# repository and the home, the fork bomb, the network and the namespaces
# run in the four modes
# (in_mode: the tester and a user made for the file, with bubblewrap and
# with limits only); where limits only holds less (the corpus and the
# home are there, closed only by their permissions; the loopback is the
# host's) the test asserts that and that the box says limits only. Run plainly, or with --no-sandbox, some cheats work:
# the checks can see the difference. Our own engines give their goldens
# through the sandbox.
# The limits are sandbox-limits.bats', the other modes sandbox-modes.bats'.

# shellcheck disable=SC2154 # bats sets $stderr (run --separate-stderr)

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"
# shellcheck source=src/test-lib/sandbox-tests.bash
source "$BATS_TEST_DIRNAME/../../test-lib/sandbox-tests.bash"

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

@test "read cheat: the corpus is not there with bubblewrap, in every mode; with limits only the program reads what its uid may, and describe says limits only" {
    for mode in $(test_modes); do
        mode_case "$mode" read-corpus "$game.in"
        if mode_bwrap; then
            assert_equal "$status" 1
            assert_output --partial "cannot open $root/$game.out: No such file or directory"
            [[ $output != *"ACTION #"* ]] || fail "$mode: the program read the expected output: $output"
        else
            # No mount namespace: the corpus is there, closed only by its
            # permissions to the program's uid (the README says so, and
            # describe names the mode): the cheat works where that uid may
            # read it.
            if mode_uid_can -r "$root/$game.out"; then
                assert_equal "$status" 0
                cmp "$run_dir/out" "$game.out"
            else
                assert_equal "$status" 1
                assert_output --partial "cannot open $root/$game.out: Permission denied"
            fi
            limits_only_promises
        fi
        sandbox_stop
    done
}

@test "peek: the exchange directory, the driver and other processes' descriptors are closed to the program" {
    ((EUID == 0)) || skip "as another user than root the program shares the driver's uid"
    start peek-sandbox
    case_run "$game.in"
    assert_equal "$status" 0
    assert_output --partial "denied /sandbox/io: Permission denied"
    refute_output --partial OPENED
}

# bats test_tags=slow
@test "write cheat: nothing written or deleted in the repository, in every mode (with limits only, by the uid's permissions)" {
    echo victim > "$root/build/sandbox-victim-$marker"
    local before why
    before=$(git_status_of_marker)
    for mode in $(test_modes); do
        mode_case "$mode" write-repo "$game.in"
        assert_equal "$status" 0
        refute_output --partial WROTE
        refute_output --partial DELETED
        # bubblewrap: the repository is not there; limits only: it is, and
        # the program's uid (as root, one of its own) may not write in it.
        why="No such file or directory"
        if ! mode_bwrap; then
            why="Permission denied"
            limits_only_promises
        fi
        assert_output --partial "cannot write $root/SANDBOX-PWNED-$marker: $why"
        assert_equal "$(cat "$root/build/sandbox-victim-$marker")" victim
        [[ ! -e $root/SANDBOX-PWNED-$marker ]]
        [[ ! -e $root/testdata/checkers/examples/SANDBOX-PWNED-$marker.out ]]
        assert_equal "$(git_status_of_marker)" "$before"
        sandbox_stop
    done
}

@test "home cheat: nothing written or deleted in the home, in every mode but where its uid may write there with limits only (it works run plainly)" {
    for mode in $(test_modes); do
        in_mode "$mode"
        local home
        home=$(mode_home)
        echo victim > "$home/.sandbox-victim-$marker"
        ! mode_user || chown "$SANDBOX_TEST_USER:" "$home/.sandbox-victim-$marker"
        start write-home
        case_run "$game.in"
        mode_bwrap || limits_only_promises
        if ! mode_bwrap && mode_uid_can -w "$home"; then
            # No mount namespace: the program's uid writes where it may, its
            # own home as a user (the README says so; describe names the mode).
            assert_output --partial "WROTE $home/.sandbox-pwned-$marker"
            assert_output --partial "DELETED $home/.sandbox-victim-$marker"
        else
            refute_output --partial "WROTE $home/"
            refute_output --partial DELETED
            assert_equal "$(cat "$home/.sandbox-victim-$marker")" victim
            [[ ! -e $home/.sandbox-pwned-$marker ]]
        fi
        sandbox_stop
        rm -f -- "$home/.sandbox-victim-$marker" "$home/.sandbox-pwned-$marker"
    done

    # (--no-sandbox would not do: as root it runs the program as a uid of
    # its own, which $HOME is closed to)
    echo victim > "$HOME/.sandbox-victim-$marker"
    output=$("$SANDBOX_TEST_BIN/write-home" < "$game.in")  # (the tester's, built with $HOME)
    assert_output --partial "WROTE $HOME/.sandbox-pwned-$marker"
    assert_output --partial "DELETED $HOME/.sandbox-victim-$marker"
    [[ -e $HOME/.sandbox-pwned-$marker ]]
}

# bats test_tags=slow
@test "fork bomb: stopped within seconds, nothing left, the sandbox still works, in every mode" {
    for mode in $(test_modes); do
        in_mode "$mode"
        start fork-bomb --timeout 2 --procs 32
        for _ in 1 2; do  # the same sandbox, once more
            case_run "$game.in"
            assert_equal "$run_status" 0
            ((status == 124 || status > 128)) || fail "$mode: status $status"
            # (the 2 s timeout, then every process killed: 7 s for limits
            # only as a user, with no control group, on 2 cores loaded 37)
            ((seconds <= 12)) || fail "$mode: took ${seconds}s"
            no_marked_process
        done
        sandbox_stop
    done
}

@test "allocation without end: a crash before the timeout, nothing left" {
    start alloc-forever --memory 256 --timeout 10
    case_run "$game.in"
    # (a signal, not the timeout's 124: the memory limit stopped it first;
    # how many seconds filling 256 MiB takes is the machine's, not the test)
    ((status > 128)) || fail "status $status"
    no_marked_process
}

@test "network: a TCP connection to 127.0.0.1 fails with bubblewrap, in every mode (with limits only it works, and the box says limits only)" {
    [[ -x /usr/bin/python3 ]] || skip "python3 (Debian's, /usr/bin/python3) is needed for the listener"
    local port_file=$BATS_TEST_TMPDIR/port
    # (no timeout(1) around it: a SIGKILL to timeout would leave python
    # running; it ends itself after 20 s without a connection)
    /usr/bin/python3 -c '
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
    for mode in $(test_modes); do
        mode_case "$mode" tcp-connect "$port_file"
        if mode_bwrap; then
            assert_equal "$status" 1
            assert_output --partial "connect failed: Connection refused"
        else
            # No network namespace: the host's loopback is there (describe
            # names the mode; the probe at start says so too).
            assert_equal "$status" 0
            assert_output --partial "connected: hello from the host"
            limits_only_promises
        fi
        sandbox_stop
    done
}

@test "namespaces (made or joined), mounts, ptrace, keyrings, bpf, perf counters: refused in every mode (a plain run gets some of them)" {
    for mode in $(test_modes) no-sandbox; do
        if [[ $mode == no-sandbox ]]; then in_mode bwrap; start escape-namespaces --no-sandbox
        else in_mode "$mode"; start escape-namespaces; fi
        case_run "$game.in"
        assert_equal "$status" 0
        assert_line 'done'
        refute_line --partial ALLOWED
        assert_line --partial "refused unshare(CLONE_NEWUSER|CLONE_NEWNS)"
        assert_line --partial "refused clone(CLONE_NEWUSER)"
        assert_line --partial "refused ptrace(PTRACE_ATTACH)"
        assert_line --partial "refused setns (its own network namespace)"
        assert_line --partial "refused perf_event_open (a counter of its own)"
        sandbox_stop
    done
    # Run plainly, the test can see a call get through.
    run "$bin/escape-namespaces" < "$game.in"
    assert_line --partial "ALLOWED ptrace(PTRACE_ATTACH)"
}

setup_file() {
    sandbox_tests_setup_file
    sandbox_test_user_make
}

teardown_file() {
    sandbox_test_user_remove
}
