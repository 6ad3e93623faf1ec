# mark-languages.bats -- scripts/mark on a HW4 class handed in in several
# languages: each submission's language is found from its files, built in
# the sandbox with the grader's command (g++ *.cpp -o hw4, javac *.java;
# Python as it is), run as the grader runs it and judged by the rules; a
# faulty player loses the cases where its fault shows; a folder of two
# languages gets a row that says so.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    # shellcheck source=src/test-lib/mark-class.bash
    source "$root/src/test-lib/mark-class.bash"
    # shellcheck source=src/test-lib/players.bash
    source "$root/src/test-lib/players.bash"
}

@test "mark languages: Java, Python and C++ submissions built, run and judged; a fault and a mixed folder get their rows" {
    # Two runs: Java (a JVM a case) on the examples; Python and C++, whose
    # variants search in another order, and the fault, on the examples and
    # the pruning cases, where the judge's alpha-beta rules bite.
    local class=$BATS_TEST_TMPDIR/class csv=$BATS_TEST_TMPDIR/out/marks.csv
    local java_csv=$BATS_TEST_TMPDIR/java/marks.csv
    mkdir -p "$class/mixed" "$BATS_TEST_TMPDIR/jvm"
    player java reference-like "$BATS_TEST_TMPDIR/jvm/java"
    player python order-reversed "$class/python"
    player cpp bounds-before "$class/cpp"
    player python cut-strict "$class/python-cut-strict"
    touch "$class/mixed/a.c" "$class/mixed/B.java"
    run scripts/mark --program draughts --output "$BATS_TEST_TMPDIR/java" --category examples \
        --memcheck 1 "$BATS_TEST_TMPDIR/jvm/java"
    assert_success
    run scripts/mark --program draughts --output "$BATS_TEST_TMPDIR/out" --category examples \
        --category pruning --memcheck 1 "$class"/*
    assert_success
    local name
    for name in python cpp; do
        assert_equal "$(field "$name" passed "$csv")" "$(field "$name" total "$csv")"
    done
    assert_equal "$(field java passed "$java_csv")" "$(field java total "$java_csv")"
    # (Java ran every example the others ran)
    assert_equal "$(field java total "$java_csv")" "$(field python examples_total "$csv")"
    assert_equal "$(field java compiled "$java_csv")" yes
    assert_equal "$(field cpp compiled "$csv")" yes
    assert_equal "$(field python compiled "$csv")" interpreted
    # Valgrind checks native programs only.
    assert_equal "$(field cpp memcheck "$csv")" clean
    assert_equal "$(field java memcheck "$java_csv")" 'not run (java)'
    # compile.txt: the command as it ran, with the files' names
    run head -n 1 "$BATS_TEST_TMPDIR/java/submissions/java/compile.txt"
    assert_output --regexp '^\$ javac ([A-Za-z0-9_]+\.java ?)+$'
    run head -n 1 "$BATS_TEST_TMPDIR/out/submissions/cpp/compile.txt"
    assert_output --regexp '^\$ g\+\+ ([A-Za-z0-9_]+\.(cpp|cc) )+-o hw4$'
    # The fault: failures on the pruning cases, grouped by the judge's rule.
    (($(field python-cut-strict passed "$csv") < $(field python-cut-strict total "$csv")))
    run field python-cut-strict reason "$csv"
    assert_output --regexp 'judge: a node goes on where it must prune \(alpha >= beta'
    assert_equal "$(field mixed state "$csv")" nothing
    run field mixed reason "$csv"
    assert_output --partial 'several languages (c java)'
}
