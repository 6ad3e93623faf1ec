/* gen_tree.h -- what the depth-3 minimax tree of a position contains.
 *
 * A test oracle for choosing positions worth a case: it walks the same
 * tree as the engine with the engine's rules, counts the nodes whose side
 * to move cannot act at each depth, and asks whether the decision would
 * change if such nodes were costed the wrong way. With the specification's
 * costing its root costs must equal the engine's (search_score_actions);
 * the generator stops if they ever differ. */
#ifndef GEN_TREE_H
#define GEN_TREE_H

#include <stdbool.h>

#include "../../checkers/checkers.h"
#include "../../checkers/search.h"

typedef struct {
    int count;                            /* root actions */
    scored_action_t scored[MAX_ACTIONS];  /* the engine's costs */
    int best;                             /* the left-most best, its index */
    int sharing;                          /* root actions with that cost */
    int stuck[DEFAULT_SEARCH_DEPTH + 1];  /* stuck[d]: nodes at depth d
                                             whose side to move cannot act */
    /* The decision (an index) if the leaves at depth 3 whose side cannot
     * act cost INT_MIN/INT_MAX, and if the stuck nodes at depth 1 and 2
     * cost their plain board cost: both wrong by the specification. */
    int best_if_deep_stuck_lose;
    int best_if_shallow_stuck_plain;
} tree_facts_t;

/* False when `side` cannot act at all. */
bool tree_facts(const board_t *board, colour_t side, tree_facts_t *facts);

#endif
