# sandbox-cgroup2-vm.bats -- the box's control group on a real cgroup v2
# machine (`make test-vm`, not part of make test): this machine may have
# only cgroup v1, where sandbox-cgroup.bats writes v2's files into a
# stand-in tree with no controller behind them. Here a virtual machine
# (src/sandbox/tests/vm: Debian's cloud kernel, an initramfs of busybox,
# build/sandbox, bubblewrap and three hostile programs) is booted once,
# with cgroup2 alone at /sys/fs/cgroup; its init runs the boxes and says
# what it saw, one line per fact ("vm CHECK: WHAT"), and each test below
# asserts what src/sandbox/README.md ("The control group") claims of v2.
# And the kernel's download stops with what to do when offline.

# shellcheck disable=SC2154 # bats sets $stderr (run --separate-stderr)

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# The machine built (make's rules: the kernel downloaded once) and booted
# once for the file; its lines in $BATS_FILE_TMPDIR/results.
setup_file() {
    local root=$BATS_TEST_DIRNAME/../../..
    make -C "$root" -s --no-print-directory build/vm/vmlinuz build/vm/initrd.gz
    "$root/src/sandbox/tests/vm/boot" "$root/build/vm/vmlinuz" "$root/build/vm/initrd.gz" \
        "$BATS_FILE_TMPDIR/results" "$BATS_FILE_TMPDIR/console" > "$BATS_FILE_TMPDIR/boot"
    echo "# vm: $(xargs < "$BATS_FILE_TMPDIR/boot"); $(grep -m 1 'vm setup: up' "$BATS_FILE_TMPDIR/results" | tr -d '\r')" >&3
}

# said CHECK [WHAT]: the lines of CHECK (without "vm CHECK: "), or the
# values of those of them that begin with WHAT (without "WHAT ").
said() {
    local lines
    lines=$(tr -d '\r' < "$BATS_FILE_TMPDIR/results" | sed -n "s/^vm $1: //p")
    if (($# == 2)); then sed -n "s/^$2 //p" <<< "$lines"; else echo "$lines"; fi
}

# the_console: the console's last lines, for a failure's message.
the_console() {
    echo "the console's end:"
    tail -n 20 "$BATS_FILE_TMPDIR/console"
}

# held_within CHECK: CHECK's run of hold-memory (five processes of 40 MB,
# each within --memory 64) did not hold them all at once, and the box
# said that the run together passed its 144 MiB (64 + --tmpfs 16 + 64).
held_within() {
    assert_equal "$(said "$1" status)" 0
    local out err
    out=$(said "$1" out) err=$(said "$1" err)
    [[ $out =~ ^held\ [0-4]\ of\ 5\ at\ once || -z $out ]] || fail "$1: $out $err $(the_console)"
    [[ $err == *"sandbox: out of memory: the run's processes together passed its 144 MiB (64 MiB and the box's files)"* ]] ||
        fail "$1: no out-of-memory line: '$err'"
}

@test "the machine: cgroup v2 alone, the memory and pids controllers for the root's children, every check run" {
    [[ -s $BATS_FILE_TMPDIR/results ]] || fail "the machine said nothing; $(the_console)"
    assert_equal "$(said setup controllers)" "memory pids"
    assert_equal "$(said setup "v1 hierarchies")" 0
    [[ $(said setup "done") == at* ]] || fail "the init stopped before its end: $(said setup) $(the_console)"
}

@test "describe: memory and processes for the whole run (cgroup v2), in bubblewrap, as root and as a user in a delegated group" {
    local line
    line=$(said describe)
    [[ $line == "sandbox: bubblewrap (the program as a uid of its own"* ]] || fail "root: $line"
    [[ $line == *"64 MiB memory and 64 processes for the whole run (cgroup v2)"* ]] || fail "root: $line"
    assert_equal "$(said user uid)" 1000
    line=$(said user describe)
    [[ $line == "sandbox: bubblewrap (user namespace"* ]] || fail "user: $line"
    [[ $line == *"64 MiB memory and 64 processes for the whole run (cgroup v2)"* ]] || fail "user: $line"
}

@test "the group of a box in bubblewrap: below the root group, memory.max, no swap, pids.max, the box in it; gone after; a killed box's swept by the next" {
    assert_equal "$(said group mode)" bwrap
    [[ $(said group dir) == /sys/fs/cgroup/sandbox-* ]] || fail "dir: $(said group dir)"
    assert_equal "$(said group memory.max)" $(((64 + 16 + 64) << 20))
    assert_equal "$(said group memory.swap.max)" 0
    assert_equal "$(said group pids.max)" $((16 + 8))
    (($(said group processes) >= 1)) || fail "no process in the group"
    assert_equal "$(said group after)" gone
    assert_equal "$(said sweep killed)" left
    assert_equal "$(said sweep next)" gone
}

@test "memory: five processes of 40 MB, each within --memory 64, together past the run's 144 MiB: one is killed, and the box says so (bubblewrap, limits only)" {
    held_within memory-bwrap
    held_within memory-limits
}

@test "processes: a program that stays root, which RLIMIT_NPROC does not hold, stops at pids.max; a fork bomb ends at the timeout and leaves nothing" {
    local count
    count=$(said forks out | sed -n 's/^forked \([0-9]*\) at once$/\1/p')
    [[ -n $count ]] || fail "no count: $(said forks)"
    ((count > 0 && count <= 16 + 8)) || fail "$count processes at once under --procs 16"
    assert_equal "$(said bomb status)" 124
    assert_equal "$(said bomb left)" 0
}

@test "an ordinary user in a delegated group (the README's recipe): the box's group beside the user's shell's, the run's memory held as a whole" {
    [[ $(said user group) == /sys/fs/cgroup/delegated/sandbox-* ]] || fail "group: $(said user group)"
    held_within memory-user
}

@test "no group left behind: none below the root group or the delegated one after the boxes ended" {
    assert_equal "$(said leftover root)" 0
    assert_equal "$(said leftover delegated)" 0
}

@test "the kernel's download, with no way to the registry, stops with what to do and leaves no kernel" {
    ((EUID == 0)) || skip "the test takes the network away with unshare, as root"
    command -v setpriv >/dev/null || skip "setpriv is needed"
    local dir
    dir=$(mktemp -d /tmp/vm-kernel-test.XXXXXX)
    chown 65534:65534 "$dir"
    # (an ordinary user: no apt-get update, which takes long offline)
    run --separate-stderr unshare -n setpriv --reuid=65534 --regid=65534 --clear-groups \
        env TMPDIR="$dir" "$BATS_TEST_DIRNAME/vm/kernel" "$dir/vmlinuz"
    local left
    left=$(find "$dir" -mindepth 1 | head -n 3)
    rm -rf -- "$dir"
    assert_failure 1
    [[ $stderr == "kernel: cannot download Debian's linux-image-cloud-amd64 kernel"*"(offline)"* ]] || fail "$stderr"
    [[ $stderr == *"or put a bzImage of a kernel"* ]] || fail "$stderr"
    assert_equal "$left" ''
}
