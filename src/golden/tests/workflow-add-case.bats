# workflow-add-case.bats -- turning an input into a case: what add-case
# writes, what it shows for review, and what it refuses.

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
}

# bats test_tags=slow
@test "add-case: writes a complete case and prints a command that runs just it" {
    run scripts/add-case --cases "$cases" stage0 black-captures "black jumps north-east" \
        < <(printf 'G6-F5\nH3-G4\nF5-H3\n')
    assert_success
    # the review shows the whole (short) output: the capture and its cost
    assert_output --partial 'BLACK ACTION #3: F5-H3'
    assert_output --partial 'BOARD COST: 1'
    assert_output --partial '--- exit status 0'
    local path=$cases/stage0/black-captures
    assert_equal "$(cat "$path.in")" $'G6-F5\nH3-G4\nF5-H3'
    assert_equal "$(cat "$path.reason")" 'black jumps north-east'
    run cmp "$path.out" <("$engine" < "$path.in")
    assert_success
    [[ ! -e $path.status && ! -e $path.err ]] || fail "status 0 and empty stderr are absences"
    run src/cases/check-corpus --cases "$cases"
    assert_success

    # the printed command runs this one case, and it passes
    run scripts/add-case --cases "$cases" stage0 opening "the opening" < <(echo G6-F5)
    assert_success
    local command
    command=$(grep -o "scripts/run-golden --filter .*" <<<"$output")
    assert_equal "$command" "scripts/run-golden --filter '^stage0/opening\$' --cases $cases"
    eval "run $command --name workflow-add-case"
    assert_success
    assert_output --partial 'ok 1 stage0/opening'
    assert_output --partial 'workflow-add-case: 1 passed, 0 failed'
}

@test "add-case: records a non-zero status and stderr; a long game shows its end only" {
    run scripts/add-case --cases "$cases" malformed lower-case "lower case is malformed" \
        < <(echo g6-f5)
    assert_success
    assert_output --partial '--- stderr:'
    assert_output --partial '--- exit status 2'
    assert_equal "$(cat "$cases/malformed/lower-case.status")" 2
    assert_equal "$(cat "$cases/malformed/lower-case.err")" "$("$engine" < <(echo g6-f5) 2>&1 >/dev/null)"

    run scripts/add-case --cases "$cases" play from-setup "P from the setup" < <(echo P)
    assert_success
    assert_output --partial 'lines; the last action, its board and the result follow'
    assert_output --partial '*** WHITE ACTION #10:'
    refute_output --partial 'BOARD SIZE: 8x8'        # the start is not shown
    refute_output --partial '*** WHITE ACTION #8:'
}

@test "add-case: refuses to overwrite a case or to record an input twice" {
    make_fixture_cases
    local before
    before=$(cd "$cases" && find . -type f -exec sha256sum {} + | sort)

    run scripts/add-case --cases "$cases" stage0 opening "again" < <(echo H6-G5)
    assert_failure 1
    assert_output --partial 'already exists; use scripts/bless to re-record it'

    run scripts/add-case --cases "$cases" wins same-input "the same input, another name" \
        < <(printf 'G6-F5\n')
    assert_failure 1
    assert_output --partial "the same input is already the case $cases/stage0/opening"

    assert_equal "$(cd "$cases" && find . -type f -exec sha256sum {} + | sort)" "$before"
}

# bats test_tags=slow
@test "add-case: rejects unsafe names and a reason that is not one line; writes nothing" {
    local bad
    for bad in 'dot.ted' '../escape' '-dash' 'a b' '' 'a/b' '.hidden'; do
        run scripts/add-case --cases "$cases" stage0 "$bad" "reason" /dev/null
        assert_failure 2
        assert_output --partial 'is not a safe name'
        run scripts/add-case --cases "$cases" "$bad" name "reason" /dev/null
        assert_failure 2
    done
    run scripts/add-case --cases "$cases" stage0 two-lines $'first\nsecond' /dev/null
    assert_failure 2
    assert_output --partial 'the reason must be one non-empty line'
    run scripts/add-case --cases "$cases" stage0 blank '   ' /dev/null
    assert_failure 2
    assert_equal "$(find "$BATS_TEST_TMPDIR" -mindepth 1 -not -path "$cases")" ''
}

@test "add-case: refuses to record a crash or a hang as a golden" {
    printf '#!/usr/bin/env bash\nkill -SEGV $$\n' > "$BATS_TEST_TMPDIR/crasher"
    chmod +x "$BATS_TEST_TMPDIR/crasher"
    run scripts/add-case --engine "$BATS_TEST_TMPDIR/crasher" --cases "$cases" \
        stage0 crash "a crash" < <(echo G6-F5)
    assert_failure 1
    assert_output --partial 'the engine gave a crash (signal SIGSEGV): not a golden'
    assert_equal "$(find "$cases" -type f)" ''
}
