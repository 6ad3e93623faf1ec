# gradescope.bats -- the Gradescope autograder, end to end: `make
# gradescope` builds the zip (official and examples only, to be quick; from
# the working tree, to test what is edited), it is unpacked into a stand-in
# /autograder as Gradescope does (setup.sh run with a stub apt-get), and
# run_autograder marks a correct copy of our sources, one with a planted
# fault and one that does not compile, with bubblewrap and without it (not
# on PATH, or refused as in Gradescope's Docker). Every results.json is
# checked against the specification (harness.gradescope.tests.
# validate_results) and its scores: full marks, fewer in the faulty part
# only, none. (The results writer's unit tests, and the validator's own,
# src/harness/gradescope/tests/test_results.py, run in make unit.)

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0
# bats file_tags=slow
# (slow, all of it: setup_file builds the autograder and marks with it (about 50 CPU-s), which every test reads)
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    # shellcheck source=src/gradescope/standin.bash
    source "$ROOT/src/gradescope/standin.bash"
}

setup_file() {
    local root
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    export ROOT=$root TREE=$BATS_FILE_TMPDIR/tree
    cd "$root" || return
    # shellcheck source=src/gradescope/standin.bash
    source src/gradescope/standin.bash
    # shellcheck source=src/test-lib/mark-class.bash
    source src/test-lib/mark-class.bash
    mark_class_copy "$BATS_FILE_TMPDIR/class/correct"
    # (its failures among official and examples are all Stage 0 cases)
    mark_class_mutant "$BATS_FILE_TMPDIR/class/faulty" "${MARK_CLASS_MUTANTS[4]}"
    mark_class_copy "$BATS_FILE_TMPDIR/class/broken"
    cp -- src/mark/tests/fixtures/syntax-error.c "$BATS_FILE_TMPDIR/class/broken/"
    mark_class_trailing_spaces "$BATS_FILE_TMPDIR/class/spaces"
    make -s gradescope PROGRAM=checkers BUILD="$BATS_FILE_TMPDIR/build" GRADESCOPE_SOURCE=worktree \
        GRADESCOPE_CATEGORIES="${MARK_CLASS_CATEGORIES[*]}" GRADESCOPE_PART_VISIBILITY=stage2=after_due_date
    export ZIP=$BATS_FILE_TMPDIR/build/gradescope/checkers-autograder.zip
    # Gradescope's image build: the zip unpacked, setup.sh run as root.
    standin_unpack "$ZIP" "$TREE"
    standin_setup "$TREE"
    mkdir -p "$BATS_FILE_TMPDIR/stub"
    # shellcheck source=src/test-lib/path-without.bash
    source src/test-lib/path-without.bash
    path_without bwrap "$BATS_FILE_TMPDIR/no-bwrap" "$PATH"
    printf '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n' > "$BATS_FILE_TMPDIR/stub/refused-bwrap"
    chmod 755 "$BATS_FILE_TMPDIR/stub/refused-bwrap"
}

# autograde NAME [ENV...]: run_autograder on the class's NAME, in a new
# stand-in (the built source read-only, as each submission must
# leave it); results.json into $results, checked against the specification.
# The same NAME, ENV and tree are marked once a file: a later test reads
# the first run's results (and checks them against the specification again).
autograde() {
    local name=$1 ag memo
    shift
    memo=$BATS_FILE_TMPDIR/autograded/$(printf '%s\0' "$TREE" "$name" "$@" | sha256sum | cut -c1-16)
    if [[ -f $memo/results.json ]]; then
        autograder_stdout=$(cat "$memo/stdout")
        results=$memo/results.json
    else
        ag=$(mktemp -d "$BATS_TEST_TMPDIR/autograder.XXXXXX")
        mkdir -p "$ag/source" "$ag/results"
        cp -R -- "$BATS_FILE_TMPDIR/class/$name" "$ag/submission"
        cp -- "$TREE/run_autograder" "$ag/"
        run standin "$ag" --ro-bind "$TREE/source" /autograder/source env "$@" /autograder/run_autograder
        assert_success
        # What run_autograder printed, mark's command line among it (for the staff).
        autograder_stdout=$output
        results=$ag/results/results.json
        mkdir -p "$memo"
        cp -- "$results" "$memo/results.json"
        printf '%s' "$autograder_stdout" > "$memo/stdout"
    fi
    run env PYTHONPATH="$ROOT/src" /usr/bin/python3 -B -m harness.gradescope.tests.validate_results "$results"
    assert_success
    assert_output ''
}

# field EXPRESSION: a Python expression over the results (`r`), printed.
field() {
    /usr/bin/python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$results" "$1"
}

@test "gradescope: the zip holds setup.sh, run_autograder, its configuration and the marking's files, the same bytes twice" {
    run /usr/bin/python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' "$ZIP"
    assert_success
    assert_line setup.sh
    assert_line run_autograder
    assert_line autograder.env
    assert_line scripts/mark
    assert_line src/gradescope/run_autograder
    assert_line src/harness/gradescope/results.py
    assert_line src/harness/mark/result_row.py
    assert_line testdata/checkers/official/test0.in
    refute_line --regexp '^(build|\.git|testdata/draughts|\.github)/'
    run grep -x "GRADESCOPE_CATEGORIES='official examples'" "$TREE/source/autograder.env"
    assert_success
    # The same commit, the same bytes (from a commit: others edit the working tree meanwhile).
    local commit
    commit=$(git rev-parse HEAD)
    for build in one two; do
        make -s gradescope PROGRAM=checkers BUILD="$BATS_TEST_TMPDIR/$build" GRADESCOPE_SOURCE="$commit"
    done
    cmp "$BATS_TEST_TMPDIR"/{one,two}/gradescope/checkers-autograder.zip
    run make -s gradescope BUILD="$BATS_TEST_TMPDIR/bad" GRADESCOPE_PART_VISIBILITY=stage9=hidden
    assert_failure
    assert_output --partial "no part 'stage9' in the scheme"
}

