# shellcheck shell=bash
# sandbox-tests.bash -- what the sandbox's test files share: the hostile
# programs (src/sandbox/tests/hostile/*.c), built once per file with the
# repository's path, the tester's home and a process name (the marker) of
# their own; a sandbox per test, stopped after it with everything the
# hostile programs may have left; and helpers to start a sandbox, run a
# case and look for what a program left behind. Loaded by the .bats files
# of src/sandbox/tests/ (their setup_file, setup and teardown are these).
# The hostile suites (sandbox.bats, sandbox-limits.bats) run their programs
# in each of the four modes (in_mode): as the tester (root under make test)
# and as a user made for the file, each with bubblewrap and with limits only
# (bubblewrap hidden: --bwrap /nonexistent/bwrap).

# shellcheck disable=SC2154,SC2034 # bats sets $stderr; the tests read what the helpers set

# The hostile programs, built once for the file with the repository's path,
# the tester's home and a process name (the marker) of their own.
setup_file() {
    sandbox_tests_setup_file
}

sandbox_tests_setup_file() {
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
    in_mode bwrap
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
# a path) in the mode in_mode chose: bubblewrap in a bwrap mode unless
# --no-sandbox is asked for, limits only else.
start() {
    local program=$1
    shift
    [[ $program == */* ]] || program=$bin/$program
    sandbox_start "$program" "$@"
    if [[ " $* " != *" --no-sandbox "* ]] && mode_bwrap && [[ $SANDBOX_MODE != bwrap ]]; then
        fail "no bubblewrap sandbox ($test_mode): $SANDBOX_WHY"
    fi
    if ! mode_bwrap && [[ $SANDBOX_MODE != limits ]]; then
        fail "not limits only ($test_mode): $SANDBOX_MODE"
    fi
}

# test_modes: the modes of the hostile suites: the tester's own uid and the
# test's user's, each with bubblewrap and with limits only; the first two
# alone where the tester is not root (no user can be made).
test_modes() {
    if ((EUID == 0)); then
        echo bwrap limits user-bwrap user-limits
    else
        echo bwrap limits
    fi
}

# in_mode MODE: what start, case_run and sandbox_describe use from now on:
# the sandbox program as the tester or (user-*) as the test's user
# (sandbox_test_user_make), with bubblewrap or (*limits) with a bwrap that
# is not there; bin: the hostile programs that uid can run. Says "mode
# MODE" (a failing test's output shows in which mode it failed).
in_mode() {
    test_mode=$1
    echo "mode $test_mode"
    SANDBOX_BIN=$root/build/sandbox bin=$SANDBOX_TEST_BIN
    unset SANDBOX_BWRAP SANDBOX_QUIET
    if mode_user; then
        [[ -n ${SANDBOX_TEST_USER:-} ]] || fail "mode $test_mode: no user made (sandbox_test_user_make)"
        SANDBOX_BIN=$SANDBOX_TEST_WRAPPER bin=$SANDBOX_TEST_HOME/bin
    fi
    if ! mode_bwrap; then
        SANDBOX_BWRAP=/nonexistent/bwrap SANDBOX_QUIET=1
    fi
}

mode_user() { [[ $test_mode == user-* ]]; }
mode_bwrap() { [[ $test_mode == *bwrap ]]; }
# mode_root: the sandbox runs as root (the program as a uid of its own).
mode_root() { ((EUID == 0)) && ! mode_user; }
# mode_home: the home of the sandbox's user (write-home's HOMEDIR).
mode_home() { if mode_user; then echo "$SANDBOX_TEST_HOME"; else echo "$HOME"; fi; }

# mode_case MODE PROGRAM INPUT [OPTION...]: in MODE (in_mode), a sandbox
# for PROGRAM (start, with the OPTIONs) and one case of INPUT (case_run).
mode_case() {
    in_mode "$1"
    start "$2" "${@:4}"
    case_run "$3"
}

# mode_uid_can -r|-w PATH: the program's uid in this mode (after start:
# the box's own as root, the test's user's, else the tester's) may read
# (write) PATH.
mode_uid_can() {
    local uid=${SANDBOX_UID:-$EUID}
    ! mode_user || uid=$(id -u "$SANDBOX_TEST_USER")
    ((uid != EUID)) || { test "$1" "$2"; return; }
    setpriv --reuid="$uid" --regid="$uid" --clear-groups test "$1" "$2"
}

# limits_only_promises: (after start in a limits mode) what limits only
# promises: the box says so (the mode and why it reported, its describe
# line), and as root the program runs as a uid of its own, not root.
limits_only_promises() {
    [[ $SANDBOX_MODE == limits && -n $SANDBOX_WHY ]] || fail "$test_mode: mode '$SANDBOX_MODE', why '$SANDBOX_WHY'"
    ! mode_root || [[ $SANDBOX_UID =~ ^[0-9]+$ && $SANDBOX_UID != 0 ]] ||
        fail "$test_mode: the program runs as root ('$SANDBOX_UID')"
    local line
    # shellcheck disable=SC2119 # (the running box's own line: no option)
    line=$(sandbox_describe)
    [[ $line == *"running with limits only"* || $line == *"none (--no-sandbox); limits only"* ]] ||
        fail "$test_mode: describe does not say limits only: $line"
}

# mode_dir: a new folder of the test's that the sandbox's user can reach.
mode_dir() {
    if mode_user; then
        mktemp -d "$SANDBOX_TEST_HOME/tmp/test.XXXXXX"
    else
        mktemp -d "$BATS_TEST_TMPDIR/test.XXXXXX"
    fi
}

# sandbox_test_user_make: (as root, in setup_file) a user of the file's
# own for the user modes: a home it owns with tmp, the hostile programs
# (write-home and peek-sandbox built with that home), a place for inputs,
# and a wrapper that runs build/sandbox as it, with that HOME and TMPDIR
# and nothing else of the tester's environment.
sandbox_test_user_make() {
    ((EUID == 0)) || return 0
    local name home source
    name=sbxu-$((RANDOM % 90000 + 10000))
    home=$(mktemp -d /tmp/sandbox-user.XXXXXX)
    chmod 755 "$home"
    useradd --home-dir "$home" --no-create-home --user-group --shell /bin/sh "$name"
    mkdir -p "$home/bin" "$home/tmp" "$home/in"
    cp "$SANDBOX_TEST_BIN"/* "$home/bin/"
    for source in write-home peek-sandbox; do
        cc -std=c11 -Wall -Wextra -Werror -O2 \
            -DREPO="\"$root\"" -DHOMEDIR="\"$home\"" -DMARKER="\"$SANDBOX_TEST_MARKER\"" \
            -o "$home/bin/$source" "$root/src/sandbox/tests/hostile/$source.c"
    done
    chown -R "$name:$name" "$home"
    printf '#!/bin/sh\nexec setpriv --reuid=%s --regid=%s --init-groups env -i HOME=%s TMPDIR=%s/tmp LANG=C.UTF-8 PATH=/usr/local/bin:/usr/bin:/bin %s "$@"\n' \
        "$name" "$name" "$home" "$home" "$root/build/sandbox" > "$BATS_FILE_TMPDIR/sandbox-as-user"
    chmod 755 "$BATS_FILE_TMPDIR/sandbox-as-user"
    export SANDBOX_TEST_USER=$name SANDBOX_TEST_HOME=$home SANDBOX_TEST_WRAPPER=$BATS_FILE_TMPDIR/sandbox-as-user
}

# sandbox_test_user_remove: (teardown_file) the user's processes (by pid),
# the user and its home gone.
sandbox_test_user_remove() {
    [[ -n ${SANDBOX_TEST_USER:-} ]] || return 0
    local pid
    for pid in $(pgrep -u "$SANDBOX_TEST_USER"); do kill -KILL "$pid" 2>/dev/null || true; done
    userdel "$SANDBOX_TEST_USER" 2>/dev/null || true
    rm -rf -- "$SANDBOX_TEST_HOME"
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
    local input=$1
    if mode_user; then  # (the user cannot reach the test's own folders)
        input=$SANDBOX_TEST_HOME/in/${1##*/}
        cp -- "$1" "$input"
        chmod 644 "$input"
    fi
    run_status=0
    sandbox_run "$mode" "$input" "$run_dir/out" "$run_dir/err" "$run_dir/status" || run_status=$?
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

# nobody_dir PROGRAM...: for a test of a sandbox started by uid 65534 (a
# user namespace), as the root-started sandbox's alternative: skips unless
# root with setpriv; sets `dir`, a folder that user owns (the test's own
# is root's alone), removed after the test, holding the hostile PROGRAMs.
nobody_dir() {
    ((EUID == 0)) || skip "this is the test of the root-started sandbox's alternative; running as a user already"
    command -v setpriv >/dev/null || skip "setpriv is needed"
    dir=$(mktemp -d /tmp/sandbox-test-user.XXXXXX)
    dirs_to_remove+=("$dir")
    chown 65534:65534 "$dir"
    local program
    for program in "$@"; do cp "$bin/$program" "$dir/"; done
}
