# sandbox-cli.bats -- the sandbox program's command line (build/sandbox,
# src/sandbox/README.md): --help, start's protocol (ready, run, describe,
# a bad request, quit, the end of stdin), run (status, output, graded, a
# hang, a build's folder out), describe, and bad usage (exit 2, nothing
# made) or a box that cannot be made (exit 1).

# shellcheck disable=SC2154 # bats sets $output, $status, $lines, $stderr

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    root=$PWD sandbox=$PWD/build/sandbox
    [[ -x $sandbox ]] || fail "build/sandbox is not built (run make)"
    game=testdata/checkers/examples/seed-game-A
    scratch=$BATS_TEST_TMPDIR/scratch
    mkdir -p "$scratch"
    chmod 755 "$BATS_TEST_TMPDIR" "$scratch"
}

# boxes: the box directories left in the test's scratch directory.
boxes() {
    find "$scratch" -mindepth 1 -maxdepth 1 -name 'sandbox.*' | wc -l
}

@test "cli: --help names the three commands and the README; every command takes it" {
    run --separate-stderr "$sandbox" --help
    assert_success
    assert_line --index 0 --regexp '^usage: sandbox start '
    assert_output --partial 'sandbox run '
    assert_output --partial 'sandbox describe '
    assert_output --partial 'src/sandbox/README.md'
    local command
    for command in start run describe; do
        run --separate-stderr "$sandbox" "$command" --help
        assert_success
        assert_line --index 0 --regexp '^usage: sandbox start '
    done
}

@test "cli: bad usage exits 2 with one reason, and makes no box" {
    local bad
    while IFS='|' read -r bad; do
        # shellcheck disable=SC2086 # the words of each case
        run --separate-stderr "$sandbox" $bad
        [[ $status == 2 ]] || fail "'sandbox $bad' exited $status, not 2 ($stderr)"
        [[ $stderr == sandbox:* ]] || fail "'sandbox $bad' said: $stderr"
        assert_equal "$output" ''
    done <<EOF
bogus
start --scratch $scratch
start --scratch $scratch --timeout 0 build/checkers
start --scratch $scratch --timeout abc build/checkers
start --scratch $scratch --memory 0 build/checkers
start --scratch $scratch --procs -3 build/checkers
start --scratch $scratch --frobnicate build/checkers
start --scratch $scratch --timeout
start --scratch $scratch build/checkers build/draughts
start --scratch $scratch README.md
start --scratch $scratch --how plain build/checkers
run --scratch $scratch --how sideways build/checkers
run --scratch $scratch --folder-out $BATS_TEST_TMPDIR/out build/checkers
describe --scratch $scratch build/checkers
EOF
    run "$sandbox"
    assert_equal "$status" 2
    assert_equal "$(boxes)" 0
}

@test "cli: a box that cannot be made exits 1 and says why" {
    run --separate-stderr "$sandbox" run --scratch "$BATS_TEST_TMPDIR/nowhere" build/checkers
    assert_equal "$status" 1
    assert_equal "$stderr" "sandbox: cannot make a directory under $BATS_TEST_TMPDIR/nowhere"
    run --separate-stderr "$sandbox" run --scratch "$scratch" --folder "$BATS_TEST_TMPDIR/none" build/checkers
    assert_equal "$status" 1
    assert_equal "$stderr" "sandbox: no folder '$BATS_TEST_TMPDIR/none'"
    assert_equal "$(boxes)" 0
}

@test "cli: start serves runs, describe and bad requests by tab-separated lines, and quit removes the box" {
    local requests
    requests=$(printf 'run\t1\tstdin\tplain\t%s\nrun\t2\tstdin\tsideways\nrun\t3\tstdin\tplain\t%s\ndescribe\nquit\n' \
        "$root/$game.in" "$root/$game.in")
    run --separate-stderr "$sandbox" start --scratch "$scratch" --timeout 5 build/checkers <<< "$requests"
    assert_success
    assert_equal "$stderr" ''
    assert_line --index 0 --regexp $'^ready\tmode=bwrap\tdir='"$scratch"$'/sandbox\\.[A-Za-z0-9]{6}\tio=.*/io\tfolder=\tuid=[0-9]*\twhy=\tdescribe=sandbox: bubblewrap \\(.*5 s timeout\\)\tpid=[0-9]+\tcgroup=[^\t]*$'
    assert_line --index 1 $'done\t1\t0'
    assert_line --index 2 --regexp $'^error\t2\tbad request '
    assert_line --index 3 $'done\t3\t0'
    assert_line --index 4 --regexp $'^describe\tsandbox: bubblewrap \\(.*no network.*\\)$'
    assert_equal "${#lines[@]}" 5
    assert_equal "$(boxes)" 0
}

@test "cli: start leaves a run's files in the exchange directory, and the end of stdin ends the box" {
    local to=$BATS_TEST_TMPDIR/to from=$BATS_TEST_TMPDIR/from line io tries=0
    mkfifo "$to" "$from"
    "$sandbox" start --scratch "$scratch" --no-sandbox build/checkers < "$to" > "$from" &
    local pid=$!
    exec {requests}> "$to" {answers}< "$from"
    read -r -u "$answers" line
    [[ $line == ready$'\t'mode=limits$'\t'* ]] || fail "not ready: $line"
    io=$(tr '\t' '\n' <<< "$line" | sed -n 's/^io=//p')
    printf 'run\t7\tstdin\tplain\t%s\n' "$game.in" >&"$requests"
    read -r -u "$answers" line
    [[ $line == done$'\t'7$'\t'0 ]] || fail "answer: $line"
    cmp "$io/case.out" "$game.out"
    exec {requests}>&-
    while [[ -e $io ]] || kill -0 "$pid" 2>/dev/null; do
        ((++tries < 100)) || fail "the box outlived its stdin"
        sleep 0.05
    done
    exec {answers}<&-
    wait "$pid"
}

