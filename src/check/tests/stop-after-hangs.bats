# stop-after-hangs.bats -- check-engine --stop-after-hangs N: after N cases
# in a row of one worker hang, its other cases are not run (failed, code
# not-run), so that quick feedback on a program that hangs does not cost
# the timeout on every case; a case that does not hang starts the count
# again; without the option every case runs.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    work=$(mktemp -d "${TMPDIR:-/tmp}/stop-after-hangs.XXXXXX")
    chmod 755 "$work"
    # Hangs on an input of an odd number of lines; prints nothing otherwise.
    # shellcheck disable=SC2016 # the script's own $n
    printf '#!/bin/sh\nn=$(wc -l)\n[ $((n %% 2)) -eq 0 ] || while :; do sleep 1; done\n' > "$work/sometimes"
    chmod 755 "$work/sometimes"
}

teardown() {
    rm -rf -- "$work"
}

# codes OUTPUT: "ID CODE" of each case of OUTPUT/results.tsv, in case order.
codes() {
    awk -F '\t' 'NR > 1 { print $1, $5 }' "$1/results.tsv" | LC_ALL=C sort
}

# bats test_tags=slow
@test "stop-after-hangs: after N hangs in a row the rest is not run; a case that does not hang starts again" {
    # (with the diagnosis on: the cases not run have no run to diagnose)
    run scripts/check-engine --program checkers --category official --jobs 1 --timeout 1 \
        --stop-after-hangs 2 --output "$work/out" "$work/sometimes"
    assert_failure 1
    refute_output --partial 'no diagnosis'
    [[ -f $work/out/causes.tsv ]] || fail "no causes.tsv"
    # What it must be, walked here from the inputs' sizes in the worker's order.
    local expected='' hangs=0 input id LC_COLLATE=C
    for input in testdata/checkers/official/*.in; do  # (bash sorts a glob as LC_COLLATE; C here)
        id=official/$(basename "$input" .in)
        if ((hangs >= 2)); then
            expected+="$id not-run"$'\n'
        elif (($(wc -l < "$input") % 2 == 1)); then
            expected+="$id hang"$'\n' hangs=$((hangs + 1))
        else
            expected+="$id nothing"$'\n' hangs=0
        fi
    done
    assert_equal "$(codes "$work/out")" "$(printf '%s' "$expected" | LC_ALL=C sort)"
    [[ $expected == *not-run* && $expected == *nothing* ]] || fail "the cases do not try both ways"
    assert_output --partial 'not run: the 2 cases before it hung'
}

@test "stop-after-hangs: without it every case runs; a bad value is refused" {
    printf '#!/bin/sh\nwhile :; do sleep 1; done\n' > "$work/always"
    chmod 755 "$work/always"
    run scripts/check-engine --program checkers --category examples --jobs 6 --timeout 1 \
        --no-diagnose --output "$work/out" "$work/always"
    assert_failure 1
    refute_output --partial 'not run'
    run codes "$work/out"
    assert_line --regexp ' hang$'
    refute_line --regexp ' (not-run|nothing)$'
    run scripts/check-engine --program checkers --stop-after-hangs two "$work/always"
    assert_failure 2
    assert_output --partial '--stop-after-hangs needs a whole number'
}
