# sandbox-etc.bats -- the box's /etc (issue 40, finding 9: programs saw
# the host's): a hostile program (tests/hostile/read-etc.c) lists /etc,
# tries the host's secrets and facts about the machine (shadow, ssh,
# hostname, machine-id...) and prints the users and groups it can see. In
# bubblewrap it must find only the minimal /etc the sandbox makes (the
# files it writes, and the few of the host's the languages need), as root
# and as an unprivileged user; with limits only (no mount namespace) it
# sees the host's, as the README says: the test can see the difference.

# shellcheck disable=SC2154 # bats sets $output, $lines

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"
# shellcheck source=src/test-lib/sandbox-tests.bash
source "$BATS_TEST_DIRNAME/../../test-lib/sandbox-tests.bash"

# expected_etc: the names the box's /etc holds on this host, sorted: the
# files the sandbox writes, and the host's entries the languages need
# (those of them this host has).
expected_etc() {
    local name
    {
        printf '%s\n' group hosts nsswitch.conf passwd
        for name in ld.so.cache alternatives mono; do
            [[ ! -e /etc/$name ]] || echo "$name"
        done
        for name in /etc/java-*; do
            [[ ! -d $name ]] || echo "${name#/etc/}"
        done
    } | LC_ALL=C sort
}

# seen_etc: the names the program listed ("ETC name" lines), sorted.
seen_etc() {
    grep '^ETC ' <<< "$output" | cut -d' ' -f2- | LC_ALL=C sort || true
}

# host_users: the host's users that the box must not show (all but root
# and nobody); the test needs some to compare with.
host_users() {
    cut -d: -f1 /etc/passwd | grep -vx -e root -e nobody
}

# assert_minimal_etc UID: the program's output shows only the box's /etc,
# its passwd and group naming root, UID (unless 65534: nobody) and nobody.
assert_minimal_etc() {
    local uid=$1 path user
    assert_equal "$(seen_etc)" "$(expected_etc)"
    for path in /etc/shadow /etc/gshadow /etc/hostname /etc/machine-id /etc/ssh \
        /etc/ssh/sshd_config /etc/ssl/private /etc/resolv.conf /etc/sudoers /etc/subuid; do
        assert_line "denied $path: No such file or directory"
    done
    local passwd=$'PASSWD root 0\nPASSWD nobody 65534' group=$'GROUP root 0\nGROUP nogroup 65534'
    if ((uid != 65534)); then
        passwd=$'PASSWD root 0\n'"PASSWD sandbox $uid"$'\nPASSWD nobody 65534'
        group=$'GROUP root 0\n'"GROUP sandbox $uid"$'\nGROUP nogroup 65534'
    fi
    assert_equal "$(grep '^PASSWD ' <<< "$output")" "$passwd"
    assert_equal "$(grep '^GROUP ' <<< "$output")" "$group"
    [[ -n $(host_users) ]] || fail "the host has no users but root and nobody to compare with"
    for user in $(host_users); do
        refute_line --regexp "^PASSWD $user "
    done
}

@test "etc: the box shows a minimal /etc, no secret and none of the host's users (limits only shows the host's)" {
    start read-etc
    case_run "$game.in"
    assert_equal "$status" 0
    ((EUID == 0)) && [[ -n $SANDBOX_UID ]] || fail "as root the program runs as a uid of its own"
    assert_minimal_etc "$SANDBOX_UID"
    run sandbox_describe
    assert_output --partial "a minimal /etc of its own"
    sandbox_stop

    # Limits only has no mount namespace: the program sees the host's /etc.
    start read-etc --no-sandbox
    case_run "$game.in"
    assert_equal "$status" 0
    assert_equal "$(seen_etc)" "$(find /etc -mindepth 1 -maxdepth 1 -printf '%f\n' | LC_ALL=C sort)"
    assert_line --regexp "^PASSWD $(host_users | head -n 1) "
}

@test "etc: as an unprivileged user (a user namespace) the box's /etc is as minimal" {
    local dir
    nobody_dir read-etc
    # shellcheck disable=SC2016 # the script is for the user's bash
    run setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$dir" TMPDIR="$dir" bash -c '
        source src/sandbox/sandbox.bash
        sandbox_start "$1/read-etc" || exit 1
        echo "mode $SANDBOX_MODE"
        sandbox_run stdin "$2" "$1/out" "$1/err" "$1/status"
        echo "status $(cat "$1/status")"
        cat "$1/out"
        sandbox_stop' _ "$dir" "$root/$game.in"
    assert_success
    assert_line "mode bwrap"
    assert_line "status 0"
    assert_minimal_etc 65534
}
