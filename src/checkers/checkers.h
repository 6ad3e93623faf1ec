/*
 * checkers.h -- the data types every stage of the engine shares.
 *
 * Board representation
 * --------------------
 * The 8x8 board is three 64-bit masks. Bit (row * 8 + col) stands for the
 * cell in row `row` (0 is row 1, printed at the top, where white starts) and
 * column `col` (0 is column A). Only the dark cells, those with row + col
 * odd, are ever occupied.
 *
 *        A  B  C  D  E  F  G  H
 *    1   0  1  2  3  4  5  6  7      bit numbers; ascending bit order is
 *    2   8  9 10 11 12 13 14 15      the specification's row-major order,
 *    ...                             so scanning a mask from its lowest set
 *    8  56 57 58 59 60 61 62 63      bit visits the pieces in exactly the
 *                                    order the search must expand them.
 *
 * `occupied_by[c]` holds every piece and tower of colour c; `towers` marks
 * which occupied cells hold a tower, whatever its colour. Copying a board is
 * copying 24 bytes, which is what makes one malloc'd node per board cheap.
 */
#ifndef CHECKERS_H
#define CHECKERS_H

#include <stdint.h>

enum {
    BOARD_SIZE = 8,
    CELL_COUNT = BOARD_SIZE * BOARD_SIZE,
    /* A side never has more than its 12 starting pieces, each with at most
     * one action in each of the four diagonal directions. */
    MAX_ACTIONS = 12 * 4,
    DEFAULT_SEARCH_DEPTH = 3,
    /* Board cost is b + 3B - w - 3W. */
    PIECE_VALUE = 1,
    TOWER_VALUE = 3
};

typedef enum { BLACK = 0, WHITE = 1 } colour_t;

typedef struct {
    uint64_t occupied_by[2];
    uint64_t towers;
} board_t;

/* A move or a capture: a capture is the action whose cells are two rows
 * apart; the captured cell lies half-way between them. */
typedef struct {
    uint8_t source;
    uint8_t target;
} action_t;

/* The first of these that applies to an input action is reported; the
 * numbering is the order in which the specification checks them. */
typedef enum {
    ACTION_OK = 0,
    ERROR_SOURCE_OUTSIDE,
    ERROR_TARGET_OUTSIDE,
    ERROR_SOURCE_EMPTY,
    ERROR_TARGET_NOT_EMPTY,
    ERROR_OPPONENTS_PIECE,
    ERROR_ILLEGAL_ACTION
} action_error_t;

/* Exit statuses, as settled in the behaviour notes. */
enum {
    EXIT_DONE = 0,
    EXIT_INPUT_ERROR = 1,
    EXIT_MALFORMED = 2,
    EXIT_OUT_OF_MEMORY = 3,
    EXIT_IO_ERROR = 4
};

static inline colour_t opponent_of(colour_t side)
{
    return side == BLACK ? WHITE : BLACK;
}

/* Action #1 is black's; the numbers then alternate. */
static inline colour_t side_of_action_number(long number)
{
    return number % 2 == 1 ? BLACK : WHITE;
}

static inline int cell_row(int cell) { return cell / BOARD_SIZE; }
static inline int cell_col(int cell) { return cell % BOARD_SIZE; }
static inline int cell_at(int row, int col) { return row * BOARD_SIZE + col; }
static inline uint64_t cell_bit(int cell) { return (uint64_t)1 << cell; }

#endif
