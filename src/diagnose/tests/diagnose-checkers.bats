# diagnose-checkers.bats -- checkers programs, each with a fault planted
# apart from the reference (in a copy of the independent Python oracle),
# checked by check-engine and diagnosed: each gets its fault as its first
# cause; the correct oracle gets none; a program with two faults gets both.
# Each runs on chosen cases (chosen, diagnose-lib.bash): those that show its
# fault, by their names or by strict-only's list of the decision a fault
# goes against, and some that pass.

# shellcheck disable=SC2154 # bats sets $output, $status; the lib sets $root

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# shellcheck source=src/diagnose/tests/diagnose-lib.bash
source "$BATS_TEST_DIRNAME/diagnose-lib.bash"

# tie_last DIR: the root's ties go to the last best action.
tie_last() {
    put_in "$1/oracle_search.py" '(value > chosen_value if side == BLACK
                      else value < chosen_value)' '(value >= chosen_value if side == BLACK
                      else value <= chosen_value)'
}

# bats test_tags=slow
@test "the correct oracle fails nothing and gets no cause" {
    dir=$(oracle correct)
    chosen "$dir" checkers 'examples/*' 'error4/*-early-s0' 'error4/*-with-towers-s1'
    check_and_diagnose checkers "$dir"
    assert_success
    assert_output ''
    assert_equal "$(cat "$dir/output/causes.tsv")" "$(printf 'code\tdescription\treproduced\tfailures\tadds\texample\tbeyond_handout')"
}

# bats test_tags=slow
@test "a piece never made a tower: no-tower-promotion" {
    dir=$(oracle no-tower)
    put_in "$dir/oracle_rules.py" 'if cell == PIECE[side] and action.target // SIZE + 1 == FAR_ROW[side]:' \
        'if False:'
    # (the games that crown a piece, and short games that may not)
    chosen "$dir" checkers 'play/*-promotion-during-play-*' 'play/*-towers-one-side-s2*' \
        'play/black-short-game-s[0-3]'
    check_and_diagnose checkers "$dir"
    assert_success
    assert_line --index 0 --regexp '^(diagnosis: .*|likely cause: .*\(no-tower-promotion\): reproduces [0-9]+ of [0-9]+ failing cases)$'
    assert_equal "$(causes "$dir" | head -n 1)" no-tower-promotion
}

# bats test_tags=slow
@test "ties broken toward the last action: tie-not-leftmost" {
    dir=$(oracle tie-last)
    tie_last "$dir"
    chosen "$dir" checkers 'next-action/*-tie-leftmost-not-first-s[0-9]' \
        'next-action/*-tie-three-or-more-s1*' 'next-action/black-mid-game-s[0-9]'
    check_and_diagnose checkers "$dir"
    assert_success
    assert_line --partial '(tie-not-leftmost): reproduces'
    assert_equal "$(causes "$dir" | head -n 1)" tie-not-leftmost
}

# bats test_tags=slow
@test "no win line: win-not-reported" {
    dir=$(oracle no-win)
    put_in "$dir/checkers_oracle.py" '            out.append(f"{SIDE_NAMES[1 - game.side]} WIN!\n")
            return' '            return'
    # (A's action or P's step ends the game: the assignment profile's wins)
    chosen "$dir" checkers 'wins/ends-in-input-then-a-*-wins-by-capture-s*' 'wins/p-step1-*' \
        'wins/ends-in-input-then-action-*-s*' 'wins/action-after-game-over'
    first_cause_is checkers "$dir" win-not-reported
}

@test "target checked after the owner: error-order" {
    dir=$(oracle error-order)
    owner_first "$dir"
    # (an opponent's piece onto an occupied cell fails both checks)
    chosen "$dir" checkers 'error4/opponent-source-occupied-target-*' 'error4/opponent-target' \
        'error4/step-onto-own-piece-*-s0' 'error5/opponent-tower-*'
    first_cause_is checkers "$dir" error-order
}