@test "cli: SIGTERM ends a box as quit does: driver stopped, directory removed" {
    local to=$BATS_TEST_TMPDIR/to from=$BATS_TEST_TMPDIR/from line dir tries=0
    mkfifo "$to" "$from"
    "$sandbox" start --scratch "$scratch" build/checkers < "$to" > "$from" &
    local pid=$!
    exec {requests}> "$to" {answers}< "$from"
    read -r -u "$answers" line
    dir=$(tr '\t' '\n' <<< "$line" | sed -n 's/^dir=//p')
    [[ -d $dir ]] || fail "no box: $line"
    kill -TERM "$pid"
    wait "$pid" || fail "it exited $?"
    [[ ! -e $dir ]] || fail "the box is still there"
    exec {requests}>&- {answers}<&-
}

@test "cli: run gives the output and the program's status; graded, a hang and --no-sandbox too" {
    run --separate-stderr "$sandbox" run --scratch "$scratch" --input "$game.in" build/checkers
    assert_success
    assert_equal "$output" "$(cat "$game.out")"
    run --separate-stderr "$sandbox" run --scratch "$scratch" --graded \
        --input testdata/draughts/examples/opening.in build/draughts
    assert_success
    assert_equal "$output" "$(cat testdata/draughts/examples/opening.out)"
    printf '#!/bin/sh\necho out; echo err >&2; exit 7\n' > "$BATS_TEST_TMPDIR/seven"
    printf '#!/bin/sh\nexec sleep 30\n' > "$BATS_TEST_TMPDIR/sleeper"
    chmod 755 "$BATS_TEST_TMPDIR/seven" "$BATS_TEST_TMPDIR/sleeper"
    run --separate-stderr "$sandbox" run --scratch "$scratch" --no-sandbox "$BATS_TEST_TMPDIR/seven"
    assert_equal "$status" 7
    assert_equal "$output" out
    assert_equal "$stderr" err
    run "$sandbox" run --scratch "$scratch" --timeout 1 "$BATS_TEST_TMPDIR/sleeper"
    assert_equal "$status" 124
    assert_equal "$(boxes)" 0
}

@test "cli: run builds in a writable folder copy and gives it back with --folder-out; the original is untouched" {
    mkdir -p "$BATS_TEST_TMPDIR/src"
    echo original > "$BATS_TEST_TMPDIR/src/file"
    # shellcheck disable=SC2016 # for the build's shell
    printf '#!/bin/sh\ncd "$SANDBOX_FOLDER" && echo built > product && echo changed > file\n' > "$BATS_TEST_TMPDIR/build"
    chmod 755 "$BATS_TEST_TMPDIR/build"
    run --separate-stderr "$sandbox" run --scratch "$scratch" --folder "$BATS_TEST_TMPDIR/src" \
        --folder-writable --folder-out "$BATS_TEST_TMPDIR/out" "$BATS_TEST_TMPDIR/build"
    assert_success
    assert_equal "$(cat "$BATS_TEST_TMPDIR/out/product")" built
    assert_equal "$(cat "$BATS_TEST_TMPDIR/out/file")" changed
    assert_equal "$(cat "$BATS_TEST_TMPDIR/src/file")" original
    # read-only without --folder-writable
    run --separate-stderr "$sandbox" run --scratch "$scratch" --folder "$BATS_TEST_TMPDIR/src" \
        "$BATS_TEST_TMPDIR/build"
    assert_failure
    assert_equal "$(cat "$BATS_TEST_TMPDIR/src/file")" original
}

@test "cli: describe says the mode it would get: bubblewrap, missing, refused, none; a control group or none" {
    # (a stand-in cgroup v2 tree: the same words on every machine)
    export SANDBOX_TEST_CGROUP2=$BATS_TEST_TMPDIR/v2
    mkdir "$SANDBOX_TEST_CGROUP2"
    echo memory pids | tee "$SANDBOX_TEST_CGROUP2"/cgroup.{controllers,subtree_control} > /dev/null
    run --separate-stderr "$sandbox" describe --timeout 3
    assert_success
    assert_output --regexp '^sandbox: bubblewrap \(.*; 4 s CPU, 1024 MiB memory and 64 processes for the whole run \(cgroup v2\), 65536 KiB per file, 3 s timeout\)$'
    run --separate-stderr "$sandbox" describe --bwrap /nonexistent/bwrap
    assert_output --regexp '^sandbox: bubblewrap unavailable \(/nonexistent/bwrap not found\); running with limits only \(11 s CPU, '
    printf '#!/bin/sh\necho "bwrap: refused here" >&2\nexit 1\n' > "$BATS_TEST_TMPDIR/bwrap"
    chmod 755 "$BATS_TEST_TMPDIR/bwrap"
    run --separate-stderr "$sandbox" describe --bwrap "$BATS_TEST_TMPDIR/bwrap" --cpu 2 --timeout 1.5
    assert_output 'sandbox: bubblewrap unavailable (bwrap: refused here); running with limits only (2 s CPU, 1024 MiB memory and 64 processes for the whole run (cgroup v2), 65536 KiB per file, 1.5 s timeout)'
    echo pids | tee "$SANDBOX_TEST_CGROUP2"/cgroup.{controllers,subtree_control} > /dev/null
    run --separate-stderr "$sandbox" describe --no-sandbox --memory 64 --procs 8 --fsize 10
    assert_output 'sandbox: none (--no-sandbox); limits only (11 s CPU, 64 MiB memory per process only: no control group (cgroup v2 without the memory controller), 10 KiB per file, 8 processes, 10 s timeout)'
}
