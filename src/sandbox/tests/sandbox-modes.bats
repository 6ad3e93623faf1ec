# sandbox-modes.bats -- the sandbox without bubblewrap (missing, or user
# namespaces refused: the limits-only mode), with --no-sandbox, and started
# by an unprivileged user.

# shellcheck disable=SC2154 # bats sets $stderr (run --separate-stderr)

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"
# shellcheck source=src/test-lib/sandbox-tests.bash
source "$BATS_TEST_DIRNAME/../../test-lib/sandbox-tests.bash"

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
    local dir
    nobody_dir read-corpus write-home
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
