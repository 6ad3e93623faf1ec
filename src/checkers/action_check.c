/* action_check.c -- the six checks an input action must pass. */
#include "action_check.h"

#include "rules.h"

/* Typed rows count from 1; columns are already indices from 'A'. */
static bool inside_board(int col, int row)
{
    return col < BOARD_SIZE && row >= 1 && row <= BOARD_SIZE;
}

static bool is_legal(const board_t *board, colour_t side, action_t action)
{
    action_t legal[MAX_ACTIONS];
    int count = rules_legal_actions(board, side, legal);
    for (int i = 0; i < count; i++) {
        if (legal[i].source == action.source &&
            legal[i].target == action.target) {
            return true;
        }
    }
    return false;
}

action_error_t action_check(const board_t *board, colour_t side,
                            const typed_action_t *typed, action_t *action)
{
    if (!inside_board(typed->source_col, typed->source_row)) {
        return ERROR_SOURCE_OUTSIDE;
    }
    if (!inside_board(typed->target_col, typed->target_row)) {
        return ERROR_TARGET_OUTSIDE;
    }
    action->source = (uint8_t)cell_at(typed->source_row - 1, typed->source_col);
    action->target = (uint8_t)cell_at(typed->target_row - 1, typed->target_col);
    uint64_t occupied = board->occupied_by[BLACK] | board->occupied_by[WHITE];
    if ((occupied & cell_bit(action->source)) == 0) {
        return ERROR_SOURCE_EMPTY;
    }
    if (occupied & cell_bit(action->target)) {
        return ERROR_TARGET_NOT_EMPTY;
    }
    if (board->occupied_by[opponent_of(side)] & cell_bit(action->source)) {
        return ERROR_OPPONENTS_PIECE;
    }
    if (!is_legal(board, side, *action)) {
        return ERROR_ILLEGAL_ACTION;
    }
    return ACTION_OK;
}
