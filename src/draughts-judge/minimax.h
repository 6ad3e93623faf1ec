/* minimax.h -- the exact four-ply minimax value of Alice's first moves.
 *
 * JUDGE.md, rule 5: the first move must have the largest EXACT value,
 * computed with no pruning. Alpha-beta returns some values only as
 * bounds, and a program that breaks ties toward a later move can pick a
 * move whose bound ties with the best while its exact value is lower; so
 * this search is plain minimax over every line of play, independent of
 * any program's order and of the trace walk. */
#ifndef DRAUGHTS_JUDGE_MINIMAX_H
#define DRAUGHTS_JUDGE_MINIMAX_H

#include "draughts.h"

/* The exact value of playing `move` (one of Alice's legal moves) at A1
 * from `root`; MINUS_INFINITY or PLUS_INFINITY when a side loses. */
int minimax_root_move_value(const board_t *root, move_t move);

#endif
