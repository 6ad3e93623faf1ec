/* order.h -- a test-only hook: the search's children in another
 * program's order.
 *
 * The diagnosis (src/diagnose/README.md, "Under the program's own order")
 * runs a faulted reference in the order of moves a program under test
 * printed, so that both go wrong, if they share the fault, at the same
 * node. Built only with -DDRAUGHTS_MOVE_ORDER_HOOK and src/diagnose/hooks/draughts-order.c (the
 * faulted references are); in a normal build these are empty inline
 * functions, and the engine's order (NOTES.md's) is the only one.
 *
 * With the hook, the environment variable DRAUGHTS_MOVE_ORDER names a
 * file of lines, one a node:
 *
 *     CASE PATH... / MOVE...
 *
 * CASE the case's position in the input (1, 2, ...), PATH the moves from
 * the root to the node (none for the root), then `/` and the node's
 * children in the order wanted; each move is four digits, r1 c1 r2 c2
 * (`5243` is (5,2)=>(4,3)). At a node of the file its moves come in the
 * file's order, and those the file lacks after them in the engine's;
 * every other node keeps the engine's order. Unset: nothing changes. */
#ifndef DRAUGHTS_ORDER_H
#define DRAUGHTS_ORDER_H

#include <stdbool.h>

#include "draughts.h"
#include "moves.h"

#ifdef DRAUGHTS_MOVE_ORDER_HOOK

/* A new case begins: its nodes are read from the file (the next case's
 * position, counted from 1 by these calls), and the root's moves
 * arranged. A file that cannot be read, a line that is not one, or no
 * memory for the nodes: those nodes keep the engine's order. */
void order_start_case(move_list_t *root_moves);

/* The moves of the node reached by `move`, played at `ply` (1..3) from
 * the node whose moves were last arranged at ply - 1 or above it. */
void order_arrange_below(int ply, move_t move, move_list_t *moves);

/* The case's search is over: what order_start_case read is freed. */
void order_end_case(void);

#else

/* A normal build: the engine's order, the calls do nothing. */
static inline void order_start_case(move_list_t *root_moves) { (void)root_moves; }

static inline void order_arrange_below(int ply, move_t move, move_list_t *moves)
{
    (void)ply;
    (void)move;
    (void)moves;
}

static inline void order_end_case(void) {}

#endif

#endif
