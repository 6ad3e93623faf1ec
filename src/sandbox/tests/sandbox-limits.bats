# sandbox-limits.bats -- the sandbox's limits and its cleaning up: endless
# output, a hang, a spinning CPU, orphans, kill -1, what a case leaves for
# the next, links for output.txt, and the sandbox's own end.

# shellcheck disable=SC2154 # bats sets $stderr (run --separate-stderr)

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"
# shellcheck source=src/test-lib/sandbox-tests.bash
source "$BATS_TEST_DIRNAME/../../test-lib/sandbox-tests.bash"

@test "endless output: cut at the file-size limit (SIGXFSZ), in every mode" {
    for mode in $(test_modes); do
        in_mode "$mode"
        start print-forever --fsize 1024
        case_run "$game.in"
        assert_equal "$status" "$((128 + $(kill -l XFSZ)))"
        assert_equal "$(wc -c < "$run_dir/out")" $((1024 * 1024))
        no_marked_process
        sandbox_stop
    done
}

@test "hang: a program that ignores SIGTERM is a hang (124) at the timeout, in every mode" {
    for mode in $(test_modes); do
        in_mode "$mode"
        start sleep-forever --timeout 1
        case_run "$game.in"
        assert_equal "$status" 124
        ((seconds >= 1 && seconds <= 4)) || fail "took ${seconds}s"
        no_marked_process
        sandbox_stop
    done
}

# bats test_tags=slow
@test "CPU: a spinning program is stopped by the CPU limit (SIGXCPU), in every mode" {
    for mode in $(test_modes); do
        in_mode "$mode"
        start cpu-burn --cpu 1 --timeout 20
        case_run "$game.in"
        # (the status says the CPU limit stopped it, not the 20 s timeout,
        # which gives 124; on a loaded machine 1 s of CPU may take several
        # seconds of wall clock: 8 s when two make tests ran at once)
        assert_equal "$status" "$((128 + $(kill -l XCPU)))"
        ((seconds < 20)) || fail "took ${seconds}s"
        sandbox_stop
    done
}

@test "orphans: a double-forked setsid child is killed after the case in every mode (it survives a plain run)" {
    for mode in $(test_modes); do
        in_mode "$mode"
        start orphan
        case_run "$game.in"
        assert_equal "$status" 0
        assert_output "left a child behind"
        no_marked_process  # (with limits only the driver is its subreaper)
        sandbox_stop
    done

    # Run plainly, the orphan stays (once it has forked: that may take a
    # moment on a busy machine): the check above can see one.
    "$bin/orphan" < "$game.in" > /dev/null
    local tries=0
    until [[ -n $(marked_processes) ]]; do
        ((++tries < 100)) || fail "no orphan left by a plain run: the test cannot see one"
        sleep 0.05
    done
}

@test "kill -1: the program cannot take the sandbox down, but with limits only as a user (said in the README)" {
    for mode in $(test_modes); do
        in_mode "$mode"
        if [[ $mode == user-limits ]]; then
            # kill -1 reaches every process of the user: the sandbox
            # program too (src/check/README.md, "As an ordinary user").
            run "$SANDBOX_BIN" run --quiet --bwrap "$SANDBOX_BWRAP" --input "$root/$game.in" \
                "$bin/kill-everything"
            assert_equal "$status" 137
            grep -qF "| reaches only its namespace | **kills check-engine itself**" \
                "$root/src/check/README.md" || fail "the README no longer says so"
            continue
        fi
        start kill-everything
        case_run "$game.in"
        if [[ $mode == user-bwrap ]]; then
            # it shares the driver's uid and kills it: the box restarts it
            assert_equal "$run_status" 3
            assert_equal "$err" ""
            case_run "$game.in"
            assert_equal "$run_status" 3
            kill -0 "$SANDBOX_PID" || fail "the sandbox program is gone"
            sandbox_stop
            continue
        fi
        assert_equal "$run_status" 0
        assert_output --partial "still here"
        case_run "$game.in"  # the next case runs in the same sandbox
        assert_equal "$run_status" 0
        assert_equal "$status" 0
        assert_output --partial "still here"
        sandbox_stop
    done
}

@test "leftovers: /tmp, the working directory, /dev/shm and System V IPC are empty for the next case, with bubblewrap" {
    for mode in $(test_modes); do
        in_mode "$mode"
        if ! mode_bwrap; then
            # No mount namespace: /tmp and /dev/shm are the host's (the
            # program is not run here: it would leave its files there).
            run sandbox_describe
            assert_output --partial "running with limits only"
            grep -q "the program sees the host's file system" "$root/src/sandbox/README.md" ||
                fail "the README no longer says so"
            continue
        fi
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
        sandbox_stop
    done
}

