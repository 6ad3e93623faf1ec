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
 * - 1 (the table is gen_errors.c's). */
int error_builder_count(void);
const error_builder_t *error_builder(int index);

/* The builders; each returns false when the board offers it no line. */
/* gen_bad_cells.c: errors 1-3, on the cells named. */
bool source_column_right_of_h(error_try_t *t),
    source_row_outside(error_try_t *t),
    both_cells_outside(error_try_t *t),
    legal_target_outside_source(error_try_t *t),
    source_outside_target_occupied(error_try_t *t),
    own_piece_off_the_edge(error_try_t *t),
    own_tower_off_the_edge(error_try_t *t),
    own_source_target_outside(error_try_t *t),
    empty_source_target_outside(error_try_t *t),
    opponent_source_target_outside(error_try_t *t),
    empty_dark_source(error_try_t *t),
    light_source(error_try_t *t),
    empty_source_occupied_target(error_try_t *t),
    empty_source_same_target(error_try_t *t),
    previous_line_again(error_try_t *t),
    captured_cell_source(error_try_t *t),
    empty_source_tower_target(error_try_t *t);
/* gen_bad_actions.c: errors 4 and 5, on what the cells hold. */
bool step_onto_own(error_try_t *t),
    step_onto_opponent(error_try_t *t),
    tower_onto_occupied(error_try_t *t),
    opponent_source_occupied_target(error_try_t *t),
    same_occupied_cell(error_try_t *t),
    far_occupied_target(error_try_t *t),
    capture_landing_occupied(error_try_t *t),
    onto_tower(error_try_t *t),
    opponent_legal_action(error_try_t *t),
    opponent_tower(error_try_t *t),
    opponent_illegal_action(error_try_t *t),
    piece_just_moved(error_try_t *t),
    opponent_piece_forward_for_us(error_try_t *t);
/* gen_illegal_actions.c: error 6, on the rules. */
bool piece_steps_backward(error_try_t *t),
    piece_captures_backward(error_try_t *t),
    jumps_over_empty(error_try_t *t),
    jumps_over_own(error_try_t *t),
    moves_straight(error_try_t *t),
    moves_to_light_cell(error_try_t *t),
    moves_like_a_knight(error_try_t *t),
    moves_far_diagonally(error_try_t *t),
    tower_jumps_without_capture(error_try_t *t);

#endif
