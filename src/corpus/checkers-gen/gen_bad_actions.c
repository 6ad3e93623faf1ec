/* gen_bad_actions.c -- lines that fail on the cells' contents: errors 4, 5.
 *
 * As in gen_bad_cells.c, `what` names the cells and what they hold, and
 * which later checks the line would also fail. */
#include "gen_error_lines.h"

#include <stdio.h>

#include "../../checkers/rules.h"
#include "gen_cells.h"
#include "gen_game.h"

/* ---- error 4: the target cell is not empty ---- */

static bool target_holds_own(const error_try_t *t, pair_t pair)
{
    return holds(own(t), pair.target);
}

static bool target_holds_opponent(const error_try_t *t, pair_t pair)
{
    return holds(opponents(t), pair.target);
}

static bool target_occupied(const error_try_t *t, pair_t pair)
{
    return holds(occupied(t), pair.target);
}


bool step_onto_own(error_try_t *t)
{
    return build_pair(t, own(t), DIAGONAL_1, DIAGONAL_1_COUNT,
                      target_holds_own, "");
}

bool step_onto_opponent(error_try_t *t)
{
    return build_pair(t, own(t), DIAGONAL_1, DIAGONAL_1_COUNT,
                      target_holds_opponent,
                      " (a step onto it, not a jump over it)");
}

bool tower_onto_occupied(error_try_t *t)
{
    return build_pair(t, own(t) & t->board->towers, DIAGONAL_1,
                      DIAGONAL_1_COUNT, target_occupied, "");
}

bool opponent_source_occupied_target(error_try_t *t)
{
    int source = pick_cell(t, opponents(t));
    int target = pick_cell(t, occupied(t) & ~bit_of(source));
    if (source < 0 || target < 0) {
        return false;
    }
    write_pair(t, (pair_t){source, target},
               ": error 4 comes before error 5 (opponent's source)");
    return true;
}

bool same_occupied_cell(error_try_t *t)
{
    return build_same_cell(t, occupied(t), true);
}

bool far_occupied_target(error_try_t *t)
{
    int source = pick_cell(t, own(t));
    if (source < 0) {
        return false;
    }
    uint64_t near = 0;
    for (int d = 0; d < DIAGONAL_1_COUNT; d++) {
        int cells[] = {offset_cell(source, DIAGONAL_1[d][0], DIAGONAL_1[d][1]),
                       offset_cell(source, DIAGONAL_2[d][0], DIAGONAL_2[d][1])};
        for (int i = 0; i < 2; i++) {
            near |= cells[i] >= 0 ? cell_bit(cells[i]) : 0;
        }
    }
    int target = pick_cell(t, occupied(t) & ~near & ~cell_bit(source));
    if (target < 0) {
        return false;
    }
    write_pair(t, (pair_t){source, target},
               " and is no action's reach: error 4 comes before error 6");
    return true;
}

static bool jump_landing_occupied(const error_try_t *t, pair_t pair)
{
    int middle = (pair.source + pair.target) / 2;
    int rows = cell_row(pair.target) - cell_row(pair.source);
    return holds(opponents(t), middle) && holds(occupied(t), pair.target) &&
           may_go(t, pair.source, rows);
}

bool capture_landing_occupied(error_try_t *t)
{
    return build_pair(t, own(t), DIAGONAL_2, DIAGONAL_2_COUNT,
                      jump_landing_occupied,
                      ": a jump over the opponent's piece to a taken cell");
}

bool onto_tower(error_try_t *t)
{
    int source = pick_cell(t, own(t));
    int target = pick_cell(t, t->board->towers & ~bit_of(source));
    if (source < 0 || target < 0) {
        return false;
    }
    write_pair(t, (pair_t){source, target}, "");
    return true;
}

/* ---- error 5: the source cell holds the opponent's piece or tower ---- */


bool opponent_legal_action(error_try_t *t)
{
    action_t legal[MAX_ACTIONS];
    int count = rules_legal_actions(t->board, opponent_of(t->side), legal);
    int chosen = -1, focused = 0;
    for (int i = 0; i < count; i++) {
        if (legal[i].source == t->focus && rng_below(t->rng, ++focused) == 0) {
            chosen = i;
        }
    }
    if (count == 0) {
        return false;
    }
    if (chosen < 0) {
        chosen = rng_below(t->rng, count);
    }
    write_pair(t, (pair_t){legal[chosen].source, legal[chosen].target},
               ": legal for the opponent, but it is not their turn");
    return true;
}

bool opponent_tower(error_try_t *t)
{
    return build_pair(t, opponents(t) & t->board->towers, DIAGONAL_1,
                      DIAGONAL_1_COUNT, target_empty, "");
}

bool opponent_illegal_action(error_try_t *t)
{
    return build_pair(t, opponents(t), LONG_DIAGONAL, LONG_DIAGONAL_COUNT,
                      target_empty,
                      ", illegal for anyone: error 5 comes before error 6");
}

bool piece_just_moved(error_try_t *t)
{
    if (t->last_target < 0) {
        return false;
    }
    error_try_t focused = *t;
    focused.focus = t->last_target;
    pair_t pair;
    if (!pick_pair(&focused, cell_bit(t->last_target), DIAGONAL_1,
                   DIAGONAL_1_COUNT, target_empty, &pair)) {
        return false;
    }
    write_pair(t, pair, ", the opponent's piece that moved last");
    return true;
}

static bool opponent_piece_our_way(const error_try_t *t, pair_t pair)
{
    int rows = cell_row(pair.target) - cell_row(pair.source);
    bool our_forward = t->side == BLACK ? rows < 0 : rows > 0;
    return our_forward && target_empty(t, pair);
}

bool opponent_piece_forward_for_us(error_try_t *t)
{
    return build_pair(t, opponents(t) & ~t->board->towers, DIAGONAL_1,
                      DIAGONAL_1_COUNT, opponent_piece_our_way,
                      ", in the direction the side to move goes");
}
