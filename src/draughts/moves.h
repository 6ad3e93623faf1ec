/* moves.h -- which moves are legal, and what a move does.
 *
 * The one generator of legal moves: the search's children, its terminal
 * test and its pruning lists all come from moves_list, so they can never
 * disagree about the rules or about the order. */
#ifndef DRAUGHTS_MOVES_H
#define DRAUGHTS_MOVES_H

#include <stdbool.h>

#include "draughts.h"

/* The legal moves of one position, in order; `moves` is owned and NULL
 * when `count` is 0. */
typedef struct {
    move_t *moves;
    int count;
} move_list_t;

/* Stores every legal move of `side` in `moves`, when it is not NULL, in
 * NOTES.md's order: jumps only if there is any jump, else steps; pieces in
 * reading order, and each piece's destinations up-left, up-right,
 * down-left, down-right. Returns how many there are. */
int moves_list(const board_t *board, side_t side, move_t *moves);

/* moves_list into a list of exactly the right size; false when memory is
 * exhausted, and then `list` owns nothing. */
bool moves_generate(const board_t *board, side_t side, move_list_t *list);

void moves_release(move_list_t *list);

/* Plays a legal move: moves the piece, removes a jumped one, and crowns a
 * man that ends on its far row. */
void moves_apply(board_t *board, move_t move);

#endif
