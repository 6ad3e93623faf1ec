# ensure-tools.bats -- the installer, without a network: stub apt-get and
# sudo first on PATH, a PATH from which every probed tool is absent, and
# the tools probed by path (the bats libraries, sshd, Debian's Python
# packages) hidden under empty
# folders by bubblewrap. Each make target's own ensure-tools line (read
# from `make -n`) must ask apt-get for exactly the packages pinned below:
# as root, as a user with password-less sudo (through sudo), and as a user
# without it (no apt-get at all, the exact command printed, status 1). With
# every tool present, nothing is installed.

# shellcheck disable=SC2154 # bats sets $output, $status

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# The packages each target asks for on a machine without any tool, sorted.
# (A probe that wrongly succeeds drops its packages; one that fails to
# parse, or names the wrong package, changes them.)
declare -gA expected=(
    [build]='gcc libc6-dev libseccomp-dev make'
    [check]='bats bats-assert bats-support parallel'
    [memcheck]='bats bats-assert bats-support parallel valgrind'
    [sanitize]='bats bats-assert bats-support clang libclang-rt-dev parallel'
    [oom]='clang libclang-rt-dev parallel'
    [coverage]='bats bats-assert bats-support gcovr parallel'
    [fuzz]='afl++ clang libclang-rt-dev'
    [bench]='bats bats-assert bats-support gunicorn hyperfine parallel python3-flask python3-gevent python3-pycparser similarity-tester valgrind'
    [mutants]='bats bats-assert bats-support bubblewrap git parallel valgrind'
    [corpus-check]='python3'
    [serve]='bubblewrap gunicorn parallel python3-flask python3-gevent'
    [check-engine]='bubblewrap'
    [test-vm]='bats bats-assert bats-support bubblewrap busybox-static qemu-system-x86'
    [gradescope]='git python3'
    [selftest]='afl++ bats bats-assert bats-support bubblewrap busybox-static chromium chromium-driver clang default-jdk-headless g++ gcovr git gunicorn libclang-rt-dev mono-mcs npm openssh-client openssh-server openssl parallel patch postgresql procps python3 python3-aiosmtpd python3-flask python3-gevent python3-jinja2 python3-psycopg python3-pycparser python3-selenium rsync shellcheck similarity-tester valgrind'
    [unit]='bubblewrap chromium chromium-driver default-jdk-headless g++ gunicorn mono-mcs npm openssl parallel patch python3-aiosmtpd python3-flask python3-gevent python3-jinja2 python3-pycparser python3-pytest python3-pytest-xdist python3-selenium'
    [test]='afl++ bats bats-assert bats-support bubblewrap busybox-static chromium chromium-driver clang default-jdk-headless g++ gcovr git gunicorn libclang-rt-dev mono-mcs npm openssh-client openssh-server openssl parallel patch postgresql procps python3 python3-aiosmtpd python3-flask python3-gevent python3-jinja2 python3-psycopg python3-pycparser python3-pytest python3-pytest-xdist python3-selenium rsync shellcheck similarity-tester valgrind'
)

setup_file() {
    command -v bwrap >/dev/null || { echo "needs bubblewrap (apt-get install bubblewrap)" >&2; return 1; }
    command -v setpriv >/dev/null || { echo "needs setpriv (util-linux)" >&2; return 1; }
}

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    ((EUID == 0)) || skip "the installer's users are made with setpriv, which needs root"
    # A folder every uid can use: the stubs, the few plain tools the
    # installer itself needs, the log of what apt-get was asked.
    box=$(mktemp -d /tmp/ensure-tools-test.XXXXXX)
    chmod 755 "$box"
    mkdir -p "$box/stubs" "$box/plain" "$box/empty" "$box/log"
    chmod 777 "$box/log"
    local tool
    for tool in bash env dirname grep cat id true; do ln -s "$(type -P "$tool")" "$box/plain/$tool"; done
    cat > "$box/stubs/apt-get" <<'EOF'
#!/bin/bash
echo "$(id -u) apt-get $*" >> "${0%/stubs/*}/log/calls"
EOF
    # sudo: SUDO_MODE nopasswd runs the command as is (the test cannot
    # raise a uid), password refuses like sudo -n without a cached password.
    cat > "$box/stubs/sudo" <<'EOF'
#!/bin/bash
[[ $1 == -n ]] && shift
if [[ $SUDO_MODE != nopasswd ]]; then echo "sudo: a password is required" >&2; exit 1; fi
echo "$(id -u) sudo $*" >> "${0%/stubs/*}/log/calls"
exec "$@"
EOF
    chmod 755 "$box/stubs/apt-get" "$box/stubs/sudo"
}

teardown() {
    [[ -z ${box:-} ]] || rm -rf -- "$box"
}

# make_line TARGET: the ensure-tools command line `make TARGET` runs.
make_line() {
    make -n --no-print-directory "$1" 2>/dev/null | grep -m 1 '^src/tools/ensure-tools ' ||
        fail "make $1 runs no src/tools/ensure-tools"
}

