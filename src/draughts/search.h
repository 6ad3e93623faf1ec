/* search.h -- alpha-beta over plies A1..B4, printing the trace as it goes. */
#ifndef DRAUGHTS_SEARCH_H
#define DRAUGHTS_SEARCH_H

#include <stdbool.h>

#include "draughts.h"
#include "output.h"

typedef enum {
    SEARCH_FOUND,        /* *first_move is Alice's choice */
    SEARCH_NO_MOVE,      /* Alice cannot move: nothing was traced */
    SEARCH_OUT_OF_MEMORY /* the trace so far may be cut anywhere */
} search_outcome_t;

/* Runs NOTES.md's value(initial, 1, -inf, +inf) from `board`, Alice to
 * move, writing every move and pruning line to `output`. The choice is the
 * first A1 move of the largest value. Every allocation is freed before it
 * returns, whatever the outcome. */
search_outcome_t search_first_move(const board_t *board, output_t *output,
                                   move_t *first_move);

#endif
