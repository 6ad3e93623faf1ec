/* gen_tree.h -- what the depth-3 minimax tree of a position contains.
 *
 * For choosing positions worth a case and saying why in its reason: it
 * walks the tree with the engine's rules, counts the nodes whose side to
 * move cannot act at each depth, and asks whether the decision would
 * change if such nodes were costed the wrong way. It decides nothing the
 * golden holds: what the engine prints is checked by the independent
 * oracle (src/corpus/checkers-oracle). The rule that picks the root action
 * among costs, and the call of the engine's search, are here once for it
 * and for gen_case.c's steps of A and P. */
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

/* The engine's root costs (search_score_actions, depth 3); false when
 * `side` cannot act. Stops the generator when memory runs out. */
bool tree_root_costs(const board_t *board, colour_t side,
                     scored_action_t scored[MAX_ACTIONS], int *count);

/* The index of the left-most best of `count` root costs, by the
 * specification's rule (black maximises, white minimises, the first of
 * equals wins); `*sharing`, unless NULL, gets how many have that cost. */
int leftmost_best(const int costs[], int count, colour_t side, int *sharing);

/* What a node at depth 1 or 2 whose side to move cannot act costs:
 * INT_MIN for black, INT_MAX for white. */
int lost_for(colour_t side);

#endif