# bats test_tags=slow
@test "a line starting with A taken for the command: column-a-as-command" {
    dir=$(oracle column-a)
    put_in "$dir/checkers_oracle.py" '        if text in COMMANDS:' '        if text in COMMANDS or text.startswith(b"A"):
            text = text[:1]'
    # (actions from column A in most games; the openings have none)
    chosen "$dir" checkers 'stage0/short-game-s*' 'stage0/opening-*' 'play/white-short-game-s*'
    first_cause_is checkers "$dir" column-a-as-command
}

# bats test_tags=slow
@test "CRLF line ends: white-space" {
    dir=$(oracle crlf)
    put_in "$dir/checkers_oracle.py" 'return ("".join(out).encode("ascii")' \
        'return ("".join(out).replace("\n", "\r\n").encode("ascii")'
    chosen "$dir" checkers 'examples/*' 'official/*'
    first_cause_is checkers "$dir" white-space
}

# bats test_tags=slow
@test "a stuck side at a leaf costs INT_MIN / INT_MAX: leaf-cost-min-max" {
    dir=$(oracle leaf-stuck)
    put_in "$dir/oracle_search.py" '        return cost
    actions = legal_actions(board, side)' '        return cost if legal_actions(board, side) else _stuck_value(side)
    actions = legal_actions(board, side)'
    put_in "$dir/oracle_search.py" '    if depth_left == 1:' '    if depth_left == -1:'
    # (NOTES.md decides what a stuck leaf costs: the strict profile's cases,
    # strict-only's reading-stuck-leaves among them)
    chosen "$dir" checkers 'wins/p-step[4-6]-black-*' 'wins/p-step8-white-*' 'wins/ends-in-input-black-*'
    first_cause_is checkers "$dir" leaf-cost-min-max --profile strict
}

# bats test_tags=slow
@test "a win printed after the last computed action: win-reported-early" {
    dir=$(oracle win-early)
    put_in "$dir/checkers_oracle.py" '                                 computed=True))
' '                                 computed=True))
    if next_action(game.board, game.side) is None:
        out.append(f"{SIDE_NAMES[1 - game.side]} WIN!\n")
'
    # (NOTES.md decides when a win is printed: the strict profile's cases,
    # strict-only's reading-win-after-last-action among them)
    chosen "$dir" checkers 'wins/a-action-ends-game-*' 'wins/p-tenth-action-ends-game-black-*' \
        'wins/p-step1-*'
    first_cause_is checkers "$dir" win-reported-early --profile strict
}

# bats test_tags=slow
@test "status 0 after an input error (strict profile): error-status-zero" {
    dir=$(oracle status-zero)
    put_in "$dir/checkers_oracle.py" 'EXIT_INPUT_ERROR = 1' 'EXIT_INPUT_ERROR = 0'
    chosen "$dir" checkers 'error1/*-early-s0' 'error3/*-early-s0' 'examples/*'
    first_cause_is checkers "$dir" error-status-zero --profile strict
}

@test "a piece capturing backward, in the input and in play: piece-captures-backward" {
    dir=$(oracle back-capture)
    put_in "$dir/oracle_input.py" '    if is_piece and (row_delta > 0)' '    if is_piece and abs(row_delta) == 1 and (row_delta > 0)'
    put_in "$dir/oracle_rules.py" '            if adjacent is None or (cell == own_piece and row_delta != forward):
                continue
            adjacent_cell = board[adjacent]' '            if adjacent is None:
                continue
            adjacent_cell = board[adjacent]
            if adjacent_cell == EMPTY and cell == own_piece and row_delta != forward:
                continue'
    chosen "$dir" checkers 'error6/piece-captures-backward-*' 'examples/seed-game-P' 'examples/error6-*'
    first_cause_is checkers "$dir" piece-captures-backward
}

