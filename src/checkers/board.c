/* board.c -- the starting position, what a cell holds, and board cost. */
#include "board.h"

/* Dark cells of rows 1-3 (white) and rows 6-8 (black): a row's dark cells
 * are the odd columns when the row index is even, and vice versa. */
enum { START_ROWS = 3 };

static uint64_t dark_cells_of_rows(int first_row, int last_row)
{
    uint64_t mask = 0;
    for (int row = first_row; row <= last_row; row++) {
        for (int col = 0; col < BOARD_SIZE; col++) {
            if ((row + col) % 2 == 1) {
                mask |= cell_bit(cell_at(row, col));
            }
        }
    }
    return mask;
}

board_t board_initial(void)
{
    board_t board = {
        .occupied_by = {
            [BLACK] = dark_cells_of_rows(BOARD_SIZE - START_ROWS,
                                         BOARD_SIZE - 1),
            [WHITE] = dark_cells_of_rows(0, START_ROWS - 1),
        },
    };
    return board;
}

char board_symbol(const board_t *board, int cell)
{
    uint64_t bit = cell_bit(cell);
    int tower = (board->towers & bit) != 0;
    if (board->occupied_by[BLACK] & bit) {
        return tower ? 'B' : 'b';
    }
    if (board->occupied_by[WHITE] & bit) {
        return tower ? 'W' : 'w';
    }
    return '.';
}

/* Portable population count (SWAR); the compiler builtin would call a
 * library routine on CPUs without a popcount instruction. */
static int count_bits(uint64_t mask)
{
    mask -= (mask >> 1) & UINT64_C(0x5555555555555555);
    mask = (mask & UINT64_C(0x3333333333333333)) +
           ((mask >> 2) & UINT64_C(0x3333333333333333));
    mask = (mask + (mask >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((mask * UINT64_C(0x0101010101010101)) >> 56);
}

int board_count(const board_t *board, colour_t colour)
{
    return count_bits(board->occupied_by[colour]);
}

int board_cost(const board_t *board)
{
    uint64_t black_towers = board->occupied_by[BLACK] & board->towers;
    uint64_t white_towers = board->occupied_by[WHITE] & board->towers;
    return PIECE_VALUE * (count_bits(board->occupied_by[BLACK] & ~black_towers) -
                          count_bits(board->occupied_by[WHITE] & ~white_towers)) +
           TOWER_VALUE * (count_bits(black_towers) - count_bits(white_towers));
}
