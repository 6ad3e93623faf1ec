# sandbox-cgroup.bats -- the control group of a box (src/sandbox/cgroup.c):
# the memory and the processes of a whole run limited, beside each
# process's rlimits; the group removed when the box ends, and a killed
# box's swept; cgroup v2's files written (a stand-in tree: this machine's
# v2 has no memory controller); and, where no group can be made, the
# describe line says so.

# shellcheck disable=SC2154 # bats sets $stderr (run --separate-stderr)

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"
# shellcheck source=src/test-lib/sandbox-tests.bash
source "$BATS_TEST_DIRNAME/../../test-lib/sandbox-tests.bash"

# needs_cgroup: skips unless this machine can give a box a control group:
# root, and the memory controller mounted (a cgroup v1 hierarchy of its
# own, or cgroup2's). Not asked of the sandbox: its answer is under test.
needs_cgroup() {
    ((EUID == 0)) || skip "a control group is made as root (or in a delegated group)"
    local v2
    v2=$(awk '{ i = 7; while ($i != "-") i++ } $(i + 1) == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
    grep -qE ' - cgroup cgroup [^ ]*[,]?memory(,|$)' /proc/self/mountinfo ||
        grep -qw memory "${v2:-/nonexistent}/cgroup.controllers" 2>/dev/null ||
        skip "no memory controller mounted here"
}

# group_dirs: the box's group's directories (ready's cgroup=, ':' between).
group_dirs() {
    tr ':' '\n' <<< "$SANDBOX_CGROUP"
}

# bats test_tags=slow
@test "memory: five processes of 600 MB each, each under --memory 1024, do not all hold theirs at once, in both modes" {
    needs_cgroup
    local mode
    for mode in --quiet --no-sandbox; do
        start hold-memory "$mode" --memory 1024 --timeout 40
        case_run "$game.in"
        # (the program itself may be the one killed: then it says nothing)
        [[ $output != "held 5 of 5"* ]] || fail "$mode: all five held 600 MB at once: $output"
        [[ -z $output || $output =~ ^held\ [0-4]\ of\ 5 ]] || fail "$mode: $output $err"
        no_marked_process
        run sandbox_describe
        assert_output --partial "1024 MiB memory and 64 processes for the whole run (cgroup v"
        sandbox_stop
    done
}

@test "processes: a program that runs as root (no uid of its own) is held by the group, not only by ulimit -u" {
    needs_cgroup
    # A scratch directory closed to every other uid: the program stays root,
    # whom RLIMIT_NPROC does not hold.
    local scratch=$BATS_TEST_TMPDIR/closed
    mkdir -m 700 "$scratch"
    SANDBOX_SCRATCH=$scratch start count-forks --no-sandbox --procs 16
    assert_equal "$SANDBOX_UID" ''
    case_run "$game.in"
    assert_equal "$status" 0
    local count
    count=$(sed -n 's/^forked \([0-9]*\) at once$/\1/p' <<< "$output")
    [[ -n $count ]] || fail "no count: $output $err"
    ((count <= 16 + 8)) || fail "$count processes at once under --procs 16"
    no_marked_process
}

@test "the group: its limits, gone when the box ends; a killed box's group is swept by the next box" {
    needs_cgroup
    SANDBOX_TMPFS_MIB=50 start build/checkers --memory 100 --procs 20
    [[ -n $SANDBOX_CGROUP ]] || fail "no cgroup= in ready"
    local dir dirs=()
    mapfile -t dirs < <(group_dirs)
    for dir in "${dirs[@]}"; do
        [[ -d $dir ]] || fail "no group $dir"
        [[ -n $(cat "$dir/cgroup.procs") ]] || fail "no process in $dir"
    done
    # (v1: the memory controller's group first, the pids controller's last)
    assert_equal "$(cat "${dirs[0]}"/memory.max "${dirs[0]}"/memory.limit_in_bytes 2>/dev/null)" \
        $(((100 + 50 + 64) << 20))
    assert_equal "$(cat "${dirs[-1]}/pids.max")" 28
    case_run "$game.in"
    assert_equal "$status" 0
    sandbox_stop
    for dir in "${dirs[@]}"; do
        [[ ! -e $dir ]] || fail "$dir left after the box"
    done
    # SIGKILL leaves the group (empty: bubblewrap dies with its parent),
    # and the next box sweeps it. In a PID namespace of their own: every
    # box sweeps the dead boxes' groups of its namespace, and the other
    # tests' boxes, starting at any moment, would sweep this one first.
    # shellcheck disable=SC2016 # (the script's own variables)
    unshare --pid --fork --mount-proc bash -c '
        source src/sandbox/sandbox.bash
        sandbox_start build/checkers
        tr ":" "\n" <<< "$SANDBOX_CGROUP" > "$1/group"
        kill -KILL "$SANDBOX_PID"
        wait "$SANDBOX_PID" 2>/dev/null
        SANDBOX_PID=""
        while read -r dir; do [[ -d $dir ]] && echo "$dir" >> "$1/left"; done < "$1/group"
        sandbox_start build/checkers || exit
        sandbox_stop' unshared "$BATS_TEST_TMPDIR"
    mapfile -t dirs < "$BATS_TEST_TMPDIR/group"
    ((${#dirs[@]})) || fail "the killed box had no group"
    for dir in "${dirs[@]}"; do
        grep -qxF -- "$dir" "$BATS_TEST_TMPDIR/left" ||
            fail "the killed box's group $dir went by itself: the test cannot see a sweep"
        [[ ! -e $dir ]] || { rmdir "$dir"; fail "$dir of a killed box not swept"; }
    done
}

# fake_v2 DIR CONTROLLERS...: a stand-in cgroup2 tree at DIR whose root
# group has CONTROLLERS enabled for its children.
fake_v2() {
    mkdir -p "$1"
    local dir=$1
    shift
    echo "$*" > "$dir/cgroup.controllers"
    echo "$*" > "$dir/cgroup.subtree_control"
}

@test "cgroup v2 (a stand-in tree, SANDBOX_TEST_CGROUP2): a child group with memory.max, no swap, pids.max, the driver in it" {
    ((EUID == 0)) || skip "the stand-in is made as root"
    local fake=$BATS_TEST_TMPDIR/v2
    fake_v2 "$fake" cpu memory pids
    export SANDBOX_TEST_CGROUP2=$fake
    SANDBOX_TMPFS_MIB=50 start build/checkers --memory 100 --procs 20 --timeout 3
    [[ $SANDBOX_CGROUP == "$fake"/sandbox-* ]] || fail "cgroup=$SANDBOX_CGROUP"
    assert_equal "$(cat "$SANDBOX_CGROUP/memory.max")" $(((100 + 50 + 64) << 20))
    assert_equal "$(cat "$SANDBOX_CGROUP/memory.swap.max")" 0
    assert_equal "$(cat "$SANDBOX_CGROUP/pids.max")" 28
    [[ $(cat "$SANDBOX_CGROUP/cgroup.procs") =~ ^[0-9]+$ ]] || fail "no pid placed"
    run sandbox_describe
    assert_output --partial "100 MiB memory and 20 processes for the whole run (cgroup v2)"
    sandbox_stop
    # the caller's group a leaf: the box's group is its sibling, where the
    # parent has the controllers
    rm -rf "$fake"
    fake_v2 "$fake" memory pids
    mkdir "$fake/service"
    SANDBOX_TEST_CGROUP2_SELF=/service start build/checkers --no-sandbox
    [[ $SANDBOX_CGROUP == "$fake"/sandbox-* ]] || fail "cgroup=$SANDBOX_CGROUP"
    sandbox_stop
    # no memory controller: no group, and the describe line says so
    rm -rf "$fake"
    fake_v2 "$fake" pids
    start build/checkers
    assert_equal "$SANDBOX_CGROUP" ''
    run sandbox_describe
    assert_output --partial "1024 MiB memory per process only: no control group (cgroup v2 without the memory controller)"
}

# oom_stand_in EVENTS_LINE: a run in limits-only mode, in a stand-in v2
# group, of a program that writes the group's memory.events as the kernel
# would after a kill (EVENTS_LINE: "oom N oom_kill N") and dies of SIGKILL.
oom_stand_in() {
    local fake program=$SANDBOX_TEST_BIN/killed-by-oom
    # (in a folder the program's own uid can reach: the test's is not)
    fake=$(mktemp -d /tmp/sandbox-oom.XXXXXX)
    dirs_to_remove+=("$fake")
    fake_v2 "$fake" memory pids
    chmod 755 "$fake"
    cat > "$program" <<'PROGRAM'
#!/bin/sh
read -r events oom kills
printf 'oom %s\noom_kill %s\n' "$oom" "$kills" > "$events"
kill -KILL $$
PROGRAM
    chmod 755 "$program"
    SANDBOX_TEST_CGROUP2=$fake start "$program" --no-sandbox --memory 100 --timeout 5
    [[ $SANDBOX_CGROUP == "$fake"/sandbox-* ]] || fail "cgroup=$SANDBOX_CGROUP"
    chmod 755 "$SANDBOX_CGROUP"
    printf 'oom 0\noom_kill 0\n' > "$SANDBOX_CGROUP/memory.events"
    chmod 666 "$SANDBOX_CGROUP/memory.events"
    echo "$SANDBOX_CGROUP/memory.events $1" > "$BATS_TEST_TMPDIR/events.in"
    case_run "$BATS_TEST_TMPDIR/events.in"
    sandbox_stop
    assert_equal "$(cat "$run_dir/status")" 137
}

@test "out of memory (a stand-in v2 tree): a kill at the group's limit is the run's; the machine's own kill is said to be the machine's, not the program's" {
    ((EUID == 0)) || skip "the stand-in is made as root"
    oom_stand_in "1 1"
    [[ $err == *"sandbox: out of memory: the run's processes together passed its"* ]] || fail "limit: $err"
    oom_stand_in "0 1"
    [[ $err == *"sandbox: the machine ran out of memory and the kernel killed a process of the run, which stayed within its"*"not the program's fault"* ]] || fail "machine: $err"
    [[ $err != *"together passed"* ]] || fail "the machine's kill said to be the run's: $err"
}

@test "an ordinary user without a delegated group: describe says memory is per process only, and why" {
    ((EUID == 0)) || skip "the test becomes an ordinary user"
    command -v setpriv >/dev/null || skip "setpriv is needed"
    run setpriv --reuid=65534 --regid=65534 --clear-groups "$root/build/sandbox" describe --no-sandbox --memory 512
    assert_success
    assert_output --regexp '; limits only \(.*512 MiB memory per process only: no control group \([^)]+\), .* processes, 10 s timeout\)$'
}

# bats test_tags=slow
@test "--memory-by-group: no limit per process (an address space of 1 TiB reserved, as AddressSanitizer's shadow), the group's still holds the run; refused where there is no group" {
    needs_cgroup
    start reserve-space --quiet
    case_run "$game.in"
    assert_output refused
    sandbox_stop
    start reserve-space --quiet --memory-by-group
    case_run "$game.in"
    assert_output reserved
    run sandbox_describe
    assert_output --partial "1024 MiB memory and 64 processes for the whole run (cgroup v1; no limit per process)"
    sandbox_stop
    start hold-memory --quiet --memory-by-group --memory 1024 --timeout 40
    case_run "$game.in"
    [[ -z $output || $output =~ ^held\ [0-4]\ of\ 5 ]] || fail "all five held 600 MB at once: $output $err"
    no_marked_process
    sandbox_stop
    local fake=$BATS_TEST_TMPDIR/v2
    fake_v2 "$fake" pids
    SANDBOX_TEST_CGROUP2=$fake run --separate-stderr build/sandbox run --memory-by-group "$bin/reserve-space"
    assert_failure 1
    assert_equal "$stderr" "sandbox: --memory-by-group needs a control group, and there is none here (cgroup v2 without the memory controller)"
}
