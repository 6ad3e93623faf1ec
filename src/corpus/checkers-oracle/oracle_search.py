"""Minimax of depth three for the checkers oracle.

Written from the handout (shared/spec/assignment.txt) and NOTES.md alone.

The tree is not stored: each node's value is computed recursively, which
visits the same (replicated, unshared) boards the spec's tree holds, in the
same order. The last level does not build leaf boards at all: a leaf's cost
is its parent's cost plus the change the action makes.
"""

from typing import Optional

from oracle_rules import (BLACK, Action, apply_action, board_cost,
                          cost_change, legal_actions)

# <limits.h> for a 32-bit int, which the spec's INT_MIN and INT_MAX name.
INT_MIN = -2**31
INT_MAX = 2**31 - 1
SEARCH_DEPTH = 3


def _stuck_value(side: int) -> int:
    """A board at depth 1 or 2 whose side to move has no action costs
    INT_MIN when black is to move there, INT_MAX when white is."""
    return INT_MIN if side == BLACK else INT_MAX


def _best(values, side: int) -> int:
    """Black maximise the cost, white minimise it."""
    return max(values) if side == BLACK else min(values)


def _node_value(board: tuple, side: int, cost: int, depth_left: int) -> int:
    """Propagated cost of a non-root node whose side to move is `side`,
    `depth_left` levels above the leaves (depth 3)."""
    if depth_left == 0:
        # NOTES.md: leaves cost the board cost, even when stuck.
        return cost
    actions = legal_actions(board, side)
    if not actions:
        return _stuck_value(side)
    if depth_left == 1:
        return _best((cost + cost_change(board, action) for action in actions),
                     side)
    return _best((_node_value(apply_action(board, action), 1 - side,
                              cost + cost_change(board, action), depth_left - 1)
                  for action in actions), side)


def next_action(board: tuple, side: int) -> Optional[Action]:
    """The action minimax picks for `side`, or None when it has none.
    At the root the left-most child with the best value wins ties, hence
    the strict comparison."""
    actions = legal_actions(board, side)
    cost = board_cost(board)
    chosen, chosen_value = None, None
    for action in actions:
        value = _node_value(apply_action(board, action), 1 - side,
                            cost + cost_change(board, action), SEARCH_DEPTH - 1)
        better = (chosen_value is None
                  or (value > chosen_value if side == BLACK
                      else value < chosen_value))
        if better:
            chosen, chosen_value = action, value
    return chosen
