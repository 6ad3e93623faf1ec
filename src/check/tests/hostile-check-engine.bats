# hostile-check-engine.bats -- the hostile programs of src/sandbox/tests/hostile
# given to check-engine itself, as a student's program would be: each is
# contained, each of its cases is reported on its own, the run completes,
# and the repository and $HOME are unchanged afterwards. The reading cheat
# is also run with --no-sandbox, where it passes: the test can tell a
# sandbox from none.

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup_file() {
    local root program
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    export ROOT=$root BIN=$BATS_FILE_TMPDIR/bin PROBE=$BATS_FILE_TMPDIR/cases
    mkdir -p "$BIN" "$PROBE/probe"
    for program in "$root"/src/sandbox/tests/hostile/*.c; do
        cc -std=c11 -O2 -DREPO="\"$root\"" -DHOMEDIR="\"$HOME\"" -DMARKER='"sbx-checkeng"' \
            -o "$BIN/$(basename "$program" .c)" "$program"
    done
    # Two real cases: the one the reading cheat knows the answer of, and
    # another, so that "the rest of the run completes" is seen.
    cp "$root"/testdata/checkers/examples/seed-game-A.* "$root"/testdata/checkers/official/test0.* \
        "$PROBE/probe/"
}

setup() {
    cd "$ROOT" || return
    before_repo=$(git status --porcelain --untracked-files=all | sha256sum)
    before_home=$(find "$HOME" -maxdepth 1 -newer "$BATS_FILE_TMPDIR" -print 2>/dev/null | sort | sha256sum)
}

teardown() {
    pkill -KILL -x sbx-checkeng 2>/dev/null || true
    rm -f -- "$ROOT/build/sandbox-victim-sbx-checkeng" "$HOME/.sandbox-victim-sbx-checkeng"
}

# check HOSTILE: check-engine on the probe with the hostile program; the
# run must complete with both cases failed and reported, nothing left
# running, the repository and $HOME as they were.
check() {
    local cases=${2:-$PROBE} engine_output
    CORPUS_DIFF_LINES=400 run scripts/check-engine "$BIN/$1" --cases "$cases" --timeout 2 --jobs 1 --show 2 \
        --output "$BATS_TEST_TMPDIR/out"
    engine_output=$output
    assert_failure 1
    assert_line --partial 'sandbox: bubblewrap'
    assert_equal "${lines[-1]}" "0 passed, 2 failed (profile assignment)"
    (($(find "$BATS_TEST_TMPDIR/out/failures" -name '*.txt' | wc -l) == 2))
    # (a sandbox's processes die with its namespace, which the kernel ends
    # a moment after check-engine has returned: at most 2 s here)
    local tries=0
    while pgrep -x sbx-checkeng >/dev/null; do
        ((++tries < 40)) || fail "a hostile process is still running 2 s after check-engine ended"
        sleep 0.05
    done
    assert_equal "$(git status --porcelain --untracked-files=all | sha256sum)" "$before_repo"
    assert_equal "$(find "$HOME" -maxdepth 1 -newer "$BATS_FILE_TMPDIR" -print 2>/dev/null | sort | sha256sum)" "$before_home"
    output=$engine_output  # for the caller's own assertions
}

# bats test_tags=slow
@test "hostile via check-engine: reading the expected output by path fails; without the sandbox it cheats" {
    check read-corpus
    assert_output --partial 'cannot open'
    run scripts/check-engine "$BIN/read-corpus" --no-sandbox --cases "$PROBE" --category probe \
        --output "$BATS_TEST_TMPDIR/out"
    assert_line --regexp '^  probe +1 +1  FAILED$'   # seed-game-A passes by cheating
}

@test "hostile via check-engine: writing and deleting in the repository and in \$HOME change nothing" {
    # the files the programs try to delete exist, so a deletion would be seen
    local repo_victim=build/sandbox-victim-sbx-checkeng home_victim=$HOME/.sandbox-victim-sbx-checkeng
    mkdir -p build
    echo victim > "$repo_victim"
    echo victim > "$home_victim"
    before_home=$(find "$HOME" -maxdepth 1 -newer "$BATS_FILE_TMPDIR" -print 2>/dev/null | sort | sha256sum)
    check write-repo
    assert_output --partial "cannot delete $ROOT/$repo_victim"
    refute_output --partial 'DELETED'
    refute_output --partial "WROTE $ROOT"
    check write-home
    assert_output --partial "cannot delete $home_victim"
    refute_output --partial 'DELETED'
    refute_output --partial "WROTE $HOME"
    assert_equal "$(cat "$repo_victim")" victim
    assert_equal "$(cat "$home_victim")" victim
}

# bats test_tags=slow
@test "hostile via check-engine: a fork bomb and endless allocation are stopped, each case reported" {
    check fork-bomb
    check alloc-forever
}

# bats test_tags=slow
@test "hostile via check-engine: endless output is a flood; sleeping and spinning are hangs" {
    check print-forever
    assert_output --partial 'output flood'
    check sleep-forever
    assert_output --partial 'hang (killed after 2s)'
    # (the CPU limit is a second above the timeout: one spinning core is a
    # hang, never a race with SIGXCPU; sandbox-limits.bats tests the CPU limit)
    check cpu-burn
    assert_output --partial 'hang (killed after 2s)'
}

# bats test_tags=slow
@test "hostile via check-engine: a TCP connection to 127.0.0.1 fails, an orphan and kill -1 leave nothing" {
    local port=47$((RANDOM % 900 + 100)) listener case
    timeout 60 /usr/bin/python3 -m http.server --bind 127.0.0.1 "$port" >/dev/null 2>&1 &
    listener=$!
    # two cases whose input is the listener's port; the answer expected is
    # that of a program that cannot connect
    mkdir -p "$BATS_TEST_TMPDIR/net/tcp"
    for case in first second; do
        echo "$port" > "$BATS_TEST_TMPDIR/net/tcp/$case.in"
        echo "no network" > "$BATS_TEST_TMPDIR/net/tcp/$case.out"
        echo "the program tries 127.0.0.1:$port" > "$BATS_TEST_TMPDIR/net/tcp/$case.reason"
    done
    # (up to 20 s for the listener: a loaded machine starts python slowly)
    local tries=0
    until bash -c "exec 3<>/dev/tcp/127.0.0.1/$port" 2>/dev/null; do
        ((++tries < 100)) || fail "the listener is not up: the test would prove nothing"
        sleep 0.2
    done
    check tcp-connect "$BATS_TEST_TMPDIR/net"
    assert_output --partial '+connect failed'
    refute_output --partial '+connected'
    kill "$listener" 2>/dev/null || true
    check orphan
    check kill-everything
}
