# languages.bats -- a program handed in as a folder of C++, Java, C# or
# Python is built and run in the sandbox as the HW4 grader builds and runs it,
# and judged by scripts/check-engine: the test players of
# src/draughts-judge/tests/players, a correct and a faulty variant each (the
# variant is set in a copy of the sources: the sandbox passes no
# environment), a folder that does not build, C++ of 2013. The language of a
# folder, the compilers' messages, the build's log, memory bombs and the
# read-only folder: src/harness/languages/tests/ (make unit).

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"
# shellcheck source=src/test-lib/players.bash
source "$BATS_TEST_DIRNAME/../../test-lib/players.bash"

setup() {
    workflow_setup
    players=$root/src/draughts-judge/tests/players
    out=$BATS_TEST_TMPDIR/out
}

# bats test_tags=slow
@test "languages: Java, Python and C++ players built and run as the grader does, judged: each passes" {
    local lang
    # (the handout's examples, mandatory jumps and crowning among them: the
    # build, the run and the judge are the point here; judge.bats judges
    # each player on every case of the corpus)
    for lang in java python cpp; do
        run scripts/check-engine --program draughts "$(player "$lang" reference-like)" \
            --category examples --show 0 --output "$out"
        assert_success
        assert_line --regexp '^[1-9][0-9]* passed, 0 failed \(profile assignment\)$'
    done
    assert_line --index 0 --partial ': cpp'
    # the build as it ran, kept in the output folder
    assert_line --index 1 --regexp "^check-engine: built in the sandbox \\($out/program/built\\) with: g\\+\\+ ([a-z0-9_]+\\.cpp )+-o hw4\$"
}

# bats test_tags=slow
@test "languages: a Java player with a wrong leaf value and a Python one cutting on alpha > beta fail, with the fault in the game's terms" {
    # Four cases, not a category (a JVM starts per case): wrong-leaf shows
    # on three of them (all but examples/opening), cut-strict on all four.
    local few=$BATS_TEST_TMPDIR/few
    mkdir -p "$few"
    (cd testdata/draughts && cp --parents -t "$few" examples/handout-case5.* examples/opening.* \
        opening/opening-23-s1.* opening/opening-24-s1.*)
    run scripts/check-engine --program draughts "$(player java wrong-leaf)" --cases "$few" --show 0 --no-diagnose \
        --output "$out"
    assert_failure
    assert_line --index 1 --regexp '^check-engine: built in the sandbox \(.*\) with: javac (\./[A-Za-z0-9_]+\.java ?)+$'
    # shellcheck disable=SC2016 # a backquote of the judge's text
    assert_line --regexp "^  [0-9]+ cases: judge: a node's value is wrong \\(h= at B4\\)$"
    run scripts/check-engine --program draughts "$(player python cut-strict)" --cases "$few" --show 0 --no-diagnose \
        --output "$out"
    assert_failure
    assert_line --regexp '^  [0-9]+ cases: judge: a node goes on where it must prune \(alpha >= beta, cut on equality\)$'
}

@test "languages: a folder that does not build fails (status 1) with the compiler's first error" {
    local dir=$BATS_TEST_TMPDIR/broken
    cp -R "$players/java" "$dir"
    echo 'this is not Java' >> "$dir/hw4.java"
    run scripts/check-engine --program draughts "$dir" --category examples --output "$out"
    assert_failure 1
    assert_output --regexp "does not build: 'javac (\\./[A-Za-z0-9]+\\.java ?)+' ended with exit status 1: .*error"
}

# bats test_tags=slow
@test "languages: C++ of 2013 built with -std=gnu++98 when the handout's command fails, said so; not with --no-old-standards" {
    local cpp98=src/languages/tests/fixtures/cpp98
    run scripts/check-engine --program draughts "$cpp98" --no-old-standards --category examples --output "$out"
    assert_failure 1
    assert_output --regexp "does not build: 'g\\+\\+ hw4.cpp -o hw4' ended with exit status 1: hw4.cpp:[0-9]+:[0-9]+: error: "
    local first=${output##*exit status 1: }
    run scripts/check-engine --program draughts "$cpp98" --category examples --show 0 --output "$out"
    assert_success
    assert_line --index 1 --regexp '^check-engine: built in the sandbox \(.*\) with: g\+\+ -std=gnu\+\+98 hw4.cpp -o hw4$'
    assert_line --index 2 "check-engine: built with -std=gnu++98: the handout's command failed with: $first"
    assert_line --regexp '^[1-9][0-9]* passed, 0 failed \(profile assignment\)$'
}