# installer AS SUDO_MODE COMMAND...: COMMAND (an ensure-tools line) as root
# or as uid 65534, on the bare PATH, with the path-probed tools hidden.
installer() {
    local as=$1 mode=$2 user=()
    shift 2
    [[ $as == root ]] || user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    run --separate-stderr bwrap --dev-bind / / \
        --tmpfs /usr/lib/bats --tmpfs /usr/sbin --tmpfs /sbin \
        --tmpfs /usr/lib/python3/dist-packages --chdir "$root" -- \
        "${user[@]}" /usr/bin/env -i PATH="$box/stubs:$box/plain" HOME="$box/empty" \
        SUDO_MODE="$mode" /bin/bash "$@"
}

# asked_for: the packages of the apt-get install in the log, sorted.
asked_for() {
    grep -m 1 ' apt-get install ' "$box/log/calls" |
        sed 's/.*apt-get install -y --no-install-recommends //' | tr ' ' '\n' | LC_ALL=C sort | xargs
}

# bats test_tags=slow
@test "ensure-tools: as root, each make target asks apt-get for exactly its packages" {
    local target line checked=0
    for target in "${!expected[@]}"; do
        checked=$((checked + 1))
        if [[ $target == build ]]; then
            line='src/tools/ensure-tools --for build'
            grep -qxF "$line" .ci/run || fail ".ci/run does not install the build tools"
        else
            line=$(make_line "$target")
        fi
        rm -f "$box/log/calls"
        # shellcheck disable=SC2086 # the line is a command line
        installer root '' $line
        assert_failure 1
        [[ $stderr == *"still fails its probe after the install"* ]] || fail "make $target: $stderr"
        assert_equal "$(grep -c '^0 apt-get update' "$box/log/calls")" 1
        [[ $(asked_for) == "${expected[$target]}" ]] ||
            fail "make $target asked for '$(asked_for)', expected '${expected[$target]}'"
    done
    assert_equal "$checked" 17
}

@test "ensure-tools: as a user with password-less sudo, apt-get runs through sudo" {
    installer user nopasswd src/tools/ensure-tools --for test
    assert_failure 1
    assert_equal "$(grep -c '^65534 sudo apt-get update -qq$' "$box/log/calls")" 1
    assert_equal "$(grep -c '^65534 sudo env DEBIAN_FRONTEND=noninteractive apt-get install ' "$box/log/calls")" 1
    assert_equal "$(asked_for)" "${expected[test]}"
}

@test "ensure-tools: as a user without sudo, nothing is installed and the exact command is printed" {
    installer user password src/tools/ensure-tools --for check
    assert_failure 1
    [[ ! -e $box/log/calls ]] || fail "apt-get was called: $(cat "$box/log/calls")"
    assert_equal "$stderr" "ensure-tools: missing bats bats-libraries parallel; without root rights or password-less sudo, run:
  sudo apt-get update && sudo apt-get install -y --no-install-recommends bats bats-support bats-assert parallel"
}

@test "ensure-tools: --check never installs, even as root" {
    installer root '' src/tools/ensure-tools --check valgrind
    assert_failure 1
    [[ ! -e $box/log/calls ]] || fail "apt-get was called: $(cat "$box/log/calls")"
    assert_equal "$stderr" "ensure-tools: missing valgrind; to install them, run:
  sudo apt-get update && sudo apt-get install -y --no-install-recommends valgrind"
}

# bats test_tags=slow
@test "ensure-tools: with every tool present, nothing is installed" {
    # (make test installed them before this suite ran: the real PATH, the
    # stubs first to catch any call)
    run --separate-stderr env PATH="$box/stubs:$PATH" src/tools/ensure-tools --for test
    assert_success
    assert_equal "$output$stderr" ''
    [[ ! -e $box/log/calls ]] || fail "apt-get was called: $(cat "$box/log/calls")"
}

@test "ensure-tools: every row of the list has four columns and a known target" {
    local name targets packages probe target
    local known
    known=" build $(sed -nE 's/^([a-z][a-z-]*):.*/\1/p' Makefile | xargs) "
    while IFS=$'\t' read -r name targets packages probe; do
        [[ -n $name && $name != \#* ]] || continue
        [[ -n $packages && -n $probe ]] || fail "row $name: four tab-separated columns"
        for target in $targets; do
            [[ $known == *" $target "* ]] || fail "row $name: no make target '$target'"
        done
    done < src/tools/tools.tsv
}

@test "ensure-tools: the workflow's jobs install from the list, naming no package of their own" {
    local workflow=.github/workflows/ci.yml
    grep -q 'sudo src/tools/ensure-tools --for test$' "$workflow" || fail "the test job does not install through ensure-tools"
    grep -q 'sudo src/tools/ensure-tools --for fuzz$' "$workflow" || fail "the fuzz job does not install through ensure-tools"
    grep -q 'CI=true bash .ci/run$' "$workflow" || fail "no job runs .ci/run on a bare machine"
    # The one apt-get install: git (and its certificates) for the checkout.
    run grep -n 'apt-get install' "$workflow"
    assert_output --regexp '^[0-9]+: +run: apt-get update && apt-get install -y --no-install-recommends git ca-certificates$'
}
