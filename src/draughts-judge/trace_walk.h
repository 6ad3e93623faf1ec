/* trace_walk.h -- JUDGE.md's rules 1 to 4, checked along the program's
 * own order of moves.
 *
 * The walk reads a case's trace line by line and replays alpha-beta as
 * the program must have run it: each move line is a child searched, in
 * the order printed, with NOTES.md's update of the node's value, alpha
 * and beta after it. So the checks need no order of moves at all: they
 * ask, at each line, whether the move is legal (1), new at its node (2),
 * whether the search should stop below it and what its h is (3), and
 * whether, after each child, alpha >= beta demands a pruning line listing
 * exactly the moves left, or alpha < beta forbids one (4). */
#ifndef DRAUGHTS_JUDGE_TRACE_WALK_H
#define DRAUGHTS_JUDGE_TRACE_WALK_H

#include <stdbool.h>

#include "draughts.h"
#include "trace_node.h"

/* Reads the root's listing from lines[walk->next] (Alice to move in
 * `root`, which must have a legal move; alpha = -inf, beta = +inf), up
 * to the case's `first move` line or its end. True when it holds no
 * fault: walk->next is then the line that ended it. False when it does:
 * walk->fault is raised at the first one. */
bool trace_walk_root(trace_walk_t *walk, const board_t *root);

#endif
