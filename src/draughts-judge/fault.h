/* fault.h -- the first fault found in a program's output, as the judge
 * will report it: where it is, the path of the node it belongs to, what
 * the handout requires there and what the rules give there.
 *
 * Only the first fault in output order is ever reported, so a check
 * raises it and stops; nothing is raised twice. */
#ifndef DRAUGHTS_JUDGE_FAULT_H
#define DRAUGHTS_JUDGE_FAULT_H

#include <stdbool.h>

#include "draughts.h"
#include "judge.h"
#include "text.h"

/* The moves from the root to a node: moves[i] was played at ply i + 1. */
typedef struct {
    move_t moves[LAST_PLY];
    int length;
} path_t;

typedef struct {
    bool raised;
    /* The line at fault; NULL for the end of the output. */
    const output_line_t *line;
    /* The fault is that something is missing before `line`, where the
     * listing of a node (or of a case) ends. */
    bool ends_listing;
    bool has_path;
    path_t path;
    text_t required;  /* what the handout requires there */
    text_t found;     /* what the rules give there, and what was printed */
} fault_t;

void fault_init(fault_t *fault);

void fault_release(fault_t *fault);

/* Raises `fault` at `line` for the node at `path` (NULL: the fault is the
 * case's, not a node's); the caller then fills `required` and `found`. */
void fault_raise(fault_t *fault, const output_line_t *line,
                 const path_t *path);

/* Raises a format fault: `line` (LINE_MALFORMED) has no known shape. */
void fault_raise_format(fault_t *fault, const output_line_t *line,
                        const path_t *path);

#endif