# bats test_tags=slow
@test "a jump over an empty cell taken as a move: jump-over-empty" {
    dir=$(oracle over-empty)
    put_in "$dir/oracle_input.py" '    middle = (source + target) // 2
' '    middle = (source + target) // 2
    if board[middle] == EMPTY:
        return Action(source, target, None)
'
    chosen "$dir" checkers 'error6/jump-over-empty-cell-*' 'examples/seed-game-A' 'examples/error6-*'
    first_cause_is checkers "$dir" jump-over-empty
}

# bats test_tags=slow
@test "jumps over empty cells in the input and in the program's own play: jump-over-empty-in-play" {
    dir=$(oracle over-empty-in-play)
    put_in "$dir/oracle_input.py" '    if board[middle] != EMPTY and OWNER[board[middle]] != side:' \
        '    if board[middle] == EMPTY or OWNER[board[middle]] != side:'
    put_in "$dir/oracle_rules.py" '            elif (behind is not None and board[behind] == EMPTY
                  and OWNER[adjacent_cell] == opponent):' '            if (behind is not None and board[behind] == EMPTY
                  and (adjacent_cell == EMPTY or OWNER[adjacent_cell] == opponent)):'
    chosen "$dir" checkers 'error6/jump-over-empty-cell-*' 'examples/*' 'play/black-short-game-*' \
        'next-action/black-mid-game-*'
    first_cause_is checkers "$dir" jump-over-empty-in-play
    refute_output --partial '(jump-over-empty)'
}

# bats test_tags=slow
@test "the winner's colour swapped in the win line: winner-swapped" {
    dir=$(oracle winner-swapped)
    put_in "$dir/checkers_oracle.py" 'out.append(f"{SIDE_NAMES[1 - game.side]} WIN!\n")' \
        'out.append(f"{SIDE_NAMES[game.side]} WIN!\n")'
    # (A or P finds no action: the assignment profile's wins)
    chosen "$dir" checkers 'wins/ends-in-input-then-a-*-wins-by-capture-s*' 'wins/p-step1-*' 'examples/seed-game-*'
    first_cause_is checkers "$dir" winner-swapped
}

# bats test_tags=slow
@test "the win line with other punctuation and no line end: win-line-format" {
    dir=$(oracle win-bang)
    put_in "$dir/checkers_oracle.py" 'out.append(f"{SIDE_NAMES[1 - game.side]} WIN!\n")' \
        'out.append(f"{SIDE_NAMES[1 - game.side]} WIN!!!")'
    chosen "$dir" checkers 'wins/ends-in-input-then-a-*-wins-by-capture-s*' 'wins/p-step1-*' 'examples/seed-game-*'
    first_cause_is checkers "$dir" win-line-format
}

# bats test_tags=slow
@test "the win line with no line end alone is white-space, not win-line-format" {
    dir=$(oracle win-no-newline)
    put_in "$dir/checkers_oracle.py" 'out.append(f"{SIDE_NAMES[1 - game.side]} WIN!\n")' \
        'out.append(f"{SIDE_NAMES[1 - game.side]} WIN!")'
    chosen "$dir" checkers 'wins/ends-in-input-then-a-*-wins-by-capture-s*' 'wins/p-step1-*' 'examples/seed-game-*'
    first_cause_is checkers "$dir" white-space
    refute_output --partial '(win-line-format)'
}

# bats test_tags=slow
@test "a jump over one's own piece taken as a capture: capture-own-piece" {
    dir=$(oracle own-capture)
    put_in "$dir/oracle_input.py" '    if board[middle] != EMPTY and OWNER[board[middle]] != side:' \
        '    if board[middle] != EMPTY:'
    put_in "$dir/oracle_rules.py" '                  and OWNER[adjacent_cell] == opponent):' '                  ):'
    chosen "$dir" checkers 'error6/jump-over-own-piece-*' 'examples/seed-game-P' 'examples/error6-*'
    first_cause_is checkers "$dir" capture-own-piece
}

