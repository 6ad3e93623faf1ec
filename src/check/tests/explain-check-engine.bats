# explain-check-engine.bats -- check-engine explains a failure in the
# game's own terms (harness.check.explain): five copies of our
# engines, each with one planted fault, each get the explanation that names
# their fault in check-engine's report, where the first failure is shown.

# shellcheck disable=SC2154,SC2016 # bats sets $output, $status; sed scripts in single quotes

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# shellcheck source=src/test-lib/corpus-subset.bash
source "$BATS_TEST_DIRNAME/../../test-lib/corpus-subset.bash"

# explain_failure ARG...: the explanation as a command (harness.check.explain).
explain_failure() {
    PYTHONPATH=$root/src /usr/bin/python3 -B -m harness.check.explain "$@"
}

# plant FILE OLD NEW: replaces the first OLD in FILE with NEW; fails when
# OLD is not there (the engine changed: the fault must be planted anew).
plant() {
    local file=$1 old=$2 new=$3 text
    text=$(cat -- "$file")
    [[ $text == *"$old"* ]] || { echo "plant: not in $file: $old" >&2; return 1; }
    printf '%s\n' "${text/"$old"/"$new"}" > "$file"
}

# faulty NAME PROGRAM: a copy of src/PROGRAM in $BATS_FILE_TMPDIR/NAME,
# to be planted and then built with build NAME.
faulty() {
    mkdir -p "$BATS_FILE_TMPDIR/$1"
    cp -- "$root/src/$2"/*.[ch] "$BATS_FILE_TMPDIR/$1/"
}

build() {
    gcc -std=c11 -O2 -o "$BATS_FILE_TMPDIR/$1/program" "$BATS_FILE_TMPDIR/$1"/*.c
}

setup_file() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    local dir=$BATS_FILE_TMPDIR
    faulty tie checkers
    plant "$dir/tie/search.c" 'if (better_for(side, children[i].cost, children[best].cost)) {' \
        'if (!better_for(side, children[best].cost, children[i].cost)) {'
    faulty cost checkers
    plant "$dir/cost/search.c" 'board_cost_here + rules_apply(&child->board, actions[i]);' \
        'board_cost_here - rules_apply(&child->board, actions[i]);'
    faulty directions checkers  # north-east and north-west swapped
    plant "$dir/directions/rules.c" 'static const int OFFSET[] = {-7, +9, +7, -9};' \
        'static const int OFFSET[] = {-9, +9, +7, -7};'
    plant "$dir/directions/rules.c" '    ~COLUMN_H, ~COLUMN_H, ~COLUMN_A, ~COLUMN_A};' \
        '    ~COLUMN_A, ~COLUMN_H, ~COLUMN_A, ~COLUMN_H};'
    faulty checks checkers  # "target not empty" tested before "source empty"
    plant "$dir/checks/action_check.c" $'    if ((occupied & cell_bit(action->source)) == 0) {\n        return ERROR_SOURCE_EMPTY;\n    }\n    if (occupied & cell_bit(action->target)) {\n        return ERROR_TARGET_NOT_EMPTY;\n    }' \
        $'    if (occupied & cell_bit(action->target)) {\n        return ERROR_TARGET_NOT_EMPTY;\n    }\n    if ((occupied & cell_bit(action->source)) == 0) {\n        return ERROR_SOURCE_EMPTY;\n    }'
    faulty pruning draughts  # no pruning when alpha equals beta
    plant "$dir/pruning/search.c" 'if (alpha >= beta && i + 1 < moves->count) {' \
        'if (alpha > beta && i + 1 < moves->count) {'
    for name in tie cost directions checks pruning; do build "$name"; done
    # The computed actions the three search faults are checked on: every
    # next-action and play case of seed 1 or 2, a sample of each kind of
    # position (31 of their 506 cases; the kind most said is over these).
    corpus_subset "$dir/actions" "$root/testdata/checkers" 'next-action/*-s[12]' 'play/*-s[12]'
}

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
}

# check NAME ARG...: check-engine on copy NAME, the first failure of each
# group shown; its report in $output.
check() {
    local name=$1
    shift
    run scripts/check-engine "$BATS_FILE_TMPDIR/$name/program" --show 1 \
        --output "$BATS_TEST_TMPDIR/out" "$@"
    assert_failure 1
}

# most_said OUT: the most frequent of the five kinds of explanation in
# every failure report of the run.
most_said() {
    local kind
    for kind in 'the last of equal costs' 'which the reference costs' 'in another order?' \
        'applies the checks in another order' 'a missing pruning line'; do
        printf '%s\t%s\n' "$(cat "$1"/failures/*/*.txt | grep -c -F -- "$kind")" "$kind"
    done | sort -t $'\t' -k1,1nr | head -n 1 | cut -f2
}

