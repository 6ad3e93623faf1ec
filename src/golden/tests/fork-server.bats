# fork-server.bats -- the memcheck suite starts Valgrind once and forks the
# engine for each case (src/golden/fork-server): each case must still be
# checked on its own (a leak in one case fails that case alone, with its
# log), a hang must still be a hang, and an engine the server cannot serve
# must still be checked, one Valgrind a case.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    make -s --no-print-directory build/tools/fork-server.so build/tools/fork-client
    probe=$BATS_TEST_TMPDIR/cases
    mkdir -p "$probe/c"
    # An engine that echoes its input, leaks on "leak", hangs on "hang".
    cat > "$BATS_TEST_TMPDIR/engine.c" <<'ENGINE'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static char *kept;
int main(void) {
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        fputs(line, stdout);
        if (strcmp(line, "leak\n") == 0) { char *p = malloc(32); p[0] = 1; kept = p; kept = NULL; }
        if (strcmp(line, "hang\n") == 0) { for (;;) pause(); }
        if (strcmp(line, "invalid\n") == 0) { char *volatile p = malloc(8); volatile char c = p[8]; (void)c; free(p); }
        if (strcmp(line, "uninit\n") == 0) { int *volatile p = malloc(sizeof *p); if (*p == 42) fputs("!", stderr); free(p); }
        if (strcmp(line, "double\n") == 0) { char *volatile p = malloc(8); free(p); free(p); }
    }
    return 0;
}
ENGINE
    cc -O2 -g -o "$BATS_TEST_TMPDIR/engine" "$BATS_TEST_TMPDIR/engine.c"
}

# add_case NAME INPUT: a case whose expected output is its input.
add_case() {
    printf '%s\n' "$2" > "$probe/c/$1.in"
    printf '%s\n' "$2" > "$probe/c/$1.out"
    echo "fork-server probe" > "$probe/c/$1.reason"
}

@test "fork server: a leak fails its own case alone, with its log; the others pass" {
    add_case before clean
    add_case leaks leak
    add_case after clean
    run scripts/run-golden --wrap memcheck --name fork-probe --cases "$probe" \
        --engine "$BATS_TEST_TMPDIR/engine" --jobs 1
    assert_failure
    refute_output --partial 'fork server did not start'
    assert_output --partial 'ok 1 c/after'
    assert_output --partial 'ok 2 c/before'
    assert_output --partial 'not ok 3 c/leaks'
    assert_output --partial "memcheck: Valgrind found errors or leaks (log: $root/build/fork-probe/c/leaks.log)"
    assert_output --partial '32 bytes in 1 blocks are definitely lost'
    assert_output --partial 'fork-probe: 2 passed, 1 failed'
    # The cases ran in children of one Valgrind: their logs were its children's.
    run ls "build/fork-probe/fork-server"
    assert_output --partial 'server.out'
}

# bats test_tags=slow
@test "fork server: every kind of error fails its case: an invalid read, an uninitialised value, a double free" {
    # (the server's own options, fork-server.bash, speed up translation:
    # these prove they let nothing through)
    add_case clean clean
    add_case invalid invalid
    add_case uninit uninit
    add_case double double
    run scripts/run-golden --wrap memcheck --name fork-probe-kinds --cases "$probe" \
        --engine "$BATS_TEST_TMPDIR/engine"
    assert_failure
    refute_output --partial 'fork server did not start'
    assert_output --partial 'ok 1 c/clean'
    assert_output --partial 'not ok 2 c/double'
    assert_output --partial 'Invalid free() / delete / delete[] / realloc()'
    assert_output --partial 'not ok 3 c/invalid'
    assert_output --partial 'Invalid read of size 1'
    assert_output --partial 'not ok 4 c/uninit'
    assert_output --partial 'Conditional jump or move depends on uninitialised value(s)'
    assert_output --partial 'fork-probe-kinds: 1 passed, 3 failed'
}

# bats test_tags=slow
@test "fork server: a hang is killed as a hang, and no child outlives the suite" {
    add_case hangs hang
    CORPUS_TIMEOUT=2 run scripts/run-golden --wrap memcheck --name fork-probe-hang \
        --cases "$probe" --engine "$BATS_TEST_TMPDIR/engine"
    assert_failure
    assert_output --partial 'got a hang (killed after 2s)'
    sleep 1
    run pgrep -f "$BATS_TEST_TMPDIR/engine"
    assert_failure
}

@test "fork server: a static engine, which it cannot serve, is checked one Valgrind a case" {
    # (Valgrind reports glibc's own start-up in a static program: the case
    # fails, and what matters here is that Valgrind ran it at all.)
    cc -static -o "$BATS_TEST_TMPDIR/static-engine" "$BATS_TEST_TMPDIR/engine.c"
    add_case clean clean
    run scripts/run-golden --wrap memcheck --name fork-probe-static --cases "$probe" \
        --engine "$BATS_TEST_TMPDIR/static-engine"
    assert_output --partial 'fork server did not start'
    assert_output --partial "memcheck: Valgrind found errors or leaks (log: $root/build/fork-probe-static/c/clean.log)"
    assert_output --partial 'fork-probe-static: 0 passed, 1 failed'
}

# bats test_tags=slow
@test "fork server: a Valgrind still starting gets FORK_SERVER_START_SECONDS, then one Valgrind a case" {
    # (a valgrind that takes 3 s to start: given 1 s, the suite falls back;
    # given 20, the server serves)
    mkdir -p "$BATS_TEST_TMPDIR/slow"
    printf '#!/bin/sh
sleep 3
exec %s "$@"
' "$(command -v valgrind)" > "$BATS_TEST_TMPDIR/slow/valgrind"
    chmod +x "$BATS_TEST_TMPDIR/slow/valgrind"
    add_case clean clean
    PATH=$BATS_TEST_TMPDIR/slow:$PATH FORK_SERVER_START_SECONDS=1 run scripts/run-golden --wrap memcheck \
        --name fork-probe-slow --cases "$probe" --engine "$BATS_TEST_TMPDIR/engine"
    assert_output --partial 'fork server did not start'
    assert_output --partial 'fork-probe-slow: 1 passed, 0 failed'
    PATH=$BATS_TEST_TMPDIR/slow:$PATH FORK_SERVER_START_SECONDS=20 run scripts/run-golden --wrap memcheck \
        --name fork-probe-slow --cases "$probe" --engine "$BATS_TEST_TMPDIR/engine"
    refute_output --partial 'fork server did not start'
    assert_output --partial 'fork-probe-slow: 1 passed, 0 failed'
}

@test "fork client: --help, bad usage, and no server" {
    run build/tools/fork-client --help
    assert_success
    assert_output --partial 'usage: fork-client SOCKET PIDFILE'
    run build/tools/fork-client
    assert_equal "$status" 2
    run build/tools/fork-client "$BATS_TEST_TMPDIR/no-such-socket" "$BATS_TEST_TMPDIR/pid"
    assert_equal "$status" 70
    assert_output --partial 'fork-client:'
}
