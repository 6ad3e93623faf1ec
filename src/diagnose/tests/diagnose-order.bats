# diagnose-order.bats -- a draughts fault is named under the program's
# own order of moves (src/diagnose/README.md, "Under the program's own
# order"): copies of the HW4 Python test player with a fault planted AND
# their moves in another order than the reference's (each piece's
# destinations up-right first, or every node's moves reversed: the
# handout fixes no order) get that fault first, though the faulted
# reference, in its own order, goes wrong elsewhere and otherwise; the
# correct player in another order gets no cause, even where it fails
# (the strict profile); every other fault's player in another order gets
# its own fault, and no other; lines of the program's own in
# another order are `extra-lines` (its expected lines: the fault's trace
# in that order).

# shellcheck disable=SC2154 # bats sets $output, $status; the lib sets $root

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# shellcheck source=src/diagnose/tests/diagnose-lib.bash
source "$BATS_TEST_DIRNAME/diagnose-lib.bash"

# up_right_first DIR: the player in DIR tries each piece's destinations
# up-right, up-left, down-right, down-left (pieces still in reading order).
up_right_first() {
    put_in "$1/player.py" '            return sorted(moves, key=key)
        return moves' '            return sorted(moves, key=key)
        return sorted(moves, key=lambda m: (m[0], m[1][0], -m[1][1]))'
}

# reversed_order DIR: the player in DIR tries every node's moves in
# reverse reading order, whatever its variant.
reversed_order() {
    put_in "$1/player.py" '        if self.v == "order-reversed":' '        if True:'
}

# running_bound DIR: h= shows the node's running minimum or maximum.
running_bound() {
    put_in "$1/player.py" '            self.lines.append(self.fmt.move_line(ply, move, v))' \
        '            shown = v if v is None else (max(best, v) if alice else min(best, v))
            self.lines.append(self.fmt.move_line(ply, move, shown))'
}

# only_own DIR CODE: every cause DIR's diagnosis names is CODE.
only_own() {
    run causes "$1"
    assert_success
    local code
    for code in "${lines[@]}"; do
        assert_equal "$code" "$2"
    done
}

# bats test_tags=slow
@test "h= the running bound, each piece's moves up-right first: h-running-bound" {
    dir=$(hw4 running-up-right reference-like)
    running_bound "$dir"
    up_right_first "$dir"
    chosen "$dir" draughts 'examples/*' 'midgame/midgame-[0-9]-s1' 'midgame/midgame-2[0-9]-s1'
    first_cause_is draughts "$dir" h-running-bound
    only_own "$dir" h-running-bound
}

# bats test_tags=slow
@test "h= the running bound, every node's moves reversed: h-running-bound" {
    dir=$(hw4 running-reversed order-reversed)
    running_bound "$dir"
    chosen "$dir" draughts 'examples/*' 'midgame/midgame-[0-9]-s1' 'midgame/midgame-2[0-9]-s1'
    first_cause_is draughts "$dir" h-running-bound
    only_own "$dir" h-running-bound
}

@test "a cut only when alpha > beta, each piece's moves up-right first: prune-strict" {
    dir=$(hw4 cut-strict-up-right cut-strict)
    up_right_first "$dir"
    chosen "$dir" draughts 'examples/handout-case5' 'examples/opening' 'pruning/lategame-7?-s1'
    first_cause_is draughts "$dir" prune-strict
    only_own "$dir" prune-strict
}

@test "the search stops after A3, every node's moves reversed: depth-off-by-one" {
    dir=$(hw4 depth-reversed order-reversed)
    put_in "$dir/player.py" '        if ply == 4:
            return heuristic(' '        if ply == 3:
            return heuristic('
    chosen "$dir" draughts 'examples/*'
    first_cause_is draughts "$dir" depth-off-by-one
    only_own "$dir" depth-off-by-one
}

# bats test_tags=slow
@test "the correct player in another order gets no cause, even failing every case (strict)" {
    dir=$(hw4 correct-up-right reference-like)
    up_right_first "$dir"
    chosen "$dir" draughts 'examples/*' 'midgame/midgame-[0-9]-s1'
    check_and_diagnose draughts "$dir" --profile strict
    assert_success
    [[ $(grep -c $'\tfail' "$dir/output/results.tsv") -gt 10 ]] || fail "the player in another order should fail (strict)"
    assert_output ''
    run causes "$dir"
    assert_output ''
}

# other_fault NAME VARIANT CODE GLOB...: the player of VARIANT, its moves
# reversed, on the cases of GLOB: its own fault CODE, and no other.
other_fault() {
    local dir
    dir=$(hw4 "$1" "$2")
    reversed_order "$dir"
    chosen "$dir" draughts "${@:4}"
    first_cause_is draughts "$dir" "$3"
    only_own "$dir" "$3"
}

# bats test_tags=slow
@test "every other fault's player in reverse order gets its own fault, and no other" {
    other_fault no-crowning-reversed no-crowning no-crowning 'crowning/crowning-[0-9]-s1'
    other_fault no-jump-reversed no-mandatory-jump no-forced-jump 'jumps/jumps-[0-9]-s1'
    other_fault king-one-reversed wrong-leaf king-worth-one 'kings/kings-[0-9]-s1'
    other_fault tie-bound-reversed tie-bound tie-bound 'examples/handout-case5' 'ties/lategame-16?-s1'
}

@test "the heuristic from Bill's side, in reverse order: its own fault, and no other" {
    dir=$(hw4 bills-side-reversed order-reversed)
    put_in "$dir/player.py" 'return heuristic(board, 1 if self.v == "wrong-leaf" else 2)' \
        'return -heuristic(board, 2)'
    chosen "$dir" draughts 'examples/handout-case5' 'examples/opening' 'kings/kings-[0-9]-s1'
    first_cause_is draughts "$dir" wrong-player-value
    only_own "$dir" wrong-player-value
}

# bats test_tags=slow
@test "a line of the program's own after each header, every node's moves reversed: extra-lines" {
    dir=$(hw4 chatty-reversed order-reversed)
    put_in "$dir/player.py" '        self.lines.extend(self.fmt.header(number))' \
        '        self.lines.extend(self.fmt.header(number))
        self.lines.append("board read, searching 4 plies")'
    chosen "$dir" draughts 'examples/*' 'midgame/midgame-[0-9]-s1'
    first_cause_is draughts "$dir" extra-lines
    only_own "$dir" extra-lines
}