# ipc_objects_of UID: a line "TABLE ID" for each System V object that UID
# owns, read from /proc/sysvipc by the header's column names.
ipc_objects_of() {
    local table
    for table in shm msg sem; do
        awk -v uid="$1" -v table="$table" 'NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
            $column["uid"] == uid { print table, $column[table == "shm" ? "shmid" : table == "msg" ? "msqid" : "semid"] }' \
            "/proc/sysvipc/$table"
    done
}

@test "leftovers with limits only: the run's System V objects (shared memory, a queue, semaphores) are removed, not another user's" {
    ((EUID == 0)) || skip "the program runs as a uid of its own only as root"
    in_mode limits
    local dir other
    dir=$(mode_dir)
    chmod 755 "$dir"
    cat > "$dir/ipc-leave.c" <<'PROGRAM'
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
int main(void) {
    int made = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600) >= 0 && msgget(IPC_PRIVATE, IPC_CREAT | 0600) >= 0 &&
               semget(IPC_PRIVATE, 1, IPC_CREAT | 0600) >= 0;
    puts(made ? "left three" : "could not make them");
    return 0;
}
PROGRAM
    cc -std=c11 -o "$dir/ipc-leave" "$dir/ipc-leave.c"
    start "$dir/ipc-leave"
    # (root's, on the host; made after the start, which can fail, and
    # removed before any check: nothing of the test's is left on the host)
    other=$(ipcmk -M 4096 | grep -o '[0-9]*$')
    case_run "$game.in"
    local uid=$SANDBOX_UID left mine
    mine=$(ipc_objects_of 0)
    ipcrm -m "$other"
    left=$(ipc_objects_of "$uid")
    sandbox_stop
    local -A flag=([shm]=-m [msg]=-q [sem]=-s)
    local table id
    while read -r table id; do [[ -z $table ]] || ipcrm "${flag[$table]}" "$id"; done <<< "$left"
    assert_output "left three"
    [[ $uid =~ ^[1-9][0-9]*$ ]] || fail "the program ran as uid '$uid', not one of its own"
    [[ -z $left ]] || fail "the run's objects outlived it: $left"
    [[ $mine == *"shm $other"* ]] || fail "root's segment $other was removed: $mine"
}

