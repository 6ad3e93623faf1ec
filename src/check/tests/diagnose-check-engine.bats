# diagnose-check-engine.bats -- check-engine names the likely cause of a
# failing program's failures (harness.check.diagnose calling harness.diagnose):
# a program with a catalogued fault planted apart from the reference (a
# copy of the HW4 Python test player, a copy of the independent checkers
# oracle), run in the sandbox as a FOLDER of sources, gets that fault's
# `likely cause:` line and OUTPUT/causes.tsv; a correct program and
# --no-diagnose get none. Each runs on chosen cases (check's CASES, as in
# src/diagnose/tests/diagnose-lib.bash): a sample of the category that
# shows the fault, not all of it.

# shellcheck disable=SC2154 # bats sets $output, $status; the lib sets $root

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# shellcheck source=src/diagnose/tests/diagnose-lib.bash
source "$BATS_TEST_DIRNAME/../../diagnose/tests/diagnose-lib.bash"

# player_folder NAME VARIANT: the HW4 Python player of that variant alone
# in a folder (check-engine runs its single .py file), on stdout.
player_folder() {
    local dir
    dir=$(fixtures)/$1
    player python "$2" "$dir" > /dev/null
    printf '%s\n' "$dir"
}

# crowning DIR: DIR.cases, fifteen of the draughts crowning cases (those
# numbered 0 to 14), where a man reaches the far row.
crowning() {
    corpus_subset "$1.cases" "$root/testdata/draughts" 'crowning/crowning-[0-9]-s1' \
        'crowning/crowning-1[0-4]-s1' || fail "cannot choose the cases"
}

# check DIR OPTION...: scripts/check-engine on the FOLDER DIR and the cases
# of DIR.cases, in the sandbox, into DIR.out ($output and $status as bats'
# run leaves them).
check() {
    local dir=$1
    shift
    run "$root/scripts/check-engine" --output "$dir.out" --cases "$dir.cases" "$@" "$dir"
}

# cause_codes DIR: the codes of DIR.out/causes.tsv (by its header), a line each.
cause_codes() {
    awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "code") c = i; next }
        { print $c }' "$1.out/causes.tsv"
}

# bats test_tags=slow
@test "draughts, men never crowned: its likely cause before the last line, the failures grouped under it" {
    dir=$(player_folder no-crowning no-crowning)
    crowning "$dir"
    check "$dir" --program draughts
    assert_failure 1
    assert_line --regexp '^likely cause: .* \(no-crowning\): reproduces [0-9]+ of [0-9]+ failing cases$'
    assert_line --regexp '^  [0-9]+ cases: likely cause: .* \(no-crowning\)$'
    assert_line --index -1 --regexp '^[0-9]+ passed, [0-9]+ failed'
    assert_line --index -3 --partial '  explains: crowning/'
    assert_line --index -2 --regexp '^  for example: crowning/crowning-[0-9]+-s1: wrong answer in case 1 .*; required: '
    assert_equal "$(cause_codes "$dir" | head -n 1)" no-crowning
    [[ -s $dir.out/outputs/crowning/crowning-0-s1.out ]]
    assert_equal "$(cat "$dir.out/outputs/crowning/crowning-0-s1.status")" 0
}

# bats test_tags=slow
@test "checkers, the input errors checked in another order: error-order, kept runs on stdin" {
    dir=$(fixtures)/error-order
    mkdir -p "$dir"
    cp -- "$root"/src/corpus/checkers-oracle/*.py "$dir/"
    mv -- "$dir/checkers_oracle.py" "$dir/hw4.py"
    owner_first "$dir"
    # (an opponent's piece onto an occupied cell fails both checks)
    corpus_subset "$dir.cases" "$root/testdata/checkers" 'error4/opponent-source-occupied-target-*' \
        'error4/step-onto-own-piece-*-s0' || fail "cannot choose the cases"
    check "$dir"
    assert_failure 1
    assert_line --regexp '^likely cause: .* \(error-order\): reproduces [0-9]+ of [0-9]+ failing cases$'
    assert_equal "$(cause_codes "$dir" | head -n 1)" error-order
    assert_equal "$(head -n 1 "$dir.out/causes-cases.tsv")" "$(printf 'code\tcase')"
}

@test "a correct program: no diagnosis at all, no cause" {
    dir=$(player_folder correct reference-like)
    crowning "$dir"
    check "$dir" --program draughts
    assert_success
    refute_output --partial 'likely cause'
    refute_output --partial 'looking for the likely cause'
    [[ ! -e $dir.out/causes.tsv && ! -e $dir.out/outputs ]]
}

@test "--no-diagnose: the failures without a cause, no causes.tsv" {
    dir=$(player_folder no-crowning-quiet no-crowning)
    crowning "$dir"
    check "$dir" --program draughts --no-diagnose
    assert_failure 1
    refute_output --partial 'likely cause'
    assert_line --index -1 --regexp '^[0-9]+ passed, [0-9]+ failed'
    [[ ! -e $dir.out/causes.tsv ]]
}
