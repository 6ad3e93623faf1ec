/* rules.h -- which actions are legal, and what an action does.
 *
 * The one generator of legal actions: input validation and the search both
 * call rules_legal_actions, so they can never disagree about the rules. */
#ifndef RULES_H
#define RULES_H

#include "checkers.h"

/* Fills `actions` with every legal action of `side`, in the specification's
 * order: cells in row-major order, and for each piece or tower the
 * directions north-east, south-east, south-west, north-west. Returns how
 * many there are (0 when `side` cannot act). */
int rules_legal_actions(const board_t *board, colour_t side,
                        action_t actions[MAX_ACTIONS]);

/* Plays a legal action: moves the piece or tower, removes a captured one,
 * and promotes a piece that ends on its far row. Returns how much the
 * action changed the board cost, so the search can cost a board without
 * counting its pieces. */
int rules_apply(board_t *board, action_t action);

#endif
