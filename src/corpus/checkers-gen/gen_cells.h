/* gen_cells.h -- picking cells and cell pairs for the error builders.
 *
 * Builders pick cells with the wanted contents at random among all that
 * fit (the attempt's `focus` cell first, when it fits), so that one builder
 * exercises different cells, pieces and towers in different cases. */
#ifndef GEN_CELLS_H
#define GEN_CELLS_H

#include <stdbool.h>

#include "gen_error_lines.h"

typedef struct {
    int source, target;
} pair_t;

typedef bool (*pair_fits_t)(const error_try_t *attempt, pair_t pair);

/* (row, column) steps; rows grow southwards. */
extern const int DIAGONAL_1[][2], DIAGONAL_2[][2], STRAIGHT_2[][2],
    STRAIGHT_1[][2], KNIGHT[][2], LONG_DIAGONAL[][2];
extern const int DIAGONAL_1_COUNT, DIAGONAL_2_COUNT, STRAIGHT_2_COUNT,
    STRAIGHT_1_COUNT, KNIGHT_COUNT, LONG_DIAGONAL_COUNT;

uint64_t dark_cells(void);
uint64_t own(const error_try_t *attempt);
uint64_t opponents(const error_try_t *attempt);
uint64_t occupied(const error_try_t *attempt);
uint64_t empty_dark(const error_try_t *attempt);
bool holds(uint64_t mask, int cell);

/* cell_bit, or 0 for "no cell" (-1). */
uint64_t bit_of(int cell);

/* The cell `rows` and `cols` away, or -1 off the board. */
int offset_cell(int cell, int rows, int cols);

/* A random cell of `mask` (the focus cell when it is one); -1 if none. */
int pick_cell(const error_try_t *attempt, uint64_t mask);

/* A random (source in `sources`, source + step) pair on the board that
 * `fits`, with the focus cell as the source when possible. */
bool pick_pair(const error_try_t *attempt, uint64_t sources,
               const int (*steps)[2], int step_count, pair_fits_t fits,
               pair_t *chosen);

/* What most pair builders do: a pair as pick_pair chooses it, written by
 * write_pair with `note`; false when no pair fits. */
bool build_pair(error_try_t *attempt, uint64_t sources,
                const int (*steps)[2], int step_count, pair_fits_t fits,
                const char *note);

/* A cell of `mask` as both source and target: writes the line and a
 * `what` naming the cell ("... the same empty cell G6", or with
 * `say_holder` "... the same cell G6, holding a black piece"); false
 * when `mask` holds no cell. */
bool build_same_cell(error_try_t *attempt, uint64_t mask, bool say_holder);

/* Whether the piece or tower on `cell` may move `rows` rows (its colour's
 * forward direction, or any direction for a tower). */
bool may_go(const error_try_t *attempt, int cell, int rows);

/* A cell outside the board: a column right of H, row 0 or 9, or a row
 * number of two or more digits. */
void outside_cell(rng_t *rng, char text[32]);

void any_inside_cell(error_try_t *attempt, char name[3]);

bool target_empty(const error_try_t *attempt, pair_t pair);

/* Writes the line "<source>-<target>", and the two cells' names into
 * `from` and `to` for the builder's `what`. */
void write_cells(error_try_t *attempt, int source, int target, char from[3],
                 char to[3]);

/* Writes the pair's line, and a `what` naming both cells and what they
 * hold ("a black piece on G6 to F5, which holds a white piece" or "... to
 * E4, an empty cell"), followed by `note`. */
void write_pair(error_try_t *attempt, pair_t pair, const char *note);

/* "a black piece", "a white tower", "an empty cell", "a light cell". */
const char *holder(const error_try_t *attempt, int cell);

#endif
