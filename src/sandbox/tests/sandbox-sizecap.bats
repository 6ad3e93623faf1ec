# sandbox-sizecap.bats -- the size cap of the run's files together where no
# tmpfs of the box's own holds them (issue 40): the program shares the
# driver's uid (an ordinary user's box), so with limits only its working
# directory, its TMPDIR, the folder's copy and the exchange directory, and
# in bubblewrap the exchange directory, are on the scratch; the driver
# watches them (watch.c) and stops the run past --tmpfs MiB, saying so in
# its stderr. fill-files (tests/hostile) writes many files each far under
# --fsize; in the other modes a tmpfs of each place stops its writes.

# shellcheck disable=SC2154 # bats sets $stderr (run --separate-stderr)

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"
# shellcheck source=src/test-lib/sandbox-tests.bash
source "$BATS_TEST_DIRNAME/../../test-lib/sandbox-tests.bash"

STOPPED="sandbox: out of space: the run's files together passed its 32 MiB"

setup_file() {
    sandbox_tests_setup_file
    sandbox_test_user_make
}

teardown_file() {
    sandbox_test_user_remove
}

# new_dir: sets dir, a new folder under /tmp that every uid may reach
# (the test's own are root's alone), removed after the test.
new_dir() {
    dir=$(mktemp -d /tmp/sandbox-sizecap.XXXXXX)
    chmod 755 "$dir"
    dirs_to_remove+=("$dir")
}

# fill LINE: fill-files with LINE on its stdin (PLACE KIND MIB HOLD), in a
# box of this mode whose places are capped at 32 MiB (its own scratch and
# a writable folder); sets status, output, stderr, seconds and wrote (the
# MiB it says it wrote; empty when it was stopped first); the scratch is
# empty afterwards.
fill() {
    local dir started=$SECONDS
    if mode_user; then
        dir=$(mode_dir)
    else  # (reachable by the program's uid of its own as root)
        new_dir
    fi
    mkdir -p "$dir/src" "$dir/scratch"
    printf '%s\n' "$1" > "$dir/in"
    chmod 644 "$dir/in"
    ! mode_user || chown -R "$SANDBOX_TEST_USER:" "$dir"
    run --separate-stderr "$SANDBOX_BIN" run --quiet ${SANDBOX_BWRAP:+--bwrap "$SANDBOX_BWRAP"} \
        --scratch "$dir/scratch" --tmpfs 32 --timeout 20 --folder "$dir/src" \
        --folder-writable --input "$dir/in" "$bin/fill-files"
    seconds=$((SECONDS - started))
    wrote=$(sed -n 's/^wrote \(-*[0-9]*\) MiB$/\1/p' <<< "$output")
    echo "$test_mode: $1: status $status in ${seconds}s, wrote '$wrote', stderr: $stderr"
    assert_equal "$(find "$dir/scratch" -mindepth 1 | head -3)" ""
    rm -rf -- "$dir"
}

# watched PLACE: this mode's program shares the driver's uid (not root's
# box), and PLACE is not a tmpfs of bubblewrap's (with bubblewrap only the
# exchange directory is on the scratch).
watched() {
    ! mode_root && { ! mode_bwrap || [[ $1 == io ]]; }
}

# assert_stopped: the watch killed the run while it wrote or held its
# files, before its end (fill-files prints "done" only after HOLD: a
# watch that looked only once the program ended would let it through;
# the seconds are the machine's and are not the test), and its stderr
# says why.
assert_stopped() {
    assert_equal "$status" 137
    [[ $stderr == *"$STOPPED"* ]] || fail "$test_mode: not said: $stderr"
    [[ $output != *done* ]] || fail "$test_mode: stopped after ${seconds}s, at its end: $output"
}

# assert_untouched MIB: the run ended by itself, having written MIB MiB.
assert_untouched() {
    assert_equal "$status" 0
    assert_equal "$wrote" "$1"
    [[ $stderr != *"out of space"* ]] || fail "$test_mode: stopped: $stderr"
}

