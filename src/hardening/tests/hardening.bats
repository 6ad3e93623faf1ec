# hardening.bats -- proves that make sanitize, make oom and make fuzz can
# fail: each runs on a patched copy of src/ with one planted bug, and must
# fail naming the case, the allocation or the input, with the evidence.
# Production code is never touched.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    probe=$BATS_TEST_TMPDIR/cases
    planted=$BATS_TEST_TMPDIR/src
    cp -r src/checkers "$planted"
}

# plant FILE SED_SCRIPT: edits the copy of src/FILE; fails when the edit
# changed nothing (the planted bug would silently be missing).
plant() {
    cp "$planted/$1" "$BATS_TEST_TMPDIR/before"
    sed -i "$2" "$planted/$1"
    if cmp -s "$BATS_TEST_TMPDIR/before" "$planted/$1"; then
        fail "the plant '$2' no longer applies to src/$1"
    fi
}

# probe_cases ID...: copies golden cases into the probe directory.
probe_cases() {
    local id file
    for id in "$@"; do
        mkdir -p "$probe/$(dirname "$id")"
        for file in "testdata/checkers/$id".*; do cp "$file" "$probe/$(dirname "$id")/"; done
    done
}

# oom_planted NAME CASE...: make oom's script over the planted copy, as run
# NAME, on the golden cases CASE....
oom_planted() {
    local name=$1
    shift
    run scripts/oom --src "$planted" --out "$BATS_TEST_TMPDIR/oom/checkers" \
        --name "$name" "$@"
}

# bats test_tags=slow
@test "sanitize: an out-of-bounds write, a signed overflow and a heap overflow each fail their case (clang and gcc)" {
    plant input_line.c 's/line->excerpt_length < EXCERPT_CAPACITY/line->excerpt_length <= EXCERPT_CAPACITY/'
    plant input_line.c 's/return number > ROW_CAP ? ROW_CAP : number;/return number;/'
    plant memory.c 's/: malloc(size);/: malloc(size - 1);/'
    probe_cases malformed/excerpt-41-bytes edge-input/row-30-digits-source \
        next-action/a-first-line edge-input/empty
    for compiler in clang gcc; do
        run scripts/sanitize --cc "$compiler" --src "$planted" --cases "$probe" \
            --out "$BATS_TEST_TMPDIR/$compiler/checkers" --name "sanitize-planted-$compiler"
        assert_failure
        assert_output --partial "sanitize-planted-$compiler: 1 passed, 3 failed"
        assert_output --regexp 'not ok [0-9]+ malformed/excerpt-41-bytes'
        assert_output --partial 'index 40 out of bounds'
        assert_output --regexp 'not ok [0-9]+ edge-input/row-30-digits-source'
        assert_output --partial 'signed integer overflow'
        assert_output --regexp 'not ok [0-9]+ next-action/a-first-line'
        assert_output --partial 'heap-buffer-overflow'
        assert_output --partial 'got exit status 86'
        assert_output --regexp 'ok [0-9]+ edge-input/empty'
    done
}

