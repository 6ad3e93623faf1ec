/* search.h -- the next action by the minimax rule over a malloc'd tree. */
#ifndef SEARCH_H
#define SEARCH_H

#include "checkers.h"

typedef enum {
    SEARCH_FOUND,
    SEARCH_NO_ACTION,    /* the side to move cannot act: it has lost */
    SEARCH_OUT_OF_MEMORY
} search_outcome_t;

/* A root action and the minimax cost propagated to the board it leads to. */
typedef struct {
    action_t action;
    int cost;
} scored_action_t;

/* Builds the tree of every board reachable from `board` in `depth` actions
 * (one node per board, replicated, never shared), costs it by minimax,
 * lists every child of the root left to right (generation order) with its
 * cost, and frees the tree. `*count` is 0 unless SEARCH_FOUND. Exposed so
 * that tests can see ties and INT_MIN/INT_MAX costs at the root. */
search_outcome_t search_score_actions(const board_t *board, colour_t side,
                                      int depth,
                                      scored_action_t scored[MAX_ACTIONS],
                                      int *count);

/* The root's left-most best action by search_score_actions: black
 * maximises, white minimises. On SEARCH_FOUND, `*best` is that action. */
search_outcome_t search_next_action(const board_t *board, colour_t side,
                                    int depth, action_t *best);

#endif
