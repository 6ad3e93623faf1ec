# raw-bytes.bats -- a program that prints bytes a shell variable cannot
# hold (NUL) or a terminal cannot show: check-engine handles them as bytes
# and its report shows them escaped (\x00), with no word from bash.
# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"

setup() {
    workflow_setup
    out=$BATS_TEST_TMPDIR/out
    make_fixture_cases
}

@test "raw bytes: a NUL byte in the output is shown as \\x00, and bash says nothing" {
    # our engine, a NUL and an escape byte put in its fourth line (run
    # without the sandbox, which hides $engine)
    printf '#!/usr/bin/env bash\n"%s" | sed %q\n' "$engine" '4s/$/\x00\x1b[0m/' > "$BATS_TEST_TMPDIR/nul"
    chmod +x "$BATS_TEST_TMPDIR/nul"
    run --separate-stderr scripts/check-engine "$BATS_TEST_TMPDIR/nul" --no-sandbox --cases "$cases" --output "$out"
    assert_failure 1
    assert_equal "$stderr" ''
    refute_output --partial 'warning'
    assert_output --partial 'stdout: first difference at line 4, in the setup board'
    assert_line --regexp '^\+ +A   B .* H\\x00\\x1b\[0m$'
    # the kept report too, every byte printable
    run grep -c -P '[^\x20-\x7e\t]' "$out/failures/stage0/opening.txt"
    assert_output 0
}
