# draughts-judge.bats -- the HW4 judge (src/draughts-judge) against our
# engine and against the test players of src/draughts-judge/tests/players
# (Python, Java and C++, each built and run as the handout's grader does):
# every correct variant (other move orders, spacing, infinities, tie
# choices, the other textbook's bounds) is accepted on every well-formed
# case of the corpus; each planted fault is rejected, naming the rule of
# JUDGE.md it breaks.

# shellcheck disable=SC2154 # bats sets $output, $status

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup_file() {
    local root input
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    export ROOT=$root JUDGE=$root/build/draughts-judge PLAYERS=$root/src/draughts-judge/tests/players
    [[ -x $JUDGE ]] || { echo "build/draughts-judge is not built (run make)" >&2; return 1; }
    # Every well-formed case of the corpus (no .status: the engine accepts
    # it), as one input file of many cases.
    export ALL=$BATS_FILE_TMPDIR/all.txt
    for input in "$root"/testdata/draughts/*/*.in; do
        [[ -f ${input%.in}.status ]] || { cat -- "$input"; echo; } >> "$ALL"
    done
}

setup() {
    cd "$ROOT" || return
    mkdir -p "$BATS_TEST_TMPDIR/feedback"
}

# judge INPUT OUTPUT: the judge's exit status in $status, its message in $output.
judge() {
    local status_=0
    "$JUDGE" "$1" /dev/null "$BATS_TEST_TMPDIR/feedback" < "$2" || status_=$?
    run cat "$BATS_TEST_TMPDIR/feedback/judgemessage.txt"
    status=$status_
}

# python_player VARIANT INPUT: output.txt of the Python player, run as the grader runs it.
python_player() {
    local dir=$BATS_TEST_TMPDIR/run
    rm -rf "$dir" && mkdir -p "$dir"
    cp -- "$2" "$dir/input.txt"
    (cd "$dir" && HW4_VARIANT=$1 /usr/bin/python3 "$PLAYERS/python/player.py" input.txt output.txt)
    echo "$dir/output.txt"
}

# bats test_tags=slow
@test "draughts-judge: accepts our engine's output on every well-formed case, one by one" {
    local input count=0
    for input in testdata/draughts/*/*.in; do
        [[ ! -f ${input%.in}.status ]] || continue
        # (the judge's message is read only when it does not accept: a
        # bats `run` per case was most of this test's time)
        status=0
        "$JUDGE" "$input" /dev/null "$BATS_TEST_TMPDIR/feedback" < "${input%.in}.out" || status=$?
        ((status == 42)) || fail "${input%.in}: $(cat "$BATS_TEST_TMPDIR/feedback/judgemessage.txt")"
        count=$((count + 1))
    done
    ((count > 500)) || fail "only $count cases judged"
}

@test "draughts-judge: a malformed input is no verdict (exit 1), never accepted or rejected" {
    run "$JUDGE" testdata/draughts/examples/malformed-header.in /dev/null "$BATS_TEST_TMPDIR/feedback" \
        < testdata/draughts/examples/opening.out
    assert_failure 1
    run "$JUDGE" testdata/draughts/examples/opening.in
    assert_failure 1
}

# bats test_tags=slow
@test "draughts-judge: every correct variant of the Python player is accepted on every case" {
    local variant variants=(reference-like order-reversed order-kings-first spacing no-dot inf-int inf-word
        no-header tie-last bounds-before upper-case)
    # Every variant's output.txt from one Python process; the variants that
    # differ only in format share one search (python-variants.py).
    "$BATS_TEST_DIRNAME/python-variants.py" "$ALL" "$BATS_TEST_TMPDIR" "${variants[@]}"
    for variant in "${variants[@]}"; do
        judge "$ALL" "$BATS_TEST_TMPDIR/$variant.txt"
        ((status == 42)) || fail "variant $variant: $output"
    done
}