# bats test_tags=slow
@test "explain in check-engine: a reversed tie-break is named as keeping the last of equal costs" {
    check tie --cases "$BATS_FILE_TMPDIR/actions"
    assert_output --regexp 'explain: reference chose [A-H][1-8]-[A-H][1-8] \(cost -?[0-9]+\); this program chose [A-H][1-8]-[A-H][1-8], which ties at -?[0-9]+ but comes later in the specified order'
    assert_output --partial 'tied: does this program keep the last of equal costs instead of the first?'
    assert_equal "$(most_said "$BATS_TEST_TMPDIR/out")" 'the last of equal costs'
}

# bats test_tags=slow
@test "explain in check-engine: a wrong cost is named with the reference's cost of the program's choice" {
    check cost --cases "$BATS_FILE_TMPDIR/actions"
    assert_output --regexp 'explain: reference chose [A-H][1-8]-[A-H][1-8] \(cost -?[0-9]+\); this program chose [A-H][1-8]-[A-H][1-8], which the reference costs -?[0-9]+ \((BLACK|WHITE) takes the (highest|lowest) cost'
    assert_output --partial "the reference's candidates in the specified order, with their costs:"
    refute_output --partial 'ties at'
    assert_equal "$(most_said "$BATS_TEST_TMPDIR/out")" 'which the reference costs'
}

# bats test_tags=slow
@test "explain in check-engine: a swapped direction order is named by the piece's two directions" {
    check directions --cases "$BATS_FILE_TMPDIR/actions"
    assert_output --regexp 'explain:   [A-H][1-8]-[A-H][1-8] and [A-H][1-8]-[A-H][1-8] move the same piece: the reference tries NE before NW; does this program take the directions in another order\?'
    assert_equal "$(most_said "$BATS_TEST_TMPDIR/out")" 'in another order?'
}

# bats test_tags=slow
@test "explain in check-engine: swapped error checks are named with the check the reference applied first, and why" {
    # (the error3 cases where the target is occupied too, some where it is
    # not, and the assignment's own tests)
    corpus_subset "$BATS_TEST_TMPDIR/cases" testdata/checkers 'error3/empty-source-*-target-*' \
        'error3/light-cell-source-*-s0' 'official/*'
    check checks --cases "$BATS_TEST_TMPDIR/cases"
    assert_output --regexp 'explain: the reference refuses ACTION #[0-9]+ with check 3 of six \(Source cell is empty\.\): the checks come in the specified order'
    assert_output --regexp 'explain:     check 3, the source cell holds a piece or tower: fails \([A-H][1-8] is empty\)'
    assert_output --partial 'explain: this program reported check 4 (Target cell is not empty.), which comes after check 3: it applies the checks in another order'
    assert_equal "$(most_said "$BATS_TEST_TMPDIR/out")" 'applies the checks in another order'
}

