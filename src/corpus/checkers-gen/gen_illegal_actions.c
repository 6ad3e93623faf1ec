/* gen_illegal_actions.c -- lines that fail as actions: error 6.
 *
 * The source holds a piece or tower of the side to move and the target is
 * an empty cell on the board, so only the rules can reject the line: a
 * piece going backward, a jump without a capture, a move off the
 * diagonals, a tower going two cells at once. */
#include "gen_error_lines.h"

#include <stdio.h>

#include "gen_cells.h"
#include "gen_game.h"

static bool piece_backward_step(const error_try_t *t, pair_t pair)
{
    int rows = cell_row(pair.target) - cell_row(pair.source);
    return !may_go(t, pair.source, rows) && target_empty(t, pair);
}

bool piece_steps_backward(error_try_t *t)
{
    return build_pair(t, own(t) & ~t->board->towers, DIAGONAL_1,
                      DIAGONAL_1_COUNT, piece_backward_step,
                      ": a piece moving backward");
}

static bool piece_backward_jump(const error_try_t *t, pair_t pair)
{
    return piece_backward_step(t, pair) &&
           holds(opponents(t), (pair.source + pair.target) / 2);
}

bool piece_captures_backward(error_try_t *t)
{
    return build_pair(t, own(t) & ~t->board->towers, DIAGONAL_2,
                      DIAGONAL_2_COUNT, piece_backward_jump,
                      ": a piece capturing backward");
}

static bool jump_over_empty_cell(const error_try_t *t, pair_t pair)
{
    int rows = cell_row(pair.target) - cell_row(pair.source);
    return may_go(t, pair.source, rows) && target_empty(t, pair) &&
           !holds(occupied(t), (pair.source + pair.target) / 2);
}

bool jumps_over_empty(error_try_t *t)
{
    return build_pair(t, own(t), DIAGONAL_2, DIAGONAL_2_COUNT,
                      jump_over_empty_cell,
                      ": two steps at once, over an empty cell");
}

static bool jump_over_own_piece(const error_try_t *t, pair_t pair)
{
    int rows = cell_row(pair.target) - cell_row(pair.source);
    return may_go(t, pair.source, rows) && target_empty(t, pair) &&
           holds(own(t), (pair.source + pair.target) / 2);
}

bool jumps_over_own(error_try_t *t)
{
    return build_pair(t, own(t), DIAGONAL_2, DIAGONAL_2_COUNT,
                      jump_over_own_piece,
                      ": a jump over its own side's piece");
}

bool moves_straight(error_try_t *t)
{
    return build_pair(t, own(t), STRAIGHT_2, STRAIGHT_2_COUNT, target_empty,
                      ": along a row or column, not diagonally");
}

bool moves_to_light_cell(error_try_t *t)
{
    return build_pair(t, own(t), STRAIGHT_1, STRAIGHT_1_COUNT, target_empty,
                      ": one step sideways or straight, onto a light cell");
}

bool moves_like_a_knight(error_try_t *t)
{
    return build_pair(t, own(t), KNIGHT, KNIGHT_COUNT, target_empty,
                      ": a knight's move");
}

bool moves_far_diagonally(error_try_t *t)
{
    return build_pair(t, own(t), LONG_DIAGONAL, LONG_DIAGONAL_COUNT,
                      target_empty, ": three or more cells along a diagonal");
}

bool tower_jumps_without_capture(error_try_t *t)
{
    pair_t pair;
    uint64_t towers = own(t) & t->board->towers;
    if (!pick_pair(t, towers, DIAGONAL_2, DIAGONAL_2_COUNT,
                   jump_over_empty_cell, &pair) &&
        !pick_pair(t, towers, DIAGONAL_2, DIAGONAL_2_COUNT,
                   jump_over_own_piece, &pair)) {
        return false;
    }
    write_pair(t, pair, ": a tower jumping without capturing");
    return true;
}
