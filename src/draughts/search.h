/* search.h -- alpha-beta over plies A1..B4, printing the trace as it goes. */
#ifndef DRAUGHTS_SEARCH_H
#define DRAUGHTS_SEARCH_H

#include <stdbool.h>

#include "draughts.h"
#include "output.h"

typedef enum {
    SEARCH_FOUND,        /* root->chosen is Alice's choice */
    SEARCH_NO_MOVE,      /* Alice cannot move: nothing was traced */
    SEARCH_OUT_OF_MEMORY /* the trace so far may be cut anywhere */
} search_outcome_t;

/* A side has at most 4 moves per piece (one per direction: all jumps or
 * all steps) and at most one piece per dark square. */
enum { MAX_MOVES = 4 * (SQUARE_COUNT / 2) };

/* One A1 move as the root's loop saw it. The root is Alice's: its beta
 * stays +inf, and its alpha is the largest value returned so far, so
 * each move is searched with the window (alpha, +inf). By the fail-soft
 * property of NOTES.md's pseudocode (`best` starts at -inf or +inf, not
 * at alpha or beta), the value returned for it is
 *   exact, when it is > alpha (this includes every move searched while
 *     alpha was still -inf, the first move always) or is -inf;
 *   an upper bound (`bound`: the true minimax value is at most `value`),
 *     when -inf < value <= alpha (fail-low): the move cannot beat one
 *     already searched, and the cutoffs below it (at B2 or deeper) left
 *     open by how much.
 * A bound is never chosen and can never beat the choice; exact values can
 * tie with it only at -inf (any later value equal to alpha is a bound). */
typedef struct {
    move_t move;
    int value;   /* returned by the search; only for moves searched */
    bool bound;  /* `value` is an upper bound, not the exact value */
} root_move_t;

/* The root's record: the A1 moves in order, the first `searched` of them
 * searched; after a prune at A1 (a move worth +inf) the rest never were.
 * On SEARCH_FOUND, `chosen` is the index of the first move, which the
 * engine plays and --explain reports from this same record. */
typedef struct {
    root_move_t moves[MAX_MOVES];
    int count;     /* 0 when Alice has no move */
    int searched;
    int chosen;
} search_root_t;

/* Runs NOTES.md's value(initial, 1, -inf, +inf) from `board`, Alice to
 * move, writing every move and pruning line to `output` and filling
 * `root` as the root's loop goes. The choice is the first A1 move of the
 * largest value: root->moves[root->chosen].move. Every allocation is
 * freed before it returns, whatever the outcome. */
search_outcome_t search_first_move(const board_t *board, output_t *output,
                                   search_root_t *root);

#endif
