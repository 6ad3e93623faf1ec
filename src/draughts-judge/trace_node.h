/* trace_node.h -- the state of the trace walk: where it is in the
 * output, and what it knows of the node whose listing it is reading.
 *
 * Shared by the walk (trace_walk.c), which decides, and the messages of
 * its faults (trace_faults.c), which explain; neither is used elsewhere. */
#ifndef DRAUGHTS_JUDGE_TRACE_NODE_H
#define DRAUGHTS_JUDGE_TRACE_NODE_H

#include <stdbool.h>
#include <stddef.h>

#include "draughts.h"
#include "fault.h"
#include "judge.h"
#include "output_read.h"

typedef struct {
    int alpha;
    int beta;
} bounds_t;

/* Where a node's listing stands. */
typedef enum {
    NODE_OPEN,         /* alpha < beta, and moves remain to be printed */
    NODE_CUT_PENDING,  /* alpha >= beta, moves remain: a pruning line is due */
    NODE_PRUNED,       /* its pruning line was printed: nothing may follow */
    NODE_COMPLETE      /* every move printed: nothing may follow */
} node_state_t;

/* What the last line at a node was, to explain a line that goes deeper. */
typedef enum {
    LAST_NONE,         /* nothing yet */
    LAST_LEAF,         /* a move after which the search stops */
    LAST_INNER,        /* a move whose own node was listed below it */
    LAST_PRUNING
} last_line_t;

typedef struct {
    board_t board;
    int ply;                              /* of the node's moves: 1..4 */
    move_t legal[JUDGE_MAX_MOVES];        /* in reading order */
    int legal_count;
    size_t printed_at[JUDGE_MAX_MOVES];   /* output line; 0: not printed */
    int printed_count;
    bounds_t bounds;                      /* alpha and beta now */
    int best;                             /* the node's value so far */
    /* The last child, and the bounds just before its update, and after it
     * with its value clamped to those (how a fail-hard search sees it). */
    move_t last_move;
    int last_value;
    bounds_t before;
    bounds_t after_clamped;
    node_state_t state;
    last_line_t last_line;
    size_t pruning_line;                  /* NODE_PRUNED: its line number */
} trace_node_t;

typedef struct {
    const program_output_t *output;
    size_t next;            /* the next line to read, an index of lines[] */
    size_t end;             /* the case's end, an index of lines[] */
    int largest_heuristic;  /* beyond it a printed integer is an infinity */
    path_t path;            /* from the root to the node being read */
    fault_t *fault;
} trace_walk_t;

#endif
