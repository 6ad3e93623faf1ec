/* trace.h -- the lines of a case's output, in NOTES.md's exact format.
 *
 *   case 4
 *   A1: (1,0)=>(0,1).
 *   |-|-|-B4: (6,1)=>(7,0); h=0.
 *   |-|-|-B4: pruning (6,1)=>(7,2); alpha=0, beta=0.
 *   first move: (1,0)=>(0,1).
 */
#ifndef DRAUGHTS_TRACE_H
#define DRAUGHTS_TRACE_H

#include <stdbool.h>

#include "draughts.h"
#include "output.h"

enum { MOVE_TEXT_SIZE = sizeof "(r,c)=>(r,c)" };

/* "(r1,c1)=>(r2,c2)", as every line here writes a move, NUL-terminated. */
void trace_move_text(move_t move, char text[MOVE_TEXT_SIZE]);

void trace_case_header(output_t *output, long number);

/* A move at `ply` (1..4); "; h=worth" is added when `has_worth`. */
void trace_move(output_t *output, int ply, move_t move, bool has_worth,
                int worth);

/* The `count` moves that alpha-beta skips at `ply`, and the node's alpha
 * and beta after the update that pruned them. */
void trace_pruning(output_t *output, int ply, const move_t *skipped,
                   int count, int alpha, int beta);

/* "first move: none." when `move` is NULL. */
void trace_first_move(output_t *output, const move_t *move);

#endif
