# failsafe.bats -- proves the golden runner and memcheck can fail: broken
# copies of a real case must each be reported as failing, by name, with
# the evidence a person needs.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    probe=$BATS_TEST_TMPDIR/cases
    mkdir -p "$probe/broken"
    source_case=testdata/checkers/error1/row-9-deep-with-command-after
}

# copy_case NAME: a faithful copy of the source case under probe/broken/NAME.
copy_case() {
    local file
    for file in "$source_case".*; do
        cp "$file" "$probe/broken/$1.${file##*.}"
    done
}

@test "failsafe: an intact copy of a case passes (the probe itself is sound)" {
    copy_case intact
    run scripts/run-golden --name failsafe-intact --cases "$probe"
    assert_success
    assert_output --partial 'failsafe-intact: 1 passed, 0 failed'
}

@test "failsafe: one flipped byte, a dropped final newline, a wrong status all fail" {
    copy_case flipped-byte
    printf 'X' | dd of="$probe/broken/flipped-byte.out" bs=1 seek=100 conv=notrunc status=none
    copy_case no-final-newline
    truncate -s -1 "$probe/broken/no-final-newline.out"
    copy_case wrong-status
    echo 0 > "$probe/broken/wrong-status.status"

    run scripts/run-golden --name failsafe-broken --cases "$probe"
    assert_failure
    assert_output --partial 'not ok 1 broken/flipped-byte'
    assert_output --partial 'not ok 2 broken/no-final-newline'
    assert_output --partial 'not ok 3 broken/wrong-status'
    assert_output --partial 'failsafe-broken: 0 passed, 3 failed'
    # the evidence: reason, rerun command, diff labels, divergence, status
    assert_output --partial "# reason: $(cat "$source_case.reason")"
    assert_output --partial "# rerun:  build/checkers < $probe/broken/flipped-byte.in"
    assert_output --partial '# diff -u of stdout:'
    assert_line '# --- expected'
    assert_line '# +++ actual'
    assert_output --partial 'first difference at line 5, in the setup board'
    assert_output --partial '# \ No newline at end of file'
    assert_output --partial 'status: expected exit status 0, got exit status 1'
}

# bats test_tags=slow
@test "failsafe: two engines, one test a case: the case fails when the second build is wrong, naming that build" {
    copy_case intact
    cat > "$BATS_TEST_TMPDIR/second-build" <<ENGINE
#!/usr/bin/env bash
"$root/build/checkers" | sed '5s/^./X/'
exit "\${PIPESTATUS[0]}"
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/second-build"
    run scripts/run-golden --name failsafe-two --cases "$probe" --engine build/checkers \
        --engine "$BATS_TEST_TMPDIR/second-build"
    assert_failure
    assert_output --partial 'failsafe-two: 0 passed, 1 failed'
    assert_output --partial "# rerun:  $BATS_TEST_TMPDIR/second-build < $probe/broken/intact.in"
    run scripts/run-golden --name failsafe-two --cases "$probe" --engine build/checkers --engine build/checkers
    assert_success
    assert_output --partial 'failsafe-two: 1 passed, 0 failed'
}

# bats test_tags=slow
@test "failsafe: a crash and a hang are told apart from a wrong answer" {
    copy_case crash
    copy_case hang
    cat > "$BATS_TEST_TMPDIR/unstable-engine" <<'ENGINE'
#!/usr/bin/env bash
if grep -q F9 && [[ $0 == *unstable* ]]; then
    case ${PROBE_MODE:?} in crash) kill -SEGV $$ ;; hang) sleep 30 ;; esac
fi
ENGINE
    chmod +x "$BATS_TEST_TMPDIR/unstable-engine"
    PROBE_MODE=crash run scripts/run-golden --name failsafe-crash --cases "$probe" \
        --engine "$BATS_TEST_TMPDIR/unstable-engine" --filter crash
    assert_failure
    assert_output --partial 'got a crash (signal SIGSEGV)'
    PROBE_MODE=hang CORPUS_TIMEOUT=1 run scripts/run-golden --name failsafe-hang \
        --cases "$probe" --engine "$BATS_TEST_TMPDIR/unstable-engine" --filter hang
    assert_failure
    assert_output --partial 'got a hang (killed after 1s)'
}

@test "failsafe: memcheck fails a leaking engine and names the case and its log" {
    cat > "$BATS_TEST_TMPDIR/leaky.c" <<'LEAKY'
#include <stdlib.h>
int main(void) { return malloc(64) == NULL; }
LEAKY
    cc -o "$BATS_TEST_TMPDIR/leaky" "$BATS_TEST_TMPDIR/leaky.c"
    copy_case leaks
    echo 0 > "$probe/broken/leaks.status"
    run scripts/run-golden --wrap memcheck --name failsafe-memcheck --cases "$probe" \
        --engine "$BATS_TEST_TMPDIR/leaky"
    assert_failure
    assert_output --partial 'not ok 1 broken/leaks'
    assert_output --partial 'status: expected exit status 0, got exit status 99'
    assert_output --partial "memcheck: Valgrind found errors or leaks (log: $root/build/failsafe-memcheck/broken/leaks.log)"
    assert_output --partial 'definitely lost'
    assert_output --partial 'failsafe-memcheck: 0 passed, 1 failed'
}

@test "failsafe: under memcheck a wrong stdout still fails (the output is compared)" {
    copy_case memcheck-flipped-byte
    printf 'X' | dd of="$probe/broken/memcheck-flipped-byte.out" bs=1 seek=100 conv=notrunc status=none
    run scripts/run-golden --wrap memcheck --name failsafe-memcheck-stdout --cases "$probe"
    assert_failure
    assert_output --partial 'not ok 1 broken/memcheck-flipped-byte'
    assert_output --partial 'first difference at line 5, in the setup board'
    assert_output --partial 'failsafe-memcheck-stdout: 0 passed, 1 failed'
}