@test "explain in check-engine: a draughts pruning off by one is named a missing pruning line, with its path from the root" {
    check pruning --program draughts --profile strict --category examples
    assert_output --regexp 'explain: where: case [0-9]+'
    assert_output --regexp 'explain:   A1: \([0-9],[0-9]\)=>\([0-9],[0-9]\)\.'
    assert_output --regexp 'explain:   > (\|-)+(B2|A3|B4): pruning .*\(expected\)'
    assert_output --regexp 'explain: the difference: a missing pruning line: the reference prunes here \(alpha=-?[0-9inf+]+, beta=-?[0-9inf+]+\) and this program goes on'
    assert_equal "$(most_said "$BATS_TEST_TMPDIR/out")" 'a missing pruning line'
}

# bats test_tags=slow
@test "explain in check-engine: where stdout is the same, nothing is explained" {
    run scripts/check-engine build/checkers --show 1 --output "$BATS_TEST_TMPDIR/out" --category official
    assert_success
    refute_output --partial 'explain:'
    # The copy with swapped checks differs on status only where both checks
    # would fail... and on stdout elsewhere: only those reports explain.
    check checks --category error3
    local report
    for report in "$BATS_TEST_TMPDIR"/out/failures/*/*.txt; do
        if grep -q '^stdout: ' "$report"; then
            grep -q '^explain: ' "$report" || fail "no explanation in $report"
        else
            ! grep -q '^explain: ' "$report" || fail "an explanation without a stdout difference in $report"
        fi
    done
}

# kind_of SED LINE: the kind explain-failure gives to handout-case5's
# output edited by SED, whose first difference is at LINE.
kind_of() {
    local case=testdata/draughts/examples/handout-case5
    sed "$1" "$case.out" > "$BATS_TEST_TMPDIR/edited.out"
    explain_failure --program draughts build/draughts "$case.in" "$case.out" \
        "$BATS_TEST_TMPDIR/edited.out" "$2" | sed -n 's/^explain: the difference: //p'
}

# bats test_tags=slow
@test "explain-failure: every kind of draughts difference is named" {
    run kind_of '7{h;d};8{G}' 7
    assert_output 'the move order: this program takes (0,3)=>(1,4) before (0,3)=>(1,2), which the specified order puts first'
    run kind_of '5s/h=-4/h=-5/' 5
    assert_output 'a value: the same move, "; h=-4." expected, "; h=-5." here'
    run kind_of '21s/.*/|-|-|-B4: (0,3)=>(1,4); h=-3./' 21
    assert_output 'a missing pruning line: the reference prunes here (alpha=-3, beta=-3) and this program goes on'
    run kind_of '20s/.*/|-|-|-B4: pruning (0,3)=>(1,2); alpha=-3, beta=-3./' 20
    assert_output --partial 'an extra pruning line: this program prunes (alpha=-3, beta=-3) where the reference goes on'
    run kind_of '21s/alpha=-3, beta=-3/alpha=-3, beta=-2/' 21
    assert_output 'a value: the bounds differ, alpha=-3, beta=-3 expected, alpha=-3, beta=-2 here'
    run kind_of '21s/(0,3)=>(1,4), //' 21
    assert_output 'the pruned moves differ (the move order, or where the pruning starts)'
    run kind_of '5s/; h=/;h=/' 5
    assert_output 'the format: the same content, spaced differently'
    run kind_of '5s/.*/B4 (1,0)->(3,2) -4/' 5
    assert_output "the format: this program's line is not a trace line (LABEL: (r,c)=>(r,c)...)"
    run kind_of '5s/.*/|-|-|-B4: (6,6)=>(7,7); h=-4./' 5
    assert_output "a move the reference does not make here: (6,6)=>(7,7) (the reference's is (1,0)=>(3,2))"
    run kind_of '$s/.*/first move: (5,2)=>(3,4)./' 235
    assert_output "the root's choice: the reference's first move: (5,2)=>(3,0)., this program's first move: (5,2)=>(3,4)."
    run kind_of '100,$d' 100
    assert_output "this program's output ends here"
    run kind_of '6s/.*/|-|-|-B4: (0,3)=>(1,2); h=-3./' 6
    assert_output "the tree's shape: the reference's next line is at A3, this program's at B4 (a move or a terminal position seen differently)"
    run kind_of '1s/case 5/case 6/' 1
    assert_output 'a case header, or a case that starts too early or too late'
    # the root's choice comes with the reference's A1 values
    sed '$s/.*/first move: (5,2)=>(3,4)./' testdata/draughts/examples/handout-case5.out > "$BATS_TEST_TMPDIR/edited.out"
    run explain_failure --program draughts build/draughts testdata/draughts/examples/handout-case5.in \
        testdata/draughts/examples/handout-case5.out "$BATS_TEST_TMPDIR/edited.out" 235
    assert_line 'explain:   (5,2)=>(3,0) value -3 chosen'
    assert_line 'explain:   (5,2)=>(3,4) value <= -4 bound'
}