# bats test_tags=slow
@test "sanitize leaves a leak to memcheck: the planted leak passes sanitize's runs, fails memcheck's case, and LeakSanitizer finds it when asked" {
    plant memory.c 's/^    free(block);/    (void)block;/'
    probe_cases next-action/a-first-line edge-input/empty
    run scripts/sanitize --cc gcc --src "$planted" --cases "$probe" \
        --out "$BATS_TEST_TMPDIR/gcc/checkers" --name sanitize-planted-leak
    assert_success
    assert_output --partial 'sanitize-planted-leak: 2 passed, 0 failed'
    refute_output --partial 'LeakSanitizer'
    cc -std=c11 -O2 -o "$BATS_TEST_TMPDIR/leaky" "$planted"/*.c
    run scripts/run-golden --cases "$probe" --engine "$BATS_TEST_TMPDIR/leaky" --wrap memcheck \
        --name memcheck-planted-leak
    assert_failure
    assert_output --partial 'memcheck-planted-leak: 1 passed, 1 failed'
    assert_output --regexp 'not ok [0-9]+ next-action/a-first-line'
    ASAN_OPTIONS=detect_leaks=1 run scripts/sanitize --cc gcc --src "$planted" --cases "$probe" \
        --out "$BATS_TEST_TMPDIR/gcc/checkers" --name sanitize-planted-leak
    assert_failure
    assert_output --partial 'sanitize-planted-leak: 1 passed, 1 failed'
    assert_output --regexp 'not ok [0-9]+ next-action/a-first-line'
    assert_output --partial 'LeakSanitizer: detected memory leaks'
}

# bats test_tags=slow
@test "sanitize --memcheck (make test's instrumented suite): one test a case fails on memcheck's finding or on a sanitizer's" {
    plant memory.c 's/^    free(block);/    (void)block;/'
    cc -std=c11 -O2 -o "$BATS_TEST_TMPDIR/leaky" "$planted"/*.c
    cp src/checkers/memory.c "$planted/memory.c"
    plant input_line.c 's/return number > ROW_CAP ? ROW_CAP : number;/return number;/'
    probe_cases next-action/a-first-line edge-input/row-30-digits-source edge-input/empty
    # The leak only the plain build under memcheck has (the sanitized
    # build is of the intact sources).
    run scripts/sanitize --cc gcc --out "$BATS_TEST_TMPDIR/gcc/checkers" --cases "$probe" \
        --memcheck "$BATS_TEST_TMPDIR/leaky" --name instrumented-planted-leak
    assert_failure
    assert_output --partial 'instrumented-planted-leak: 2 passed, 1 failed'
    assert_output --regexp 'not ok [0-9]+ next-action/a-first-line'
    assert_output --partial 'memcheck: Valgrind found errors or leaks'
    # The overflow only the sanitized build has (memcheck's is intact).
    run scripts/sanitize --cc clang --src "$planted" --out "$BATS_TEST_TMPDIR/clang/checkers" \
        --cases "$probe" --memcheck build/checkers --name instrumented-planted-overflow
    assert_failure
    assert_output --partial 'instrumented-planted-overflow: 2 passed, 1 failed'
    assert_output --regexp 'not ok [0-9]+ edge-input/row-30-digits-source'
    assert_output --partial 'signed integer overflow'
    refute_output --partial 'memcheck: Valgrind found'
}

@test "sanitize: refuses an engine built without the sanitizers" {
    # A compiler that quietly drops the sanitizer flags.
    cat > "$BATS_TEST_TMPDIR/plain-cc" <<'COMPILER'
#!/usr/bin/env bash
kept=()
for argument in "$@"; do [[ $argument == -fsanitize* ]] || kept+=("$argument"); done
exec cc "${kept[@]}"
COMPILER
    chmod +x "$BATS_TEST_TMPDIR/plain-cc"
    probe_cases edge-input/empty
    run scripts/sanitize --cc "$BATS_TEST_TMPDIR/plain-cc" --cases "$probe" \
        --out "$BATS_TEST_TMPDIR/plain/checkers" --name sanitize-unsanitized
    assert_failure
    assert_output --partial 'is not instrumented with AddressSanitizer and UBSan'
}

# bats test_tags=slow
@test "oom: a leak on the out-of-memory path fails, naming the allocation" {
    plant search.c 's/^\( *\)tree_free(root);/\1if (outcome != SEARCH_OUT_OF_MEMORY) { tree_free(root); }/'
    oom_planted oom-planted-leak wins/a-blocks-no-message
    assert_failure
    assert_output --partial 'FAIL wins/a-blocks-no-message, allocation 2 failing: sanitizer report:'
    assert_output --partial 'LeakSanitizer: detected memory leaks'
    assert_output --partial "rerun: CHECKERS_FAIL_ALLOCATION=2 $BATS_TEST_TMPDIR/oom/checkers < testdata/checkers/wins/a-blocks-no-message.in"
    # the counting run and allocation 1 (nothing built yet) pass; the rest leak
    assert_output --regexp 'oom-planted-leak: 2 passed, [1-9][0-9]* failed'
}

# bats test_tags=slow
@test "oom: a swallowed out-of-memory and a message on the wrong stream both fail" {
    plant main.c 's/return EXIT_OUT_OF_MEMORY;/return EXIT_DONE;/'
    oom_planted oom-planted-swallowed wins/a-finds-white-blocked
    assert_failure
    assert_output --partial 'allocation 1 failing: exit status 0, not 3'
    assert_output --partial 'wins/a-finds-white-blocked: FAILED: 1 of 1 runs wrong'

    cp src/checkers/main.c "$planted/main.c"
    plant main.c 's/fputs("checkers: out of memory\\n", stderr);/fputs("checkers: out of memory\\n", stdout);/'
    oom_planted oom-planted-stream wins/a-finds-white-blocked
    assert_failure
    assert_output --partial "allocation 1 failing: stderr is not the one line 'checkers: out of memory'; stdout is not a prefix of the golden stdout"
    assert_output --partial 'oom-planted-stream: 1 passed, 1 failed'
}

# bats test_tags=slow
@test "oom: with intact sources every allocation point passes" {
    run scripts/oom --out "$BATS_TEST_TMPDIR/oom/checkers" --name oom-intact \
        wins/a-blocks-no-message malformed/lowercase
    assert_success
    assert_output --regexp 'wins/a-blocks-no-message: [0-9]+ allocations, each failed in turn cleanly'
    assert_output --partial 'malformed/lowercase: makes no allocation'
}

# bats test_tags=slow
@test "fuzz: a planted crash is found, reported with its input and fails the run" {
    # Any line starting with Q traps: easy to reach, impossible to miss.
    plant input_line.c "s/^\( *\)if (state == AT_START && is_upper(byte)) {/\1if (state == AT_START \&\& byte == 'Q') { __builtin_trap(); }\n&/"
    mkdir -p "$probe/seed"
    printf 'G6-F5\nH3-G4\n' > "$probe/seed/two-actions.in"
    # (AFL_BENCH_UNTIL_CRASH: afl-fuzz stops soon after its first crash; the
    # crash is all the test needs. A budget of executions, not of seconds:
    # 10 s found it at 500 executions a second, and missed it in CI at 38 a
    # second on a loaded machine; ten runs here took 122 to 1097 executions.)
    AFL_BENCH_UNTIL_CRASH=1 run scripts/fuzz --seconds 600 --executions 20000 --src "$planted" \
        --cases "$probe" --out "$BATS_TEST_TMPDIR/fuzz" --name fuzz-planted
    assert_failure
    assert_output --partial 'fuzz-planted: fuzzing for 600s or 20000 executions with 1 seeds'
    assert_output --regexp 'FAIL .*/crashes/id:'
    assert_output --partial 'a crash (signal SIGILL)'
    assert_output --regexp 'FAIL afl-fuzz saved [1-9][0-9]* crashes'
    assert_output --regexp 'fuzz-planted: [0-9]+ passed, [1-9][0-9]* failed'
}
