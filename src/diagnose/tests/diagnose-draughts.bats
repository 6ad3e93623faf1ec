# diagnose-draughts.bats -- HW4 programs, each with a fault of its own
# (the Python test player of the judge, src/draughts-judge/tests/players,
# in one of its faulty variants or with a fault planted in a copy),
# checked by check-engine (judged by the rules) and diagnosed: each gets
# its fault as its first cause; the correct player gets none; a player
# with two faults gets both. Each runs on chosen cases (chosen,
# diagnose-lib.bash): a sample of the category that shows its fault (its
# cases numbered 0 to 9 or 14, or those of lategame-7? or lategame-13? to
# lategame-15?) and two of the handout's examples, or the examples alone.

# shellcheck disable=SC2154 # bats sets $output, $status; the lib sets $root

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# shellcheck source=src/diagnose/tests/diagnose-lib.bash
source "$BATS_TEST_DIRNAME/diagnose-lib.bash"

@test "the correct player fails nothing and gets no cause" {
    dir=$(hw4 correct reference-like)
    chosen "$dir" draughts 'examples/*'
    check_and_diagnose draughts "$dir"
    assert_success
    assert_output ''
    assert_equal "$(cat "$dir/output/causes.tsv")" "$(printf 'code\tdescription\treproduced\tfailures\tadds\texample\tbeyond_handout')"
}

@test "cut only when alpha > beta: prune-strict" {
    dir=$(hw4 cut-strict cut-strict)
    chosen "$dir" draughts 'examples/handout-case5' 'examples/opening' 'pruning/lategame-7?-s1'
    check_and_diagnose draughts "$dir"
    assert_success
    assert_line --partial '(prune-strict): reproduces'
    assert_equal "$(causes "$dir" | head -n 1)" prune-strict
}

# bats test_tags=slow
@test "steps offered beside jumps: no-forced-jump" {
    dir=$(hw4 no-mandatory-jump no-mandatory-jump)
    chosen "$dir" draughts 'examples/handout-case5' 'examples/opening' 'jumps/jumps-[0-9]-s1'
    first_cause_is draughts "$dir" no-forced-jump
}

# bats test_tags=slow
@test "men never crowned: no-crowning" {
    dir=$(hw4 no-crowning no-crowning)
    chosen "$dir" draughts 'crowning/crowning-[0-9]-s1' 'crowning/crowning-1[0-4]-s1'
    first_cause_is draughts "$dir" no-crowning
}

@test "h= the running minimum or maximum: h-running-bound" {
    dir=$(hw4 running reference-like)
    put_in "$dir/player.py" '            self.lines.append(self.fmt.move_line(ply, move, v))' \
        '            shown = v if v is None else (max(best, v) if alice else min(best, v))
            self.lines.append(self.fmt.move_line(ply, move, shown))'
    # (of the examples and midgame, midgame-21 alone shows it: the judge
    # accepts a running bound wherever it is the node's value)
    chosen "$dir" draughts 'examples/handout-case5' 'examples/opening' 'midgame/midgame-[0-9]-s1' \
        'midgame/midgame-21-s1'
    first_cause_is draughts "$dir" h-running-bound
}

@test "the search stops after A3: depth-off-by-one" {
    dir=$(hw4 depth reference-like)
    put_in "$dir/player.py" '        if ply == 4:
            return heuristic(' '        if ply == 3:
            return heuristic('
    chosen "$dir" draughts 'examples/*'
    first_cause_is draughts "$dir" depth-off-by-one
}

@test "the heuristic from Bill's side: wrong-player-value" {
    dir=$(hw4 bills-side reference-like)
    put_in "$dir/player.py" 'return heuristic(board, 1 if self.v == "wrong-leaf" else 2)' \
        'return -heuristic(board, 2)'
    chosen "$dir" draughts 'examples/handout-case5' 'examples/opening' 'kings/kings-[0-9]-s1'
    first_cause_is draughts "$dir" wrong-player-value
}

@test "a king counted as one piece at the leaves: king-worth-one (once taken for no-crowning)" {
    dir=$(hw4 king-one wrong-leaf)
    chosen "$dir" draughts 'examples/handout-case5' 'examples/opening' 'kings/kings-[0-9]-s1'
    first_cause_is draughts "$dir" king-worth-one
    run causes "$dir"
    refute_line no-crowning
}

@test "a line of the program's own after each header: extra-lines" {
    dir=$(hw4 chatty reference-like)
    put_in "$dir/player.py" '        self.lines.extend(self.fmt.header(number))' \
        '        self.lines.extend(self.fmt.header(number))
        self.lines.append("board read, searching 4 plies")'
    chosen "$dir" draughts 'examples/*'
    first_cause_is draughts "$dir" extra-lines
}

# bats test_tags=slow
@test "ties at A1 broken toward a later move, bounds included: tie-bound" {
    dir=$(hw4 tie-bound tie-bound)
    chosen "$dir" draughts 'examples/handout-case5' 'examples/opening' 'ties/lategame-1[3-5]?-s1'
    first_cause_is draughts "$dir" tie-bound
}

# bats test_tags=slow
@test "two faults, no crowning and a strict cut: both named" {
    dir=$(hw4 two no-crowning)
    put_in "$dir/player.py" '            return alpha > beta                  # fault: no cut on equality
        return alpha >= beta' '            return alpha > beta
        return alpha > beta'
    chosen "$dir" draughts 'crowning/crowning-[0-9]-s1' 'crowning/crowning-1[0-4]-s1'
    check_and_diagnose draughts "$dir"
    assert_success
    run causes "$dir"
    assert_line no-crowning
    assert_line prune-strict
}
