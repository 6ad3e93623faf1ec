# sandbox-fallback.bats -- check-engine and mark give the same verdicts
# with bubblewrap and without it (not on PATH, refused, or --no-sandbox):
# a correct copy of our sources passes every case with a clean memory
# check, a leaking copy is caught. (Without bubblewrap, a Valgrind log
# given as a relative path once went to the program's working directory
# and every program was reported "no Valgrind report".) And the fallback
# is said once per run, with its reason.

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup_file() {
    local root
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    export ROOT=$root CLASS=$BATS_FILE_TMPDIR/class NOBWRAP=$BATS_FILE_TMPDIR/path
    # shellcheck source=src/test-lib/mark-class.bash
    source "$root/src/test-lib/mark-class.bash"
    mark_class_copy "$CLASS/correct"
    mark_class_leaking "$CLASS/leaking"
    for name in correct leaking; do
        cc -std=c11 -O2 -o "$BATS_FILE_TMPDIR/$name.bin" "$CLASS/$name"/*.c
    done
    # shellcheck source=src/test-lib/path-without.bash
    source "$root/src/test-lib/path-without.bash"
    path_without bwrap "$NOBWRAP" "$PATH"
    # A bubblewrap that is there but refused, as under Docker's default profile.
    printf '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n' > "$BATS_FILE_TMPDIR/refused-bwrap"
    chmod +x "$BATS_FILE_TMPDIR/refused-bwrap"
}

setup() {
    cd "$ROOT" || return
}

# check MODE NAME: check-engine --memcheck on the official tests and the
# worked examples, with the Valgrind logs under a relative --output;
# MODE: bwrap, hidden (not on PATH), refused, none (--no-sandbox).
check() {
    local mode=$1 name=$2 env=() options=()
    case $mode in
        hidden) env=(PATH="$NOBWRAP") ;;
        refused) env=(SANDBOX_BWRAP="$BATS_FILE_TMPDIR/refused-bwrap") ;;
        none) options=(--no-sandbox) ;;
    esac
    local out
    out=$(realpath -s --relative-to=. "$BATS_TEST_TMPDIR/out-$mode-$name")
    run --separate-stderr env "${env[@]}" scripts/check-engine "$BATS_FILE_TMPDIR/$name.bin" \
        --category official --category examples --memcheck 1 --jobs 2 --output "$out" "${options[@]}"
}

# said_once MODE: the run just made (hidden or refused) said that
# bubblewrap is unavailable once, with the reason; and, hidden, the probe's
# proof says at the start what that lets out. (Checked on the first test's
# runs: a test of its own ran the same two checks again.)
said_once() {
    assert_equal "$(grep -c 'bubblewrap unavailable' <<<"$output$stderr")" 1
    if [[ $1 == hidden ]]; then
        assert_line --partial 'sandbox: bubblewrap unavailable (bwrap not found); running with limits only'
        assert_line --regexp '^check-engine: sandbox NOT CONTAINED on this machine: limits only: bwrap not found; the probe could read .*/Makefile '
    else
        assert_line --partial 'sandbox: bubblewrap unavailable (bwrap: No permissions to create new namespace); running with limits only'
    fi
}

# bats test_tags=slow
@test "fallback: the memory check's verdicts are the same with bubblewrap, without it, refused, and --no-sandbox; bubblewrap unavailable is said once per run, with the reason" {
    local mode
    for mode in bwrap hidden refused none; do
        check "$mode" correct
        assert_success
        case $mode in
            bwrap) assert_line 'check-engine: sandbox contained: a probe run in the box could not read the repository, reach a port of 127.0.0.1, make a user namespace or hold more memory than its run'"'"'s across processes' ;;
            none) refute_line --partial 'check-engine: sandbox contained' && refute_line --partial 'CONTAINED' ;;
            *) assert_line --partial 'check-engine: sandbox NOT CONTAINED on this machine: limits only: '
               said_once "$mode" ;;
        esac
        assert_line 'memcheck: 2 clean, 0 with findings'
        assert_equal "${lines[-1]}" '22 passed, 0 failed (profile assignment, memcheck of 2 cases included)'
        check "$mode" leaking
        assert_failure 1
        assert_line 'memcheck: 0 clean, 2 with findings'
        assert_line --regexp '^  official/test0: definitely lost: 7 bytes in 1 blocks \(log: '
        assert_equal "${lines[-1]}" '20 passed, 2 failed (profile assignment, memcheck of 2 cases included)'
        # The same verdicts as data, for mark.
        run cut -f1,2 "$BATS_TEST_TMPDIR/out-$mode-leaking/memcheck.tsv"
        assert_output "$(printf 'case\tverdict\nexamples/error1-source-outside\tfindings\nofficial/test0\tfindings')"
    done
}

# bats test_tags=slow
@test "fallback: mark gives the same rows with bubblewrap and without it on PATH" {
    local mode
    for mode in bwrap hidden; do
        local env=()
        [[ $mode == bwrap ]] || env=(PATH="$NOBWRAP")
        run env "${env[@]}" scripts/mark --category official --category examples --memcheck 1 \
            --output "$BATS_TEST_TMPDIR/mark-$mode" "$CLASS/correct" "$CLASS/leaking"
        assert_success
        if [[ $mode == bwrap ]]; then
            assert_line --index 1 'mark: sandbox contained: a probe run in the box could not read the repository, reach a port of 127.0.0.1, make a user namespace or hold more memory than its run'"'"'s across processes'
        else
            assert_line --index 1 --regexp '^mark: sandbox NOT CONTAINED on this machine: limits only: bwrap not found; the probe could read '
        fi
        # (every column but the seconds each took)
        cut -d, -f1-15,17- "$BATS_TEST_TMPDIR/mark-$mode/marks.csv" > "$BATS_TEST_TMPDIR/rows-$mode"
    done
    run cat "$BATS_TEST_TMPDIR/rows-hidden"
    assert_line --regexp '^correct,yes,0,.*,20,20,100\.0,clean,0,2,'
    assert_line --regexp '^leaking,yes,0,.*,20,20,100\.0,findings,2,2,'
    cmp "$BATS_TEST_TMPDIR/rows-bwrap" "$BATS_TEST_TMPDIR/rows-hidden" ||
        fail "rows differ: $(diff "$BATS_TEST_TMPDIR/rows-bwrap" "$BATS_TEST_TMPDIR/rows-hidden")"
}
