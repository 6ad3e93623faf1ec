# mark-languages.bats -- scripts/mark on a HW4 class handed in in several
# languages: each submission's language is found from its files, built in
# the sandbox with the grader's command (g++ *.cpp -o hw4, javac *.java;
# Python as it is), run as the grader runs it and judged by the rules; a
# faulty player loses the cases where its fault shows; a folder of two
# languages gets a row that says so.

# shellcheck disable=SC2154 # mark_test_setup sets $root; bats $output, $status

load ../../test-lib/mark-class.bash

setup() {
    mark_test_setup
    # shellcheck source=src/test-lib/players.bash
    source "$root/src/test-lib/players.bash"
}

# bats test_tags=slow
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
    assert_output --regexp '^\$ javac (\./[A-Za-z0-9_]+\.java ?)+$'
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

# expected_verdicts RESULTS_TSV VARIANT: each case of RESULTS_TSV and the
# verdict the Python player with VARIANT earns there, sorted: a fault
# fails exactly where its output differs from the golden
# (src/draughts-judge/tests/players/README.md).
expected_verdicts() {
    local id
    awk -F '\t' 'NR > 1 { print $1 }' "$1" | while IFS= read -r id; do
        if HW4_VARIANT=$2 /usr/bin/python3 src/draughts-judge/tests/players/python/player.py "testdata/draughts/$id.in" |
            cmp -s - "testdata/draughts/$id.out"; then
            echo "$id pass"
        else
            echo "$id fail"
        fi
    done | LC_ALL=C sort
}

# bats test_tags=slow
@test "mark languages: C# built with mcs, run with mono and judged; C++98 marked with the older standard, not compiled without it" {
    # One run on the examples, memcheck off (a Mono start a case): the C#
    # player with a fault (kings worth 1 at the leaves) fails where the
    # Python player with the same fault writes other than the golden; the
    # C++ of 2013 (src/languages/tests/fixtures/cpp98) builds only with
    # -std=gnu++98.
    local class=$BATS_TEST_TMPDIR/class out=$BATS_TEST_TMPDIR/out off=$BATS_TEST_TMPDIR/off
    mkdir -p "$class"
    player csharp wrong-leaf "$class/csharp"
    cp -R src/languages/tests/fixtures/cpp98 "$class/cpp98"
    run scripts/mark --program draughts --output "$out" --category examples --memcheck 0 "$class"/*
    assert_success
    assert_equal "$(field csharp compiled)" yes
    assert_equal "$(field csharp memcheck)" 'not run (csharp)'
    run head -n 1 "$out/submissions/csharp/compile.txt"
    assert_output --regexp '^\$ mcs -out:hw4\.exe ([A-Za-z0-9_]+\.cs ?)+$'
    local results=$out/submissions/csharp/check/results.tsv expected
    expected=$(expected_verdicts "$results" wrong-leaf)
    assert_equal "$(awk -F '\t' 'NR > 1 { print $1, $3 }' "$results" | LC_ALL=C sort)" "$expected"
    assert_equal "$(field csharp passed)" "$(grep -c ' pass$' <<<"$expected")"
    assert_equal "$(field csharp total)" "$(wc -l <<<"$expected")"
    [[ $expected == *' pass'* && $expected == *' fail'* ]] || fail "the examples do not tell the fault apart: $expected"
    run field csharp reason
    assert_output --partial "judge: a node's value is wrong (h= at B4)"
    # C++98: marked, every example passed, the build's note in the reason.
    assert_equal "$(field cpp98 state)" marked
    assert_equal "$(field cpp98 compiled)" yes
    assert_equal "$(field cpp98 passed)" "$(field cpp98 total)"
    run head -n 1 "$out/submissions/cpp98/compile.txt"
    assert_output '$ g++ -std=gnu++98 hw4.cpp -o hw4'
    # Without the older standard: not compiled, with the error the note names.
    run scripts/mark --program draughts --output "$off" --category examples --memcheck 0 --no-old-standards \
        "$class/cpp98"
    assert_success
    assert_equal "$(field cpp98 state "$off/marks.csv")" not-compiled
    local first
    first=$(grep -m1 ': error: ' "$off/submissions/cpp98/compile.txt")
    [[ $first == *'hw4.cpp:'* ]] || fail "no first error in the compile.txt of --no-old-standards"
    run field cpp98 reason "$off/marks.csv"
    assert_output "does not compile: 1 error (first: $first)"
    run field cpp98 reason
    assert_output "built with -std=gnu++98: the handout's command failed with: $first"
}
