/* action_check.h -- the six checks an input action must pass. */
#ifndef ACTION_CHECK_H
#define ACTION_CHECK_H

#include "checkers.h"
#include "input_line.h"

/* The first of the six errors that applies to `typed` when `side` is to
 * move, in the specification's order, or ACTION_OK with `*action` set. */
action_error_t action_check(const board_t *board, colour_t side,
                            const typed_action_t *typed, action_t *action);

#endif
