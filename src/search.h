/* search.h -- the next action by the minimax rule over a malloc'd tree. */
#ifndef SEARCH_H
#define SEARCH_H

#include "checkers.h"

typedef enum {
    SEARCH_FOUND,
    SEARCH_NO_ACTION,    /* the side to move cannot act: it has lost */
    SEARCH_OUT_OF_MEMORY
} search_outcome_t;

/* Builds the tree of every board reachable from `board` in `depth` actions
 * (one node per board, replicated, never shared), costs it by minimax, and
 * frees it. On SEARCH_FOUND, `*best` is the root's left-most best action. */
search_outcome_t search_next_action(const board_t *board, colour_t side,
                                    int depth, action_t *best);

#endif
