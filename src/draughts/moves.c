/* moves.c -- which moves are legal, and what a move does. */
#include "moves.h"

#include <stddef.h>

#include "memory.h"

/* Up-left, up-right, down-left, down-right: for a piece, the order of its
 * destinations, which is their reading order. Up is towards row 0. */
static const int ROW_STEP[] = {-1, -1, +1, +1};
static const int COL_STEP[] = {-1, +1, -1, +1};
enum { DIRECTION_COUNT = sizeof ROW_STEP / sizeof *ROW_STEP };

/* Alice's men go up, Bill's men down; kings either way. A man on its
 * crowning row so has no direction left on the board, and cannot move. */
static bool may_head(piece_t piece, int direction)
{
    switch (piece) {
    case ALICE_MAN:
        return ROW_STEP[direction] < 0;
    case BILL_MAN:
        return ROW_STEP[direction] > 0;
    default:
        return is_king(piece);
    }
}

static bool on_board(int row, int col)
{
    return row >= 0 && row < BOARD_SIZE && col >= 0 && col < BOARD_SIZE;
}

/* Where the piece of `side` on `from` lands heading `direction` when it
 * steps (distance 1) or jumps (distance 2), or -1 when it cannot. */
static int destination(const board_t *board, side_t side, int from,
                       int direction, int distance)
{
    int row = square_row(from) + distance * ROW_STEP[direction];
    int col = square_col(from) + distance * COL_STEP[direction];
    if (!on_board(row, col) || board->square[square_at(row, col)] != EMPTY) {
        return -1;
    }
    if (distance == 2) {
        piece_t jumped = (piece_t)board->square[square_at(
            row - ROW_STEP[direction], col - COL_STEP[direction])];
        if (!belongs_to(jumped, opponent_of(side))) {
            return -1;
        }
    }
    return square_at(row, col);
}

/* Every move of `side` that covers `distance`, stored when `moves` is not
 * NULL; returns how many. */
static int scan_moves(const board_t *board, side_t side, int distance,
                      move_t *moves)
{
    int count = 0;
    for (int from = 0; from < SQUARE_COUNT; from++) {
        piece_t piece = (piece_t)board->square[from];
        if (!belongs_to(piece, side)) {
            continue;
        }
        for (int direction = 0; direction < DIRECTION_COUNT; direction++) {
            int to = may_head(piece, direction)
                         ? destination(board, side, from, direction, distance)
                         : -1;
            if (to < 0) {
                continue;
            }
            if (moves != NULL) {
                moves[count] = (move_t){(unsigned char)from,
                                        (unsigned char)to};
            }
            count++;
        }
    }
    return count;
}

int moves_list(const board_t *board, side_t side, move_t *moves)
{
    int jumps = scan_moves(board, side, 2, moves);
    return jumps > 0 ? jumps : scan_moves(board, side, 1, moves);
}

bool moves_generate(const board_t *board, side_t side, move_list_t *list)
{
    *list = (move_list_t){NULL, moves_list(board, side, NULL)};
    if (list->count == 0) {
        return true;
    }
    list->moves = memory_allocate((size_t)list->count * sizeof *list->moves);
    if (list->moves == NULL) {
        list->count = 0;
        return false;
    }
    moves_list(board, side, list->moves);
    return true;
}

void moves_release(move_list_t *list)
{
    memory_release(list->moves);
    *list = (move_list_t){NULL, 0};
}

void moves_apply(board_t *board, move_t move)
{
    piece_t piece = (piece_t)board->square[move.from];
    board->square[move.from] = EMPTY;
    int rows = square_row(move.to) - square_row(move.from);
    if (rows == 2 || rows == -2) {
        board->square[(move.from + move.to) / 2] = EMPTY;
    }
    if (piece == ALICE_MAN && square_row(move.to) == 0) {
        piece = ALICE_KING;
    } else if (piece == BILL_MAN && square_row(move.to) == BOARD_SIZE - 1) {
        piece = BILL_KING;
    }
    board->square[move.to] = (unsigned char)piece;
}