# Each fault, an input where it shows, and the rule the judge must name.
# bats test_tags=slow
@test "draughts-judge: each planted fault of the Python player is rejected, naming its rule" {
    local fault input rule out
    while IFS='|' read -r fault input rule; do
        out=$(python_player "$fault" "testdata/draughts/$input.in")
        judge "testdata/draughts/$input.in" "$out"
        ((status == 43)) || fail "fault $fault on $input: accepted ($output)"
        [[ $output == *"required: $rule"* ]] || fail "fault $fault on $input: $output"
    done <<'FAULTS'
cut-strict|examples/opening|after each child, when alpha >= beta and moves remain, the node prunes them
no-mandatory-jump|examples/mandatory-jumps|each move line is a legal move of Alice
no-crowning|examples/crowned-man-moves-back-as-king|before B4, only a move that ends the game may carry h=
wrong-leaf|examples/mandatory-jumps|a B4 line carries `; h=V`
tie-bound|jumps/jumps-30-s1|the case ends with `first move: (r1,c1)=>(r2,c2)`, one of Alice's legal moves whose exact minimax value
bad-first-move|examples/handout-case5|the case ends with `first move: (r1,c1)=>(r2,c2)`, one of Alice's legal moves whose exact minimax value
missing-child|examples/opening|under a node, the move lines printed at its ply, then at most one pruning line, list each of its legal moves exactly once
extra-child|examples/opening|each move line is a legal move of Alice
wrong-prune-list|examples/win-at-a1-prunes-the-root|a pruning line lists exactly the moves not yet printed at its node
FAULTS
}

# bats test_tags=slow
@test "draughts-judge: the Java and C++ players, built and run as the grader does, are judged" {
    local dir=$BATS_TEST_TMPDIR/java variant
    cp -r "$PLAYERS/java" "$dir"
    (cd "$dir" && javac ./*.java)
    cp -- "$ALL" "$dir/input.txt"
    for variant in reference-like order-reversed spacing inf-int tie-last; do
        (cd "$dir" && HW4_VARIANT=$variant java hw4 input.txt output.txt)
        judge "$ALL" "$dir/output.txt"
        ((status == 42)) || fail "java $variant: $output"
    done
    # (a fault on one case where it shows: a run over every case is a JVM's
    # search of them all, to see the judge stop at the first)
    cp testdata/draughts/examples/handout-case5.in "$dir/input.txt"
    (cd "$dir" && HW4_VARIANT=wrong-leaf java hw4 input.txt output.txt)
    judge testdata/draughts/examples/handout-case5.in "$dir/output.txt"
    assert_equal "$status" 43
    dir=$BATS_TEST_TMPDIR/cpp
    cp -r "$PLAYERS/cpp" "$dir"
    (cd "$dir" && g++ ./*.cpp -o hw4)
    cp -- "$ALL" "$dir/input.txt"
    for variant in reference-like no-header bounds-before order-kings-first; do
        (cd "$dir" && HW4_VARIANT=$variant ./hw4 input.txt output.txt)
        judge "$ALL" "$dir/output.txt"
        ((status == 42)) || fail "c++ $variant: $output"
    done
    cp testdata/draughts/examples/opening.in "$dir/input.txt"
    (cd "$dir" && HW4_VARIANT=missing-child ./hw4 input.txt output.txt)
    judge testdata/draughts/examples/opening.in "$dir/output.txt"
    assert_equal "$status" 43
}

# bats test_tags=slow
@test "draughts-judge: Valgrind-clean, every leak kind, when it accepts, rejects and refuses" {
    local out vg=(valgrind -q --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all --error-exitcode=99)
    run "${vg[@]}" "$JUDGE" testdata/draughts/examples/opening.in /dev/null "$BATS_TEST_TMPDIR/feedback" \
        < testdata/draughts/examples/opening.out
    assert_equal "$status" 42
    assert_output ''
    out=$(python_player missing-child testdata/draughts/examples/handout-case5.in)
    run "${vg[@]}" "$JUDGE" testdata/draughts/examples/handout-case5.in /dev/null "$BATS_TEST_TMPDIR/feedback" < "$out"
    assert_equal "$status" 43
    assert_output ''
    run "${vg[@]}" "$JUDGE" testdata/draughts/examples/malformed-header.in /dev/null "$BATS_TEST_TMPDIR/feedback" < "$out"
    assert_equal "$status" 1
    refute_output --partial '=='
}
