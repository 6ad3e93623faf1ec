/* gen_cells.c -- picking cells and cell pairs for the error builders. */
#include "gen_cells.h"

#include <stdio.h>

#include "gen_game.h"

const int DIAGONAL_1[][2] = {{-1, 1}, {1, 1}, {1, -1}, {-1, -1}};
const int DIAGONAL_2[][2] = {{-2, 2}, {2, 2}, {2, -2}, {-2, -2}};
const int STRAIGHT_2[][2] = {{-2, 0}, {2, 0}, {0, -2}, {0, 2}};
const int STRAIGHT_1[][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
const int KNIGHT[][2] = {{-2, 1}, {-1, 2}, {1, 2},   {2, 1},
                                {2, -1}, {1, -2}, {-1, -2}, {-2, -1}};
const int LONG_DIAGONAL[][2] = {
    {-3, 3}, {3, 3}, {3, -3}, {-3, -3}, {-4, 4}, {4, 4},
    {4, -4}, {-4, -4}, {-5, 5}, {5, 5}, {5, -5}, {-5, -5}};
const int DIAGONAL_1_COUNT = 4, DIAGONAL_2_COUNT = 4, STRAIGHT_2_COUNT = 4,
          STRAIGHT_1_COUNT = 4, KNIGHT_COUNT = 8, LONG_DIAGONAL_COUNT = 12;

static const char *const LARGE_ROWS[] = {
    "10", "11", "12", "19", "42", "99", "100", "2147483648",
    "99999999999999999999"};

uint64_t dark_cells(void)
{
    uint64_t mask = 0;
    for (int cell = 0; cell < CELL_COUNT; cell++) {
        if ((cell_row(cell) + cell_col(cell)) % 2 == 1) {
            mask |= cell_bit(cell);
        }
    }
    return mask;
}

uint64_t own(const error_try_t *t)
{
    return t->board->occupied_by[t->side];
}

uint64_t opponents(const error_try_t *t)
{
    return t->board->occupied_by[opponent_of(t->side)];
}

uint64_t occupied(const error_try_t *t)
{
    return own(t) | opponents(t);
}

uint64_t empty_dark(const error_try_t *t)
{
    return dark_cells() & ~occupied(t);
}

uint64_t bit_of(int cell)
{
    return cell >= 0 ? cell_bit(cell) : 0;
}

bool holds(uint64_t mask, int cell)
{
    return cell >= 0 && (mask & cell_bit(cell)) != 0;
}

int offset_cell(int cell, int rows, int cols)
{
    int row = cell_row(cell) + rows, col = cell_col(cell) + cols;
    return row >= 0 && row < BOARD_SIZE && col >= 0 && col < BOARD_SIZE
               ? cell_at(row, col)
               : -1;
}

/* A random cell of `mask`, the focus cell when it is one; -1 if none. */
int pick_cell(const error_try_t *t, uint64_t mask)
{
    if (holds(mask, t->focus)) {
        return t->focus;
    }
    int cells[CELL_COUNT], count = 0;
    for (int cell = 0; cell < CELL_COUNT; cell++) {
        if (holds(mask, cell)) {
            cells[count++] = cell;
        }
    }
    return count == 0 ? -1 : cells[rng_below(t->rng, count)];
}

/* A random (source in `sources`, source + step) pair that `fits`,
 * preferring the focus cell as the source. */
bool pick_pair(const error_try_t *t, uint64_t sources,
                      const int (*steps)[2], int step_count, pair_fits_t fits,
                      pair_t *chosen)
{
    pair_t pairs[CELL_COUNT * 12];
    int count = 0, focused = 0;
    for (int cell = 0; cell < CELL_COUNT; cell++) {
        for (int s = 0; holds(sources, cell) && s < step_count; s++) {
            pair_t pair = {cell, offset_cell(cell, steps[s][0], steps[s][1])};
            if (pair.target < 0 || !fits(t, pair)) {
                continue;
            }
            if (cell == t->focus) {  /* focused pairs go to the front */
                pairs[count] = pairs[focused];
                pairs[focused++] = pair;
                count++;
            } else {
                pairs[count++] = pair;
            }
        }
    }
    if (count == 0) {
        return false;
    }
    *chosen = pairs[rng_below(t->rng, focused > 0 ? focused : count)];
    return true;
}

bool build_pair(error_try_t *t, uint64_t sources, const int (*steps)[2],
                int step_count, pair_fits_t fits, const char *note)
{
    pair_t pair;
    if (!pick_pair(t, sources, steps, step_count, fits, &pair)) {
        return false;
    }
    write_pair(t, pair, note);
    return true;
}

/* Whether the piece or tower on `cell` may go `rows` rows that way. */
bool may_go(const error_try_t *t, int cell, int rows)
{
    if (holds(t->board->towers, cell)) {
        return true;
    }
    colour_t colour = holds(t->board->occupied_by[BLACK], cell) ? BLACK : WHITE;
    return colour == BLACK ? rows < 0 : rows > 0;
}

/* Writes a cell outside the board in one of three forms. Each random draw
 * is its own statement: the order in which a call's arguments are
 * evaluated is unspecified, and the corpus must not depend on the
 * compiler. */
void outside_cell(rng_t *rng, char text[32])
{
    int form = rng_below(rng, 3);
    int column = rng_below(rng, form == 0 ? 18 : 8);
    int row = rng_below(rng, (int)(sizeof LARGE_ROWS / sizeof LARGE_ROWS[0]));
    switch (form) {
    case 0:
        snprintf(text, 32, "%c%d", 'I' + column, 1 + row % 8);
        break;
    case 1:
        snprintf(text, 32, "%c%d", 'A' + column, row % 2 == 0 ? 0 : 9);
        break;
    default:
        snprintf(text, 32, "%c%s", 'A' + column, LARGE_ROWS[row]);
        break;
    }
}

void any_inside_cell(error_try_t *t, char name[3])
{
    cell_name(rng_below(t->rng, CELL_COUNT), name);
}

const char *holder(const error_try_t *t, int cell)
{
    static const char *const NAME[2][2] = {
        {"a black piece", "a black tower"}, {"a white piece", "a white tower"}};
    if (!holds(occupied(t), cell)) {
        return (cell_row(cell) + cell_col(cell)) % 2 == 1 ? "an empty cell"
                                                          : "a light cell";
    }
    colour_t colour = holds(t->board->occupied_by[BLACK], cell) ? BLACK : WHITE;
    return NAME[colour][holds(t->board->towers, cell)];
}


bool target_empty(const error_try_t *t, pair_t pair)
{
    return !holds(occupied(t), pair.target);
}

void write_cells(error_try_t *t, int source, int target, char from[3],
                 char to[3])
{
    cell_name(source, from);
    cell_name(target, to);
    WRITE(line, "%s-%s", from, to);
}

void write_pair(error_try_t *t, pair_t pair, const char *note)
{
    char from[3], to[3];
    write_cells(t, pair.source, pair.target, from, to);
    snprintf(t->what, sizeof t->what, "%s on %s to %s, %s%s%s",
             holder(t, pair.source), from, to,
             holds(occupied(t), pair.target) ? "which holds " : "",
             holder(t, pair.target), note);
}

bool build_same_cell(error_try_t *t, uint64_t mask, bool say_holder)
{
    int cell = pick_cell(t, mask);
    if (cell < 0) {
        return false;
    }
    char name[3], same[3];
    write_cells(t, cell, cell, name, same);
    if (say_holder) {
        WRITE(what, "source and target are the same cell %s, holding %s",
              name, holder(t, cell));
    } else {
        WRITE(what, "source and target are the same empty cell %s", name);
    }
    return true;
}