# bats test_tags=slow
@test "a win printed once the search sees it forced: win-predicted" {
    dir=$(oracle win-predicted)
    put_in "$dir/checkers_oracle.py" 'from oracle_search import next_action' \
        'from oracle_search import INT_MAX, INT_MIN, SEARCH_DEPTH, _node_value, next_action
from oracle_rules import board_cost, cost_change'
    put_in "$dir/checkers_oracle.py" '        action = next_action(game.board, game.side)
' '        action = next_action(game.board, game.side)
        value = None if action is None else _node_value(
            apply_action(game.board, action), 1 - game.side,
            board_cost(game.board) + cost_change(game.board, action), SEARCH_DEPTH - 1)
        if value in (INT_MIN, INT_MAX):
            out.append(f"{SIDE_NAMES[value == INT_MIN]} WIN!\n")
            return
'
    # (P's steps before a win, and A where one side is lost in two)
    chosen "$dir" checkers 'wins/p-step[2-4]-*' 'next-action/*-loss-at-depth-2-s1*' 'examples/seed-game-*'
    first_cause_is checkers "$dir" win-predicted
}

# bats test_tags=slow
@test "a row past 8 not refused as outside of the board: outside-board-not-refused" {
    dir=$(oracle row-unchecked)
    put_in "$dir/oracle_input.py" 'and 1 <= self.row <= SIZE' 'and 1 <= self.row'
    put_in "$dir/oracle_input.py" '    if board[source_index] == EMPTY:
        return 3, None
    if board[target_index] != EMPTY:
        return 4, None' '    cells = dict(enumerate(board))
    if cells.get(source_index, EMPTY) == EMPTY:
        return 3, None
    if cells.get(target_index, EMPTY) != EMPTY:
        return 4, None
    if target_index >= len(board) and OWNER[board[source_index]] == side:
        return 6, None'
    # (rows 9: rows of two digits and more are strict-only)
    chosen "$dir" checkers 'error1/legal-target-source-outside-*-s0' 'error1/row-9-*' \
        'error2/*-steps-off-the-edge-*' 'examples/error1-*'
    first_cause_is checkers "$dir" outside-board-not-refused
}

# bats test_tags=slow
@test "another order of directions: move-order" {
    dir=$(oracle move-order)
    put_in "$dir/oracle_rules.py" 'DIRECTIONS = ((-1, 1), (1, 1), (1, -1), (-1, -1))' \
        'DIRECTIONS = ((-1, -1), (-1, 1), (1, -1), (1, 1))'
    chosen "$dir" checkers 'next-action/*-tie-leftmost-not-first-s[0-9]' \
        'next-action/black-mid-game-s[0-9]' 'play/white-short-game-s*'
    first_cause_is checkers "$dir" move-order
}

# bats test_tags=slow
@test "the last line, an action from column A, taken for the command: last-column-a-as-command" {
    dir=$(oracle last-column-a)
    put_in "$dir/checkers_oracle.py" '    for line_number, raw_line in enumerate(split_lines(data), start=1):
        text = raw_line.strip(WHITE_SPACE)' '    lines = split_lines(data)
    for line_number, raw_line in enumerate(lines, start=1):
        text = raw_line.strip(WHITE_SPACE)
        if line_number == len(lines) and text[:1] == b"A" and parse_action(text):
            text = b"A"'
    # (games with no command whose last action is from column A, most with
    # one from column A before it)
    chosen "$dir" checkers 'stage0/black-promotion-s*' 'stage0/tower-captures-*' 'examples/seed-game-*'
    first_cause_is checkers "$dir" last-column-a-as-command
}

