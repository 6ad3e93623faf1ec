/* board.h -- the starting position, what a cell holds, and board cost. */
#ifndef BOARD_H
#define BOARD_H

#include "checkers.h"

board_t board_initial(void);

/* '.', 'b', 'w', 'B' or 'W', as printed. */
char board_symbol(const board_t *board, int cell);

/* Pieces plus towers of one colour. */
int board_count(const board_t *board, colour_t colour);

/* b + 3B - w - 3W. */
int board_cost(const board_t *board);

#endif