# checkers_explained CASE SED LINE: explain-failure's lines for CASE's
# output edited by SED, whose first difference is at LINE.
checkers_explained() {
    local case=testdata/checkers/$1
    sed "$2" "$case.out" > "$BATS_TEST_TMPDIR/edited.out"
    explain_failure --program checkers build/checkers "$case.in" "$case.out" \
        "$BATS_TEST_TMPDIR/edited.out" "$3"
}

@test "explain-failure: the checkers kinds no planted fault above reaches" {
    run checkers_explained examples/seed-game-A '233s/A6-B5/A6-C4/' 233
    assert_line --index 0 'explain: reference chose A6-B5 (cost 0); this program chose A6-C4, which is not among the 6 actions BLACK may make here'
    run checkers_explained examples/seed-game-A '236s/b/w/' 236
    assert_output 'explain: both chose A6-B5 for ACTION #11 (cost 0); the difference is in the board or the board cost printed after it'
    run checkers_explained official/test6 '43s/.*/=====================================/' 43
    assert_line --index 0 --partial 'explain: the reference refuses ACTION #2 with check 4 of six (Target cell is not empty.)'
    assert_line --index -1 'explain: this program did not refuse the action: it played it'
    run checkers_explained official/test0 '23s/.*/ERROR: Illegal action./' 23
    assert_output 'explain: this program refused ACTION #1 with check 6 (Illegal action.), which the reference accepts: all six checks pass'
    run checkers_explained official/test6 '43s/.*/ERROR: Source cell is empty./' 43
    assert_line --index -1 "explain: this program reported check 3 (Source cell is empty.), but the reference's check 3 passes here (above)"
    # a typed action's block: no computed choice to explain
    run checkers_explained official/test0 '25s/b/w/' 25
    assert_output ''
}

@test "explain-failure: a refusal in other words is compared as a refusal: at which action, and whether it stopped" {
    # The same refusal (ACTION #2, the output ends there) in other words.
    run checkers_explained official/test6 '43s/.*/ERROR: Illegal move./' 43
    assert_line --index 0 --partial 'explain: the reference refuses ACTION #2 with check 4 of six (Target cell is not empty.)'
    assert_line --index -1 "explain: this program refused ACTION #2 too, at the same point, but with other words: \`ERROR: Illegal move.\` where the handout's is \`ERROR: Target cell is not empty.\`"
    refute_output --partial 'did not refuse'
    # ... and a program that goes on after its refusal.
    run checkers_explained official/test6 '43s/.*/Error: illegal move/; $a more' 43
    assert_line --index -2 --partial 'explain: this program refused ACTION #2 too, at the same point, but with other words: `Error: illegal move`'
    assert_line --index -1 'explain:   and it did not stop there: it printed 1 more line, where the reference ends'
    # A refusal in other words where the reference plays the action.
    run checkers_explained official/test0 '23s/.*/ERROR: Illegal move./; 24,$d' 23
    assert_output "$(printf '%s\n' 'explain: this program refused ACTION #1 (`ERROR: Illegal move.`), which the reference accepts: all six checks pass' \
        'explain:   and it stopped there')"
}