# bats test_tags=slow
@test "a tree of depth 2: search-depth-2" {
    dir=$(oracle depth-2)
    put_in "$dir/oracle_search.py" 'SEARCH_DEPTH = 3' 'SEARCH_DEPTH = 2'
    chosen "$dir" checkers 'next-action/black-mid-game-s[0-9]' 'play/white-short-game-s*'
    first_cause_is checkers "$dir" search-depth-2
}

# bats test_tags=slow
@test "a tree of depth 4: search-depth-4" {
    dir=$(oracle depth-4)
    put_in "$dir/oracle_search.py" 'SEARCH_DEPTH = 3' 'SEARCH_DEPTH = 4'
    chosen "$dir" checkers 'next-action/black-mid-game-s[0-9]' 'play/white-short-game-s*'
    first_cause_is checkers "$dir" search-depth-4
}

# bats test_tags=slow
@test "two faults, ties and the order of the errors: both named" {
    dir=$(oracle two)
    tie_last "$dir"
    owner_first "$dir"
    chosen "$dir" checkers 'error4/opponent-source-occupied-target-*' 'error4/step-onto-own-piece-*-s0' \
        'next-action/*-tie-leftmost-not-first-s[0-9]' 'next-action/black-mid-game-s[0-9]'
    check_and_diagnose checkers "$dir"
    assert_success
    run causes "$dir"
    assert_line tie-not-leftmost
    assert_line error-order
}

# bats test_tags=slow
@test "the reference built with two catalogue faults: both named, the larger share first" {
    # (harness.diagnose.faultbuild: our own program, no student's, run as
    # the diagnosis runs its faulted references)
    make -s -C "$root" faults FAULTS=checkers/no-tower-promotion+error-order > /dev/null
    dir=$(fixtures)/two-built
    mkdir -p "$dir"
    cp -- "$root/build/faults/checkers/no-tower-promotion+error-order" "$dir/program"
    # (more games that crown a piece than errors checked in another order)
    chosen "$dir" checkers 'play/*-promotion-during-play-*' \
        'error4/opponent-source-occupied-target-*-s0' 'examples/*'
    check_and_diagnose checkers "$dir"
    assert_success
    assert_equal "$(causes "$dir")" "$(printf 'no-tower-promotion\nerror-order')"
    assert_line --regexp '^likely cause: .*\(error-order\): reproduces [0-9]+ of [0-9]+ failing cases'
    assert_line --regexp '^  for example: error4/opponent-source-occupied-target-.*: line [0-9]+ is "ERROR: .*" where "ERROR: .*" is expected$'
}

# bats test_tags=slow
@test "a cause whose cases are all strict-only: beyond the handout, under --profile strict only" {
    dir=$(fixtures)/beyond
    mkdir -p "$dir"
    make -s -C "$root" faults FAULTS=checkers/win-reported-early > /dev/null
    cp -- "$root/build/faults/checkers/win-reported-early" "$dir/program"
    # (strict-only's reading-win-after-last-action, and the examples)
    chosen "$dir" checkers 'wins/a-action-ends-game-*' 'wins/p-tenth-action-ends-game-black-*' 'examples/*'
    check_and_diagnose checkers "$dir" --profile strict
    assert_success
    assert_line --index 0 --regexp '^likely cause: .*\(win-reported-early\): reproduces [0-9]+ of [0-9]+ failing cases; beyond the handout: '
    check_and_diagnose checkers "$dir"
    assert_success
    assert_output ''
}

@test "a cause with a case the handout decides is not beyond it" {
    dir=$(oracle no-tower-strict)
    put_in "$dir/oracle_rules.py" 'if cell == PIECE[side] and action.target // SIZE + 1 == FAR_ROW[side]:' \
        'if False:'
    chosen "$dir" checkers 'play/*-promotion-during-play-s[0-9]'
    check_and_diagnose checkers "$dir" --profile strict
    assert_success
    assert_line --index 0 --regexp '^likely cause: .*\(no-tower-promotion\): reproduces [0-9]+ of [0-9]+ failing cases$'
}
