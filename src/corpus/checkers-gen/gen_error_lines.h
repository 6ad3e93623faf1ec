/* gen_error_lines.h -- input lines built to fail with one chosen error.
 *
 * Each builder looks at the board and writes a line that, by the
 * specification, fails with its error and no earlier one: several builders
 * deliberately also break a later check (source empty and target occupied
 * must still be error 3), which pins the order of the six checks. */
#ifndef GEN_ERROR_LINES_H
#define GEN_ERROR_LINES_H

#include <stdbool.h>

#include "../../checkers/checkers.h"
#include "../gen-common/gen_random.h"

typedef struct {
    const board_t *board;
    colour_t side;            /* to move */
    int last_source;          /* cells of the previous action, or -1 */
    int last_target;
    int focus;                /* a cell to involve when it fits, or -1 */
    rng_t *rng;
    char line[64];            /* out: the input line */
    char what[240];           /* out: what is wrong with it, for the reason */
} error_try_t;

/* Fills the attempt's `line` or `what`, cut to fit, e.g.
 * WRITE(line, "%s-%s", source, target); needs <stdio.h> and an attempt t. */
#define WRITE(field, ...) snprintf(t->field, sizeof t->field, __VA_ARGS__)

/* What a builder needs that a game's first line, or its first ten
 * actions, do not have. */
typedef enum {
    NEEDS_NOTHING,
    NEEDS_HISTORY,  /* an earlier action, or pieces that have advanced */
    NEEDS_TOWER
} builder_needs_t;

typedef struct {
    action_error_t error;
    const char *slug;         /* part of the case name */
    bool (*build)(error_try_t *attempt);  /* false: impossible here */
    builder_needs_t needs;
} error_builder_t;

/* Every builder, errors 1 to 6 in order: index 0 .. error_builder_count()
 * - 1. The tables live in gen_bad_cells.c (errors 1-3), gen_bad_actions.c
 * (4, 5) and gen_illegal_actions.c (6). */
int error_builder_count(void);
const error_builder_t *error_builder(int index);

extern const error_builder_t BAD_CELL_BUILDERS[], BAD_ACTION_BUILDERS[],
    ILLEGAL_ACTION_BUILDERS[];
extern const int BAD_CELL_BUILDER_COUNT, BAD_ACTION_BUILDER_COUNT,
    ILLEGAL_ACTION_BUILDER_COUNT;

#endif
