/* minimax.c -- the exact four-ply minimax value of Alice's first moves. */
#include "minimax.h"

#include "judge.h"
#include "moves.h"
#include "rules.h"

/* The value of `reached`, the position right after a move at `ply`. */
static int value_after_move(const board_t *reached, int ply)
{
    after_move_t after = rules_after_move(reached, ply);
    if (after.search_stops) {
        return after.worth;
    }
    int next_ply = ply + 1;
    bool alice = side_at_ply(next_ply) == ALICE;
    move_t moves[JUDGE_MAX_MOVES];
    int count = rules_legal_moves(reached, side_at_ply(next_ply), moves);
    int best = alice ? MINUS_INFINITY : PLUS_INFINITY;
    for (int index = 0; index < count; index++) {
        board_t next = *reached;
        moves_apply(&next, moves[index]);
        int value = value_after_move(&next, next_ply);
        if (alice ? value > best : value < best) {
            best = value;
        }
    }
    return best;
}

int minimax_root_move_value(const board_t *root, move_t move)
{
    board_t reached = *root;
    moves_apply(&reached, move);
    return value_after_move(&reached, 1);
}
