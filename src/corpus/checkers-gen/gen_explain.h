/* gen_explain.h -- what a position's minimax tree holds, in words.
 *
 * The reasons of next-action and play cases say concretely what the case
 * pins: which root actions tie, which ones meet a side that cannot act,
 * and what a wrong costing rule would have played instead. */
#ifndef GEN_EXPLAIN_H
#define GEN_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "gen_game.h"
#include "gen_tree.h"

/* What makes a position worth an A or P case. */
typedef enum {
    FEATURE_ANY,
    FEATURE_TIE_NOT_FIRST,  /* several root actions share the best cost, and
                               the left-most of them is not the first */
    FEATURE_TIE_MANY,       /* three or more share it */
    FEATURE_WIN_AT_DEPTH_1, /* a root action leaves the opponent no action */
    FEATURE_LOSS_AT_DEPTH_2,          /* ... the opponent can reply so that
                                         the side to move has none */
    FEATURE_LOSS_AT_DEPTH_2_DECISIVE, /* and costing that plainly would
                                         change the decision */
    FEATURE_STUCK_AT_DEPTH_3,         /* leaves whose side cannot act */
    FEATURE_STUCK_AT_DEPTH_3_DECISIVE,
    FEATURE_TOWERS_BOTH,    /* both sides have towers */
    FEATURE_TOWERS_ONE,     /* exactly one side has towers */
    FEATURE_CAPTURE_CHOICE, /* captures and moves to choose from */
    FEATURE_ONE_ACTION      /* a single legal action */
} feature_t;

bool feature_present(feature_t feature, const board_t *board,
                     const tree_facts_t *facts);

/* Writes the sentence for `feature` about this position and side. */
void explain_feature(feature_t feature, const board_t *board, colour_t side,
                     const tree_facts_t *facts, char *text, size_t size);

#endif
