# diagnose-mechanism.bats -- a checkers fault is named where the program
# goes wrong at the same place and in the same way as the faulted
# reference (the same first differing block, the same kind of line, the
# same line: harness/diagnose/place.py), not only where it prints the very
# same bytes. Programs written apart from the reference (copies of the
# checkers oracle) whose fault is the catalogue's, but whose output goes
# on otherwise than the catalogue's patch, get that fault first; a program
# searching to depth 2, whose actions differ where tie-not-leftmost's do
# but are other actions, gets none.

# shellcheck disable=SC2154 # bats sets $output, $status; the lib sets $root

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# shellcheck source=src/diagnose/tests/diagnose-lib.bash
source "$BATS_TEST_DIRNAME/diagnose-lib.bash"

# example DIR: the case causes.tsv gives as the first cause's example.
example() {
    awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "example") c = i; next }
        NR == 2 { print $c }' "$1/output/causes.tsv"
}

# not_the_bytes DIR CODE: the faulted reference CODE does not print the
# program's very output on the first cause's example (so only the place
# and the way it goes wrong matched).
not_the_bytes() {
    local case
    case=$(example "$1")
    [[ -n $case ]] || fail "no example in $1/output/causes.tsv"
    "$root/build/faults/checkers/$2" < "$1/cases/$case.in" > "$1/fault.out" 2> /dev/null || true
    run cmp -s "$1/fault.out" "$1/output/outputs/$case.out"
    assert_failure
}

# bats test_tags=slow
@test "every action from column A taken for the A command, the game going on: column-a-as-command" {
    dir=$(oracle column-a-every)
    # (the catalogue's patch stops at the first such action; this program
    # plays the computed action and reads on)
    put_in "$dir/checkers_oracle.py" '        cells = parse_action(text)
' '        if text[:1] == b"A":
            action = next_action(game.board, game.side)
            if action is None:
                out.append(f"{SIDE_NAMES[1 - game.side]} WIN!\n")
                return Outcome(game, None, EXIT_DONE, "")
            game = game.after(action)
            out.append(format_action(game.board, game.actions, action_text(action), computed=True))
            continue
        cells = parse_action(text)
'
    chosen "$dir" checkers 'stage0/short-game-s*' 'stage0/opening-*' 'play/white-short-game-s*'
    first_cause_is checkers "$dir" column-a-as-command
    not_the_bytes "$dir" column-a-as-command
}

# bats test_tags=slow
@test "a jump over an empty cell, in the input and in play, a blank line before each delimiter: jump-over-empty, then white-space" {
    dir=$(oracle over-empty-blank)
    # (one test for a capture, the middle not the side's own, in the input
    # and in the move generator; and the boards' spacing of its own)
    put_in "$dir/oracle_input.py" '    if board[middle] != EMPTY and OWNER[board[middle]] != side:' \
        '    if board[middle] == EMPTY or OWNER[board[middle]] != side:'
    put_in "$dir/oracle_rules.py" '            if adjacent_cell == EMPTY:
                actions.append(Action(source, adjacent, None))' '            if adjacent_cell == EMPTY:
                actions.append(Action(source, adjacent, None))
                if behind is not None and board[behind] == EMPTY:
                    actions.append(Action(source, behind, adjacent))'
    put_in "$dir/oracle_rules.py" '    return ("=" * 37 + "\n"' '    return ("\n" + "=" * 37 + "\n"'
    chosen "$dir" checkers 'error6/jump-over-empty*' 'examples/error*' 'error6/knight-move-*'
    check_and_diagnose checkers "$dir"
    assert_success
    assert_equal "$(causes "$dir")" "$(printf 'jump-over-empty\nwhite-space')"
    not_the_bytes "$dir" jump-over-empty
}

# bats test_tags=slow
@test "a search of depth 2: search-depth-2 alone; tie-not-leftmost, going wrong in the same blocks with other actions, is no second cause" {
    dir=$(oracle depth-two)
    put_in "$dir/oracle_search.py" 'SEARCH_DEPTH = 3' 'SEARCH_DEPTH = 2'
    chosen "$dir" checkers 'next-action/*-s[0-2]' 'play/*-s[0-2]' 'examples/*'
    check_and_diagnose checkers "$dir"
    assert_success
    assert_equal "$(causes "$dir")" search-depth-2
    # (it fails 35 cases; tie-not-leftmost goes wrong in the same block
    # with the same kind of line on 15 of them, with the same line on 3:
    # before search-depth-2 was catalogued, this program got no cause)
    run grep -c $'\tfail\t' "$dir/output/results.tsv"
    assert [ "$output" -ge 20 ]
}