# bats test_tags=slow
@test "many small files past the cap: stopped and said where the program shares the driver's uid, a tmpfs of each place elsewhere, in every mode and place" {
    local place
    for mode in $(test_modes); do
        in_mode "$mode"
        for place in work tmp io folder; do
            fill "$place small 64 3"
            if watched "$place"; then
                assert_stopped
            elif [[ $place == io ]]; then
                # closed to the program's uid of its own
                assert_equal "$status" 0
                ((wrote <= 0)) || fail "$test_mode: wrote $wrote MiB into the exchange directory"
            else
                assert_equal "$status" 0  # (its writes failed: the tmpfs is full)
                ((wrote <= 32)) || fail "$test_mode: wrote $wrote MiB into $place"
            fi
        done
    done
}

# bats test_tags=slow
@test "within the cap: untouched, even with sparse files far past it and 200 names of one file" {
    for mode in $(test_modes); do
        in_mode "$mode"
        fill "work small 24 0"
        assert_untouched 24
        # 512 MiB of size, one byte each of 16 files: the blocks count
        fill "work sparse 512 0"
        assert_untouched 512
        # a file of 8 MiB counted once, not 201 times
        fill "work links 8 0"
        assert_untouched 8
        watched work || continue
        # what a sparse file holds counts: 512 MiB of size, 40 MiB written
        fill "work holes 40 3"
        assert_stopped
    done
}

@test "hidden files: in folders the program made and closed, or removed and kept open, still count" {
    for mode in $(test_modes); do
        in_mode "$mode"
        watched work || continue
        fill "work nested 64 3"
        assert_stopped
        fill "tmp unlinked 64 3"
        assert_stopped
    done
}

@test "fallocate keeping the size, which ext4 allows past --fsize at once: refused in every mode" {
    for mode in $(test_modes); do
        in_mode "$mode"
        fill "work fallocate 512 0"
        assert_untouched -1
    done
    # (run plainly on the disk, it takes 512 MiB past a file-size limit of 1 MiB)
    local dir
    new_dir
    echo "work fallocate 512 0" > "$dir/in"
    run bash -c 'cd "$1" && ulimit -f 1024 && "$2" < in' _ "$dir" "$bin/fill-files"
    [[ $output == *"wrote 512 MiB"* ]] || skip "fallocate is refused outside the sandbox too here: $output"
}

@test "as root with limits only and a scratch closed to others (the program stays root): its folders its own, the exchange directory watched" {
    ((EUID == 0)) || skip "a test of the root-started sandbox"
    local dir line
    new_dir
    chmod 700 "$dir"  # (no uid of its own can reach the box: it runs as root)
    mkdir "$dir/scratch"
    for line in "work small 16 0" "io small 64 3"; do
        printf '%s\n' "$line" > "$dir/in"
        run --separate-stderr "$root/build/sandbox" run --quiet --no-sandbox --scratch "$dir/scratch" \
            --tmpfs 32 --input "$dir/in" "$bin/fill-files"
        if [[ $line == work* ]]; then
            assert_success
            assert_line "wrote 16 MiB"  # (its working directory was the lost uid's: -1)
        else
            assert_equal "$status" 137
            [[ $stderr =~ "$STOPPED ("[0-9]+" MiB in the box's exchange files)" ]] || fail "not said: $stderr"
        fi
    done
}

@test "describe: an ordinary user's box with limits only says its files are watched, not a tmpfs" {
    for mode in $(test_modes); do
        in_mode "$mode"
        SANDBOX_TMPFS_MIB=32 run sandbox_describe
        if mode_bwrap || mode_root; then
            refute_output --partial "by a watch"
        else
            assert_output --partial "its files together stopped past 32 MiB by a watch, not a tmpfs"
        fi
    done
}
