/* trace_faults.h -- the faults of the trace walk, in the game's terms.
 *
 * trace_walk.c decides that a line is at fault; each function here raises
 * that fault in walk->fault, at the node the walk is reading, and says
 * what the handout requires there and what the rules give there. */
#ifndef DRAUGHTS_JUDGE_TRACE_FAULTS_H
#define DRAUGHTS_JUDGE_TRACE_FAULTS_H

#include "rules.h"
#include "trace_node.h"

/* What is wrong with a pruning line's list of moves. */
typedef enum {
    PRUNED_NOT_LEGAL,        /* `printed` is no legal move of the node */
    PRUNED_ALREADY_SEARCHED, /* legal[index] was printed above */
    PRUNED_TWICE,            /* legal[index] is listed twice */
    PRUNED_MISSING           /* legal[index] is neither printed nor listed */
} pruned_problem_t;

void trace_fault_illegal(const trace_walk_t *walk, const trace_node_t *node,
                         const output_line_t *line);

void trace_fault_repeated(const trace_walk_t *walk, const trace_node_t *node,
                          const output_line_t *line, int index);

/* At a move line (`line` plays one), or where the node's listing ends
 * (`ends`), while a pruning line is due. */
void trace_fault_cut_due(const trace_walk_t *walk, const trace_node_t *node,
                         const output_line_t *line, bool ends);

void trace_fault_cut_forbidden(const trace_walk_t *walk,
                               const trace_node_t *node,
                               const output_line_t *line);

void trace_fault_nothing_to_prune(const trace_walk_t *walk,
                                  const trace_node_t *node,
                                  const output_line_t *line);

void trace_fault_after_pruning(const trace_walk_t *walk,
                               const trace_node_t *node,
                               const output_line_t *line);

void trace_fault_pruned_list(const trace_walk_t *walk,
                             const trace_node_t *node,
                             const output_line_t *line,
                             pruned_problem_t problem, int index,
                             printed_move_t printed);

void trace_fault_bounds(const trace_walk_t *walk, const trace_node_t *node,
                        const output_line_t *line);

/* The node's listing ends at `line` (NULL: the end of the output) with
 * moves neither printed nor pruned. */
void trace_fault_missing_moves(const trace_walk_t *walk,
                               const trace_node_t *node,
                               const output_line_t *line);

/* `line` is deeper than the node being read. */
void trace_fault_deeper(const trace_walk_t *walk, const trace_node_t *node,
                        const output_line_t *line);

/* The h of the move on `line`, which reaches `reached`. */
void trace_fault_h(const trace_walk_t *walk, const trace_node_t *node,
                   const output_line_t *line, const board_t *reached,
                   after_move_t after);

#endif
