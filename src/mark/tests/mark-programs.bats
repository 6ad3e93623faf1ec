# mark-programs.bats -- scripts/mark on programs of other kinds than the
# class of mark.bats, each a small class of its own: the draughts program
# (run as the HW4 grader runs it), a program that would read the corpus
# while it compiles (the compile sandbox), a custom compile command, a
# handed-in executable and a submission named like an option.

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0
load ../../test-lib/mark-class.bash

setup() {
    mark_test_setup
}

# bats test_tags=slow
@test "mark-programs: draughts submissions are run as the HW4 grader runs them" {
    local class=$BATS_TEST_TMPDIR/draughts
    mark_class_copy "$class/correct" draughts
    mkdir -p "$class/hangs"
    cp -- "$MARK_CLASS_FIXTURES/hang.c" "$class/hangs/main.c"
    run scripts/mark --program draughts --output "$BATS_TEST_TMPDIR/out" --category examples \
        --category jumps --timeout 2 --memcheck 1 "$class/correct" "$class/hangs"
    assert_success
    # The assignment profile: each output judged by the rules (JUDGE.md).
    assert_line --index 0 --partial 'profile assignment'
    local csv=$BATS_TEST_TMPDIR/out/marks.csv
    assert_equal "$(field correct passed "$csv")" "$(field correct total "$csv")"
    assert_equal "$(field correct warnings "$csv")" 0
    assert_equal "$(field correct memcheck "$csv")" clean
    assert_equal "$(field hangs state "$csv")" hang
    run grep -h 'input.txt output.txt' "$BATS_TEST_TMPDIR/out/submissions/correct/check-engine.txt"
    assert_success
}

@test "mark-programs: the compiler runs in the sandbox: the corpus and the repository are out of its sight" {
    local class=$BATS_TEST_TMPDIR/peek
    mark_class_copy "$class/peek"
    printf '#include "%s/testdata/checkers/official/test0.out"\n' "$root" > "$class/peek/peek.c"
    [[ -f $root/testdata/checkers/official/test0.out ]]
    run scripts/mark --output "$BATS_TEST_TMPDIR/out" --category official --memcheck 0 "$class/peek"
    assert_success
    local csv=$BATS_TEST_TMPDIR/out/marks.csv
    assert_equal "$(field peek compiled "$csv")" no
    run cat "$BATS_TEST_TMPDIR/out/submissions/peek/compile.txt"
    assert_output --partial 'test0.out: No such file or directory'
}

# bats test_tags=slow
@test "mark-programs: --compile takes another command; an executable handed in is marked as it is" {
    local class=$BATS_TEST_TMPDIR/other
    mark_class_copy "$class/clang-like"
    mkdir -p "$class/binary"
    cc -std=c11 -O2 -o "$class/binary/my engine" src/checkers/*.c
    mark_class_copy "$class/-n"
    run scripts/mark --output "$BATS_TEST_TMPDIR/out" --category official --memcheck 0 \
        --compile 'gcc -std=c11 -O0 -DNAME="\"it works\"" -o program *.c' "$class/clang-like" "$class/binary" \
        "$class/-n"
    assert_success
    # A name like an option is a name all the same.
    assert_equal "$(field -n passed "$BATS_TEST_TMPDIR/out/marks.csv")" 9
    assert_equal "$(field -n folder "$BATS_TEST_TMPDIR/out/marks.csv")" _n-"$(printf '%s' -n | sha256sum | cut -c1-8)"
    local csv=$BATS_TEST_TMPDIR/out/marks.csv
    assert_equal "$(field clang-like compiled "$csv")" yes
    assert_equal "$(field clang-like passed "$csv")" 9
    assert_equal "$(field binary compiled "$csv")" binary
    assert_equal "$(field binary passed "$csv")" 9
    run head -n 1 "$BATS_TEST_TMPDIR/out/submissions/clang-like/compile.txt"
    assert_output --regexp "^\\$ gcc -std=c11 -O0 '-DNAME=\"it works\"' -o program (\\./[a-z_-]+\\.c ?)+\$"
}
