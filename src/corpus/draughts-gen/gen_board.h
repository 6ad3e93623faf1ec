/* gen_board.h -- building boards: the standard opening, random placements,
 * and a board's eight text lines. Boards are the engine's board_t, so the
 * engine's own moves_list and moves_apply can play on them. */
#ifndef GEN_BOARD_H
#define GEN_BOARD_H

#include <stdbool.h>

#include "../../draughts/draughts.h"
#include "../gen-common/gen_random.h"
#include "../gen-common/gen_text.h"

enum { MOVES_MAX = 128 };  /* 32 pieces x 4 directions bounds any list */

void board_clear(board_t *board);
/* Alice's 12 men on rows 5-7, Bill's on rows 0-2. */
void board_opening(board_t *board);
/* Puts `piece` on a random empty dark square of rows row_min..row_max;
 * false when 40 tries found none. */
bool board_place(board_t *board, rng_t *rng, piece_t piece, int row_min,
                 int row_max);
/* Places `count` pieces, men kept off their own crowning row. */
void board_scatter(board_t *board, rng_t *rng, piece_t piece, int count);
int board_count(const board_t *board, side_t side);
int board_count_piece(const board_t *board, piece_t piece);
/* Row `row` as its 8 bytes, NUL-terminated. */
void board_row_text(const board_t *board, int row, char line[9]);
/* `header` then the 8 rows, each line ended by "\n". */
void board_add_case(text_t *text, const char *header, const board_t *board);
/* Plays `plies` random legal moves, Alice first; stops early when the side
 * to move has none. Returns the plies played. */
int board_play_random(board_t *board, rng_t *rng, int plies);

#endif
