/* gen_board.c -- building boards for candidate inputs. */
#include "gen_board.h"

#include <string.h>

#include "../../draughts/moves.h"

void board_clear(board_t *board)
{
    memset(board, 0, sizeof *board);
}

void board_opening(board_t *board)
{
    board_clear(board);
    for (int row = 0; row < BOARD_SIZE; row++) {
        for (int col = 0; col < BOARD_SIZE; col++) {
            if (!is_dark(row, col) || (row > 2 && row < 5)) {
                continue;
            }
            board->square[square_at(row, col)] =
                (unsigned char)(row <= 2 ? BILL_MAN : ALICE_MAN);
        }
    }
}

bool board_place(board_t *board, rng_t *rng, piece_t piece, int row_min,
                 int row_max)
{
    for (int tries = 0; tries < 40; tries++) {
        int row = rng_range(rng, row_min, row_max);
        /* The dark squares of a row are the columns of the other parity. */
        int col = rng_below(rng, 4) * 2 + (row % 2 == 0 ? 1 : 0);
        unsigned char *square = &board->square[square_at(row, col)];
        if (*square == EMPTY) {
            *square = (unsigned char)piece;
            return true;
        }
    }
    return false;
}

void board_scatter(board_t *board, rng_t *rng, piece_t piece, int count)
{
    /* A man on its crowning row cannot move: a corner case the dedicated
     * kinds build on purpose, not something to sprinkle everywhere. */
    int low = piece == ALICE_MAN ? 1 : 0;
    int high = piece == BILL_MAN ? BOARD_SIZE - 2 : BOARD_SIZE - 1;
    for (int i = 0; i < count; i++) {
        board_place(board, rng, piece, low, high);
    }
}

int board_count(const board_t *board, side_t side)
{
    int count = 0;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        count += belongs_to((piece_t)board->square[square], side);
    }
    return count;
}

int board_count_piece(const board_t *board, piece_t piece)
{
    int count = 0;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        count += board->square[square] == piece;
    }
    return count;
}

void board_row_text(const board_t *board, int row, char line[9])
{
    static const char SYMBOL[] = {'O', 'A', 'k', 'B', 'K'};
    for (int col = 0; col < BOARD_SIZE; col++) {
        line[col] = is_dark(row, col)
                        ? SYMBOL[board->square[square_at(row, col)]]
                        : '+';
    }
    line[BOARD_SIZE] = '\0';
}

void board_add_case(text_t *text, const char *header, const board_t *board)
{
    text_printf(text, "%s\n", header);
    for (int row = 0; row < BOARD_SIZE; row++) {
        char line[9];
        board_row_text(board, row, line);
        text_printf(text, "%s\n", line);
    }
}

int board_play_random(board_t *board, rng_t *rng, int plies)
{
    for (int ply = 0; ply < plies; ply++) {
        move_t moves[MOVES_MAX];
        int count = moves_list(board, ply % 2 == 0 ? ALICE : BILL, moves);
        if (count == 0) {
            return ply;
        }
        moves_apply(board, moves[rng_below(rng, count)]);
    }
    return plies;
}
