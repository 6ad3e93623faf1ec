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

/* One decision at the root: every child, left to right (generation
 * order), with its propagated cost, and the index of the one played. */
typedef struct {
    scored_action_t children[MAX_ACTIONS];
    int count;   /* 0 unless SEARCH_FOUND */
    int chosen;  /* on SEARCH_FOUND: the left-most child of the best cost,
                  * black maximising, white minimising */
} search_decision_t;

/* search_score_actions, then the choice among the root's children. The
 * engine plays `children[chosen]`, and --explain reports this same record,
 * so the explanation is of the search that was played, not of a second. */
search_outcome_t search_decide(const board_t *board, colour_t side,
                               int depth, search_decision_t *decision);

/* The chosen action alone, for the tools that link the engine's search
 * (src/corpus/checkers-gen, checkers-bench-games). Inline, so that
 * the engine, which calls search_decide, does not carry it unused. */
static inline search_outcome_t search_next_action(const board_t *board,
                                                  colour_t side, int depth,
                                                  action_t *best)
{
    search_decision_t decision;
    search_outcome_t outcome = search_decide(board, side, depth, &decision);
    if (outcome == SEARCH_FOUND) {
        *best = decision.children[decision.chosen].action;
    }
    return outcome;
}

#endif
