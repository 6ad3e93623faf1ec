# diagnose-checkers.bats -- checkers programs, each with a fault planted
# apart from the reference (in a copy of the independent Python oracle),
# checked by check-engine and diagnosed: each gets its fault as its first
# cause; the correct oracle gets none; a program with two faults gets both.

# shellcheck disable=SC2154 # bats sets $output, $status; the lib sets $root

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

# shellcheck source=src/diagnose/tests/diagnose-lib.bash
source "$BATS_TEST_DIRNAME/diagnose-lib.bash"

# tie_last DIR: the root's ties go to the last best action.
tie_last() {
    put_in "$1/oracle_search.py" '(value > chosen_value if side == BLACK
                      else value < chosen_value)' '(value >= chosen_value if side == BLACK
                      else value <= chosen_value)'
}

@test "the correct oracle fails nothing and gets no cause" {
    dir=$(oracle correct)
    check_and_diagnose checkers "$dir" --category examples --category error4
    assert_success
    assert_output ''
    assert_equal "$(cat "$dir/output/causes.tsv")" "$(printf 'code\tdescription\treproduced\tfailures')"
}

@test "a piece never made a tower: no-tower-promotion" {
    dir=$(oracle no-tower)
    put_in "$dir/oracle_rules.py" 'if cell == PIECE[side] and action.target // SIZE + 1 == FAR_ROW[side]:' \
        'if False:'
    check_and_diagnose checkers "$dir" --category play
    assert_success
    assert_line --index 0 --regexp '^(diagnosis: .*|likely cause: .*\(no-tower-promotion\): reproduces [0-9]+ of [0-9]+ failing cases)$'
    assert_equal "$(causes "$dir" | head -n 1)" no-tower-promotion
}

@test "ties broken toward the last action: tie-not-leftmost" {
    dir=$(oracle tie-last)
    tie_last "$dir"
    check_and_diagnose checkers "$dir" --category next-action
    assert_success
    assert_line --partial '(tie-not-leftmost): reproduces'
    assert_equal "$(causes "$dir" | head -n 1)" tie-not-leftmost
}

@test "no win line: win-not-reported" {
    dir=$(oracle no-win)
    put_in "$dir/checkers_oracle.py" '            out.append(f"{SIDE_NAMES[1 - game.side]} WIN!\n")
            return' '            return'
    check_and_diagnose checkers "$dir" --category wins
    assert_success
    assert_equal "$(causes "$dir" | head -n 1)" win-not-reported
}

@test "target checked after the owner: error-order" {
    dir=$(oracle error-order)
    owner_first "$dir"
    check_and_diagnose checkers "$dir" --category error4 --category error5
    assert_success
    assert_equal "$(causes "$dir" | head -n 1)" error-order
}

@test "a line starting with A taken for the command: column-a-as-command" {
    dir=$(oracle column-a)
    put_in "$dir/checkers_oracle.py" '        if text in COMMANDS:' '        if text in COMMANDS or text.startswith(b"A"):
            text = text[:1]'
    check_and_diagnose checkers "$dir" --category stage0 --category play
    assert_success
    assert_equal "$(causes "$dir" | head -n 1)" column-a-as-command
}

@test "CRLF line ends: white-space" {
    dir=$(oracle crlf)
    put_in "$dir/checkers_oracle.py" 'return ("".join(out).encode("ascii")' \
        'return ("".join(out).replace("\n", "\r\n").encode("ascii")'
    check_and_diagnose checkers "$dir" --category examples --category official
    assert_success
    assert_equal "$(causes "$dir" | head -n 1)" white-space
}

@test "a stuck side at a leaf costs INT_MIN / INT_MAX: leaf-cost-min-max" {
    dir=$(oracle leaf-stuck)
    put_in "$dir/oracle_search.py" '        return cost
    actions = legal_actions(board, side)' '        return cost if legal_actions(board, side) else _stuck_value(side)
    actions = legal_actions(board, side)'
    put_in "$dir/oracle_search.py" '    if depth_left == 1:' '    if depth_left == -1:'
    # (NOTES.md decides what a stuck leaf costs: the strict profile's cases)
    check_and_diagnose checkers "$dir" --profile strict --category wins
    assert_success
    assert_equal "$(causes "$dir" | head -n 1)" leaf-cost-min-max
}

@test "a win printed after the last computed action: win-reported-early" {
    dir=$(oracle win-early)
    put_in "$dir/checkers_oracle.py" '                                 computed=True))
' '                                 computed=True))
    if next_action(game.board, game.side) is None:
        out.append(f"{SIDE_NAMES[1 - game.side]} WIN!\n")
'
    # (NOTES.md decides when a win is printed: the strict profile's cases)
    check_and_diagnose checkers "$dir" --profile strict --category wins
    assert_success
    assert_equal "$(causes "$dir" | head -n 1)" win-reported-early
}

@test "status 0 after an input error (strict profile): error-status-zero" {
    dir=$(oracle status-zero)
    put_in "$dir/checkers_oracle.py" 'EXIT_INPUT_ERROR = 1' 'EXIT_INPUT_ERROR = 0'
    check_and_diagnose checkers "$dir" --profile strict --category error1 --category error3
    assert_success
    assert_equal "$(causes "$dir" | head -n 1)" error-status-zero
}

@test "two faults, ties and the order of the errors: both named" {
    dir=$(oracle two)
    tie_last "$dir"
    owner_first "$dir"
    check_and_diagnose checkers "$dir" --category error4 --category next-action
    assert_success
    run causes "$dir"
    assert_line tie-not-leftmost
    assert_line error-order
}