@test "gradescope: setup.sh installs the compilers, Jinja2, parallel, bubblewrap and Valgrind, and builds" {
    run cat "$TREE/apt-get.log"
    assert_line --index 0 update
    assert_line --index 1 --regexp '^install -y .*\bgcc\b.*\bmake\b|^install -y .*\bmake\b.*\bgcc\b'
    for package in python3-jinja2 parallel bubblewrap valgrind; do
        assert_line --index 1 --regexp "\b$package\b"
    done
    refute_line --regexp 'default-jdk'
    [[ -x $TREE/source/build/checkers && -x $TREE/source/build/sandbox && -x $TREE/source/scripts/mark ]]
}

@test "gradescope: a correct submission gets full marks in every part, marked in bubblewrap" {
    autograde correct
    assert_equal "$(field 'r["score"] == sum(t["max_score"] for t in r["tests"]) > 0')" True
    assert_equal "$(field '[t["status"] for t in r["tests"]]')" "['passed', 'passed', 'passed']"
    assert_equal "$(field '[t["visibility"] for t in r["tests"]]')" "['visible', 'visible', 'after_due_date']"
    assert_equal "$(field 'r["output"].split("\n")[0].startswith("sandbox: bubblewrap (")')" True
    [[ $autograder_stdout != *--no-sandbox* ]]
}

@test "gradescope: a planted fault loses marks in its part (stage 0) only, with its failures grouped and shown" {
    autograde faulty
    assert_equal "$(field '[(t["name"].split(":")[0], t["status"]) for t in r["tests"]]')" \
        "[('stage0', 'failed'), ('stage1', 'passed'), ('stage2', 'passed')]"
    assert_equal "$(field 'r["tests"][0]["score"] < r["tests"][0]["max_score"]')" True
    assert_equal "$(field '"Failing cases, by symptom:" in r["tests"][0]["output"] and "diff -u" in r["tests"][0]["output"]')" True
}

@test "gradescope: a submission that does not compile gets 0 in every part, with the compiler's message" {
    autograde broken
    assert_equal "$(field 'r["score"] == 0 and [t["score"] for t in r["tests"]] == [0, 0, 0]')" True
    assert_equal "$(field '"syntax-error.c:5:1: error: expected expression" in r["output"]')" True
}

@test "gradescope: where bubblewrap is missing or refused, the limits-only mode marks the same and says so" {
    autograde faulty PATH="$BATS_FILE_TMPDIR/no-bwrap"
    assert_equal "$(field '[t["status"] for t in r["tests"]]')" "['failed', 'passed', 'passed']"
    assert_equal "$(field '"bwrap not found" in r["output"] and "scripts/mark --no-sandbox" in r["output"]')" True
    [[ $autograder_stdout == *" --no-sandbox /autograder/submission"* ]]
    autograde correct SANDBOX_BWRAP="$BATS_FILE_TMPDIR/stub/refused-bwrap"
    assert_equal "$(field '[t["status"] for t in r["tests"]]')" "['passed', 'passed', 'passed']"
    assert_equal "$(field '"No permissions to create new namespace" in r["output"]')" True
    [[ $autograder_stdout == *" --no-sandbox /autograder/submission"* ]]
}

@test "gradescope: GRADESCOPE_COMPARE=whitespace passes a program right but for white space; exact, the default, does not" {
    run make -s gradescope BUILD="$BATS_TEST_TMPDIR/bad" GRADESCOPE_COMPARE=spaces
    assert_failure
    assert_output --partial "GRADESCOPE_COMPARE='spaces' is not valid"
    make -s gradescope PROGRAM=checkers BUILD="$BATS_TEST_TMPDIR/ws" GRADESCOPE_SOURCE=worktree \
        GRADESCOPE_CATEGORIES="official" GRADESCOPE_COMPARE=whitespace
    run unzip -p "$BATS_TEST_TMPDIR/ws/gradescope/checkers-autograder.zip" autograder.env
    assert_line "GRADESCOPE_COMPARE=whitespace"
    run grep -x "GRADESCOPE_COMPARE=exact" "$TREE/source/autograder.env"
    assert_success
    autograde spaces
    assert_equal "$(field '[t["status"] for t in r["tests"]]')" "['failed', 'failed', 'failed']"
    # The same tree, its configuration set to whitespace.
    local tree=$BATS_TEST_TMPDIR/tree
    cp -R -- "$TREE" "$tree"
    sed -i 's/^GRADESCOPE_COMPARE=.*/GRADESCOPE_COMPARE=whitespace/' "$tree/source/autograder.env"
    TREE=$tree autograde spaces
    assert_equal "$(field '[t["status"] for t in r["tests"]]')" "['passed', 'passed', 'passed']"
    [[ $autograder_stdout == *"--compare whitespace"* ]]
}

@test "gradescope: a failing case's rerun carries its input, with no testdata/ path a student does not have" {
    autograde faulty
    assert_equal "$(field '"rerun:  printf " in r["tests"][0]["output"] and "| ./program" in r["tests"][0]["output"]')" True
    assert_equal "$(field '"testdata/" in r["tests"][0]["output"]')" False
}

@test "gradescope: setup.sh and run_autograder never branch on a game's name (the adapters say what differs)" {
    # shellcheck source=src/games/game.bash
    source "$ROOT/src/games/game.bash"
    run grep -nwE "$(game_names | paste -sd '|')" \
        "$ROOT/src/gradescope/setup.sh" "$ROOT/src/gradescope/run_autograder"
    assert_failure
    assert_output ''
}
