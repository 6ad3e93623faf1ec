# shellcheck shell=bash
# sandbox-tests.bash -- what the sandbox's test files share: the hostile
# programs (src/sandbox/tests/hostile/*.c), built once per file with the
# repository's path, the tester's home and a process name (the marker) of
# their own; a sandbox per test, stopped after it with everything the
# hostile programs may have left; and helpers to start a sandbox, run a
# case and look for what a program left behind. Loaded by the .bats files
# of src/sandbox/tests/ (their setup_file, setup and teardown are these).

# shellcheck disable=SC2154,SC2034 # bats sets $stderr; the tests read what the helpers set

# The hostile programs, built once for the file with the repository's path,
# the tester's home and a process name (the marker) of their own.
setup_file() {
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
# a path); it must be bubblewrap unless --no-sandbox is asked for.
start() {
    local program=$1
    shift
    [[ $program == */* ]] || program=$bin/$program
    sandbox_start "$program" "$@"
    if [[ " $* " != *" --no-sandbox "* && $SANDBOX_MODE != bwrap ]]; then
        fail "no bubblewrap sandbox: $SANDBOX_WHY"
    fi
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
    run_status=0
    sandbox_run "$mode" "$1" "$run_dir/out" "$run_dir/err" "$run_dir/status" || run_status=$?
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
