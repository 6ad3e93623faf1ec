# run-suite.bats -- src/golden/run-suite --all schedules make test's
# suites: the targets after --niced run under nice, LANES at a time
# beside the others, and every target's counts reach the summary. The
# scheduler runs from a copy of
# src/golden (its build/ there, never the repository's, which a make test
# around this test is writing) with a stand-in `make` on PATH.

# shellcheck disable=SC2154 # bats sets $output, $status

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    local root
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    copy=$BATS_TEST_TMPDIR/copy
    mkdir -p "$copy/src/golden" "$BATS_TEST_TMPDIR/bin"
    cp -- "$root/src/golden/run-suite" "$root/src/golden/summary" "$root/src/golden/results.bash" "$copy/src/golden/"
    export SYNC=$BATS_TEST_TMPDIR/sync
    # (the copy's own counts: under make test, RESULTS_DIR is the outer
    # selftest's, which --all would empty)
    export RESULTS_DIR=$copy/build/results
    mkdir -p "$SYNC/niced-running"
    fake_make > "$BATS_TEST_TMPDIR/bin/make"
    chmod +x "$BATS_TEST_TMPDIR/bin/make"
    PATH=$BATS_TEST_TMPDIR/bin:$PATH
}

# fake_make: the stand-in for `make TARGET`. It notes its niceness and
# counts its suite as 1 passed; `waits` waits (at most 30 s) until pair-1
# and pair-2 have run, and `waits-longer` until niced-1 and niced-2 have
# too, so that they can only have run beside them; a pair-N or niced-N
# notes how many of the niced targets run at its start (itself counted)
# and waits (at most 30 s) until the other of its two has started, so
# that the two can only have run together; `stops` exits 3 counting
# nothing.
fake_make() {
    cat <<'MAKE'
#!/usr/bin/env bash
target=${!#}
nice > "$SYNC/$target.nice"
until_there() {
    local tries=0
    until [[ -e $1 ]]; do
        ((tries++ < 300)) || { echo "$target: gave up waiting for $1"; exit 4; }
        sleep 0.1
    done
}
case $target in
    waits) until_there "$SYNC/pair-1.done"; until_there "$SYNC/pair-2.done" ;;
    waits-longer) until_there "$SYNC/niced-1.done"; until_there "$SYNC/niced-2.done" ;;
    pair-*|niced-*)
        mkdir "$SYNC/niced-running/$target"
        touch "$SYNC/$target.started"
        find "$SYNC/niced-running" -mindepth 1 | wc -l > "$SYNC/$target.beside"
        if [[ $target == *-1 ]]; then until_there "$SYNC/${target%-1}-2.started"
        else until_there "$SYNC/${target%-2}-1.started"; fi
        sleep 0.3
        rmdir "$SYNC/niced-running/$target"
        touch "$SYNC/$target.done" ;;
    stops) echo "stops: broken before counting"; exit 3 ;;
esac
mkdir -p "$RESULTS_DIR"
echo "1 0 0" > "$RESULTS_DIR/$target"
echo "ok 1 $target"
MAKE
}

@test "run-suite: --niced targets run under nice, two at a time beside the two others" {
    local own
    own=$(nice)
    run "$copy/src/golden/run-suite" --all --label 'make test' waits waits-longer --niced pair-1 pair-2 niced-1 niced-2
    assert_success
    # (the lines that say what runs begin with the command the reader typed)
    assert_output --partial "make test: pair-1 started (nice 10)"
    assert_line "6 passed, 0 failed"
    # (the first two at the shell's own niceness, the niced ones 10 lower, at most 19)
    [[ $(cat "$SYNC/waits.nice") == "$own" ]]
    [[ $(cat "$SYNC/waits-longer.nice") == "$own" ]]
    local target lowered=$((own + 10 > 19 ? 19 : own + 10))
    for target in pair-1 pair-2 niced-1 niced-2; do
        [[ $(cat "$SYNC/$target.nice") == "$lowered" ]] || fail "$target ran at niceness $(cat "$SYNC/$target.nice")"
        # (never more than two niced ones at once)
        (($(cat "$SYNC/$target.beside") <= 2)) || fail "$target ran beside $(cat "$SYNC/$target.beside") niced ones"
    done
}

@test "run-suite: a niced target that stops before counting is one failure, and the run fails" {
    run "$copy/src/golden/run-suite" --all quick --niced stops later
    assert_failure
    assert_line "2 passed, 1 failed"
    grep -q 'stops: stopped with status 3 before counting a failure' "$copy/build/reports/suites/stops.log"
}

@test "run-suite: NICE sets the niced targets' niceness; alone, they run two at a time" {
    local own
    own=$(nice)
    NICE=3 run "$copy/src/golden/run-suite" --all --niced pair-1 pair-2
    assert_success
    assert_output --partial "run-suite: pair-1 started (nice 3)"
    assert_line "2 passed, 0 failed"
    [[ $(cat "$SYNC/pair-1.nice") == $((own + 3 > 19 ? 19 : own + 3)) ]]
}