@test "graded: an output.txt that is a link gives an empty output, not the link's target, in every mode" {
    local dir
    for mode in $(test_modes); do
        in_mode "$mode"
        dir=$(mode_dir)
        chmod 755 "$dir"
        printf '#!/bin/sh\nln -s "%s" output.txt\nln -s /etc/hostname output2.txt\n' "$root/$game.out" \
            > "$dir/link-output"
        chmod 755 "$dir/link-output"
        start "$dir/link-output"
        case_run graded "$game.in"
        assert_equal "$status" 0
        [[ ! -s $run_dir/out && ! -L $run_dir/out ]] || fail "took the link ($mode)"
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

@test "sandbox_start: the directory of a box whose sandbox program was killed is removed" {
    # (a worker killed with its box: SIGKILL leaves the directory behind)
    # In a scratch folder of its own: every box sweeps the dead boxes of its
    # scratch, and the other tests' boxes, starting at any moment in the
    # shared /dev/shm, would sweep this one before the test looks.
    local SANDBOX_SCRATCH=$BATS_TEST_TMPDIR/scratch
    mkdir "$SANDBOX_SCRATCH"
    (sandbox_start build/checkers
     echo "$SANDBOX_DIR" > "$BATS_TEST_TMPDIR/dir"
     kill -KILL "$SANDBOX_PID"
     wait "$SANDBOX_PID" || true
     exit 0)
    local dir
    dir=$(cat "$BATS_TEST_TMPDIR/dir")
    [[ $dir == "$SANDBOX_SCRATCH"/sandbox.* ]] || fail "the box not in its scratch: $dir"
    [[ -d $dir ]] || fail "the killed box's $dir went by itself: the test cannot see a sweep"
    start build/checkers
    [[ ! -e $dir ]] || fail "$dir of a killed box not swept"
}

@test "sandbox_start: a box started in another PID namespace leaves the host's running boxes alone" {
    # (a pid means nothing in another namespace: the host's running box's
    # pid is none there. sandbox-cgroup.bats starts boxes under
    # unshare --pid beside the other tests' boxes, in the same /dev/shm.)
    local SANDBOX_SCRATCH=$BATS_TEST_TMPDIR/scratch
    mkdir "$SANDBOX_SCRATCH"
    start build/checkers
    local dir=$SANDBOX_DIR
    [[ $dir == "$SANDBOX_SCRATCH"/sandbox.* ]] || fail "the box not in its scratch: $dir"
    # shellcheck disable=SC2016 # (the script's own variables)
    SANDBOX_SCRATCH=$SANDBOX_SCRATCH unshare --pid --fork --mount-proc bash -c '
        source src/sandbox/sandbox.bash
        sandbox_start build/checkers || exit
        sandbox_stop' unshared
    [[ -d $dir ]] || fail "the running box's $dir was swept from another PID namespace"
    case_run "$game.in"
    assert_equal "$status" 0
    cmp "$run_dir/out" "$game.out"
}

@test "sandbox_start: a box whose caller ended without sandbox_stop removes itself" {
    (sandbox_start build/checkers; echo "$SANDBOX_DIR $SANDBOX_PID" > "$BATS_TEST_TMPDIR/dir"; exit 0)
    local dir pid tries=0
    read -r dir pid < "$BATS_TEST_TMPDIR/dir"
    [[ -n $dir && -n $pid ]]
    # (the end of its stdin: it stops the driver and removes the box)
    while [[ -e $dir || -e /proc/$pid ]]; do
        ((++tries < 100)) || fail "the box is still there after 5 s: $(ls -d "$dir" 2>&1)"
        sleep 0.05
    done
}

@test "disk: a writable folder, /tmp and the folder given back stop at the box's size, in every mode (limits only as a user: all together, by a watch, said by describe)" {
    local mode out dir folder tmp
    for mode in $(test_modes); do
        in_mode "$mode"
        dir=$(mode_dir)
        out=$dir/out
        mkdir -p "$dir/src" "$dir/scratch"
        ! mode_user || chown -R "$SANDBOX_TEST_USER:" "$dir"
        # each writable place a tmpfs of 32 MiB (files of 8 MiB, under --fsize)
        run --separate-stderr "$SANDBOX_BIN" run --quiet ${SANDBOX_BWRAP:+--bwrap "$SANDBOX_BWRAP"} \
            --scratch "$dir/scratch" --tmpfs 32 --fsize 16384 --timeout 60 --folder "$dir/src" \
            --folder-writable --folder-out "$out" --input "$root/$game.in" "$bin/fill-folder"
        folder=$(sed -n 's/^folder \([0-9]*\) MiB$/\1/p' <<< "$output")
        tmp=$(sed -n 's/^tmp \([0-9]*\) MiB$/\1/p' <<< "$output")
        if ! mode_root && ! mode_bwrap; then
            # No tmpfs can be mounted: the driver watches the places
            # together and stops the run past the cap (sandbox-sizecap.bats);
            # the folder it filled past the cap is not given back (125).
            [[ $status == 137 || ($status == 125 && $stderr == *"larger than the box (--tmpfs)"*) ]] ||
                fail "$mode: status $status: $stderr"
            [[ $stderr == *"the run's files together passed its 32 MiB"* ]] || fail "$mode: not said: $stderr"
            SANDBOX_TMPFS_MIB=32 run sandbox_describe --timeout 60
            assert_output --partial "its files together stopped past 32 MiB by a watch, not a tmpfs"
        else
            [[ -n $folder && -n $tmp ]] || fail "$mode: no sizes in: $output $stderr"
            ((folder <= 32)) || fail "$mode: $folder MiB written into the writable folder"
            ((tmp <= 32)) || fail "$mode: $tmp MiB written into /tmp"
            [[ -d $out ]] || fail "$mode: no folder given back: $stderr"
            (($(du -sm "$out" | cut -f1) <= 33)) || fail "$mode: $(du -sm "$out") given back"
            run sandbox_describe --timeout 60
            refute_output --partial "size cap"
            refute_output --partial "size-capped"
        fi
        # nothing is left in the scratch directory
        assert_equal "$(find "$dir/scratch" -mindepth 1 | head -3)" ""
        rm -rf -- "$dir"
    done
}

setup_file() {
    sandbox_tests_setup_file
    sandbox_test_user_make
}

teardown_file() {
    sandbox_test_user_remove
}
