/*
 * draughts.h -- the data types every part of the draughts engine shares.
 *
 * Board representation
 * --------------------
 * 64 squares, one byte each, holding a piece_t. Square (row, col) is index
 * row * 8 + col: row 0 is the top line of a board in the input (Alice's
 * crowning row), row 7 the bottom line (Bill's), column 0 the left byte.
 *
 *          col 0  1  2  3  4  5  6  7
 *    row 0     0  1  2  3  4  5  6  7     ascending index is reading order,
 *    row 1     8  9 10 11 12 13 14 15     which is the order the moves of
 *    ...                                  a position must be listed in, so
 *    row 7    56 57 58 59 60 61 62 63     a plain loop over the indices
 *                                         visits the pieces in that order.
 *
 * A square is dark when row + col is odd. Light squares are always EMPTY:
 * the input must show them as '+', and a diagonal step never leaves the
 * dark squares. A board is 64 bytes, so the search copies it for every
 * move instead of undoing moves.
 */
#ifndef DRAUGHTS_H
#define DRAUGHTS_H

#include <limits.h>
#include <stdbool.h>

enum {
    BOARD_SIZE = 8,
    SQUARE_COUNT = BOARD_SIZE * BOARD_SIZE,
    /* Plies A1, B2, A3, B4: the search looks four moves ahead. */
    LAST_PLY = 4,
    /* The heuristic counts a king as two men. */
    MAN_WORTH = 1,
    KING_WORTH = 2,
    /* Case numbers are at most nine decimal digits, so any long holds one. */
    LARGEST_CASE_NUMBER = 999999999
};

/* Worths of positions. Heuristic values stay within +-64 (32 dark squares,
 * two points each at most), far from these two. */
enum { MINUS_INFINITY = INT_MIN, PLUS_INFINITY = INT_MAX };

typedef enum { ALICE = 0, BILL = 1 } side_t;

/* EMPTY is 0 so that a zeroed board is an empty board. */
typedef enum {
    EMPTY = 0,
    ALICE_MAN,
    ALICE_KING,
    BILL_MAN,
    BILL_KING
} piece_t;

typedef struct {
    unsigned char square[SQUARE_COUNT];  /* piece_t values */
} board_t;

/* A step or a single jump: a jump's squares are two rows apart, and the
 * piece it takes stands half-way between them. */
typedef struct {
    unsigned char from;
    unsigned char to;
} move_t;

/* Exit statuses, as NOTES.md settles them. */
typedef enum {
    STATUS_DONE = 0,
    STATUS_MALFORMED = 2,  /* malformed input, or bad usage */
    STATUS_OUT_OF_MEMORY = 3,
    STATUS_IO_ERROR = 4
} exit_status_t;

static inline int square_at(int row, int col) { return row * BOARD_SIZE + col; }
static inline int square_row(int square) { return square / BOARD_SIZE; }
static inline int square_col(int square) { return square % BOARD_SIZE; }
static inline bool is_dark(int row, int col) { return (row + col) % 2 == 1; }

static inline side_t opponent_of(side_t side)
{
    return side == ALICE ? BILL : ALICE;
}

/* Alice moves at the odd plies (A1, A3), Bill at the even ones. */
static inline side_t side_at_ply(int ply)
{
    return ply % 2 == 1 ? ALICE : BILL;
}

static inline bool is_king(piece_t piece)
{
    return piece == ALICE_KING || piece == BILL_KING;
}

static inline bool belongs_to(piece_t piece, side_t side)
{
    return side == ALICE ? piece == ALICE_MAN || piece == ALICE_KING
                         : piece == BILL_MAN || piece == BILL_KING;
}

#endif
