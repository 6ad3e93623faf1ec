/* gen_bad_cells.c -- lines that fail on their cells: errors 1, 2 and 3.
 *
 * The `what` text of each line becomes part of the case's reason, so it
 * names the cells, what they hold, and which later checks the line would
 * also fail. */
#include "gen_error_lines.h"

#include <stdio.h>

#include "../../checkers/rules.h"
#include "gen_cells.h"
#include "gen_game.h"

/* ---- error 1: the source cell is outside of the board ---- */

bool source_column_right_of_h(error_try_t *t)
{
    char column = (char)('I' + rng_below(t->rng, 18)), target[3];
    int row = rng_range(t->rng, 1, 8);
    any_inside_cell(t, target);
    WRITE(line, "%c%d-%s", column, row, target);
    WRITE(what, "source column %c is right of column H", column);
    return true;
}

bool source_row_outside(error_try_t *t)
{
    char source[32], target[3];
    do {
        outside_cell(t->rng, source);
    } while (source[0] > 'H');  /* keep the column, break the row */
    any_inside_cell(t, target);
    WRITE(line, "%s-%s", source, target);
    WRITE(what, "source row %s is not one of 1..8", source + 1);
    return true;
}

bool both_cells_outside(error_try_t *t)
{
    char source[32], target[32];
    outside_cell(t->rng, source);
    outside_cell(t->rng, target);
    WRITE(line, "%s-%s", source, target);
    WRITE(what, "source %s and target %s are both outside: error 1 comes "
                "before error 2", source, target);
    return true;
}

bool legal_target_outside_source(error_try_t *t)
{
    action_t legal[MAX_ACTIONS];
    int count = rules_legal_actions(t->board, t->side, legal);
    if (count == 0) {
        return false;
    }
    action_t action = legal[rng_below(t->rng, count)];
    char source[32], target[3], real[3];
    outside_cell(t->rng, source);
    cell_name(action.target, target);
    cell_name(action.source, real);
    WRITE(line, "%s-%s", source, target);
    WRITE(what, "a legal action %s-%s typed with source %s, outside", real,
          target, source);
    return true;
}

bool source_outside_target_occupied(error_try_t *t)
{
    char source[32], target[3];
    int cell = pick_cell(t, occupied(t));
    outside_cell(t->rng, source);
    cell_name(cell, target);
    WRITE(line, "%s-%s", source, target);
    WRITE(what, "source %s is outside and target %s holds %s: error 1 comes "
                "before error 4", source, target, holder(t, cell));
    return true;
}

/* ---- error 2: the target cell is outside of the board ---- */

/* One diagonal step off the east, north or south edge (west of A has no
 * letter) by a piece or tower that may go that way. */
static bool off_the_edge(error_try_t *t, uint64_t movers)
{
    int sources[CELL_COUNT * 4], rows[CELL_COUNT * 4], cols[CELL_COUNT * 4];
    int count = 0;
    for (int cell = 0; cell < CELL_COUNT; cell++) {
        for (int d = 0; holds(movers, cell) && d < DIAGONAL_1_COUNT; d++) {
            int row = cell_row(cell) + DIAGONAL_1[d][0];
            int col = cell_col(cell) + DIAGONAL_1[d][1];
            bool off = row < 0 || row >= BOARD_SIZE || col >= BOARD_SIZE;
            if (off && col >= 0 && may_go(t, cell, DIAGONAL_1[d][0])) {
                sources[count] = cell, rows[count] = row, cols[count] = col;
                count++;
            }
        }
    }
    if (count == 0) {
        return false;
    }
    int i = rng_below(t->rng, count);
    char source[3];
    cell_name(sources[i], source);
    WRITE(line, "%s-%c%d", source, 'A' + cols[i], rows[i] + 1);
    WRITE(what, "%s on %s steps diagonally off the board to %c%d",
          holder(t, sources[i]), source, 'A' + cols[i], rows[i] + 1);
    return true;
}

bool own_piece_off_the_edge(error_try_t *t)
{
    return off_the_edge(t, own(t));
}

bool own_tower_off_the_edge(error_try_t *t)
{
    return off_the_edge(t, own(t) & t->board->towers);
}

/* Who holds the source of a line whose target is outside. */
typedef enum { OWN_SOURCE, EMPTY_SOURCE, OPPONENT_SOURCE } source_holder_t;

/* Writes "<a cell held by HOLDER>-<a cell outside>" and what is wrong with
 * it (error 2 comes before the errors 3 and 5 an empty or an opponent's
 * source would give); false when no cell is held so. */
static bool source_then_outside(error_try_t *t, source_holder_t source_holder)
{
    uint64_t masks[] = {own(t), ~occupied(t), opponents(t)};
    int cell = pick_cell(t, masks[source_holder]);
    if (cell < 0) {
        return false;
    }
    char source[3], target[32];
    cell_name(cell, source);
    outside_cell(t->rng, target);
    WRITE(line, "%s-%s", source, target);
    if (source_holder == OWN_SOURCE) {
        WRITE(what, "%s on %s, target %s outside", holder(t, cell), source,
              target);
    } else {
        bool empty = source_holder == EMPTY_SOURCE;
        WRITE(what, "target %s is outside and source %s %s %s: error 2 "
                    "comes before error %d", target, source,
              empty ? "is" : "holds", holder(t, cell), empty ? 3 : 5);
    }
    return true;
}

bool own_source_target_outside(error_try_t *t)
{
    return source_then_outside(t, OWN_SOURCE);
}

bool empty_source_target_outside(error_try_t *t)
{
    return source_then_outside(t, EMPTY_SOURCE);
}

bool opponent_source_target_outside(error_try_t *t)
{
    return source_then_outside(t, OPPONENT_SOURCE);
}

/* ---- error 3: the source cell is empty ---- */

bool empty_dark_source(error_try_t *t)
{
    int source = pick_cell(t, empty_dark(t));
    int target = pick_cell(t, empty_dark(t) & ~bit_of(source));
    if (source < 0 || target < 0) {
        return false;
    }
    char from[3], to[3];
    write_cells(t, source, target, from, to);
    WRITE(what, "source %s is an empty dark cell (target %s is empty too)",
          from, to);
    return true;
}

bool light_source(error_try_t *t)
{
    int source = pick_cell(t, ~dark_cells());
    char from[3], to[3];
    cell_name(source, from);
    any_inside_cell(t, to);
    WRITE(line, "%s-%s", from, to);
    WRITE(what, "source %s is a light cell, always empty", from);
    return true;
}

bool empty_source_occupied_target(error_try_t *t)
{
    int source = pick_cell(t, ~occupied(t));
    int target = pick_cell(t, occupied(t));
    char from[3], to[3];
    write_cells(t, source, target, from, to);
    WRITE(what, "source %s is %s and target %s holds %s: error 3 comes "
                "before error 4", from, holder(t, source), to,
          holder(t, target));
    return true;
}

bool empty_source_same_target(error_try_t *t)
{
    return build_same_cell(t, empty_dark(t), false);
}

bool previous_line_again(error_try_t *t)
{
    if (t->last_source < 0) {
        return false;
    }
    char from[3], to[3];
    write_cells(t, t->last_source, t->last_target, from, to);
    WRITE(what, "the previous action %s-%s typed again: its source is empty "
                "now and its target occupied (error 3 before error 4)",
          from, to);
    return true;
}

bool captured_cell_source(error_try_t *t)
{
    if (t->last_source < 0 ||
        !action_is_capture((action_t){(uint8_t)t->last_source,
                                      (uint8_t)t->last_target})) {
        return false;
    }
    int captured = (t->last_source + t->last_target) / 2;
    int target = pick_cell(t, empty_dark(t) & ~cell_bit(captured));
    if (target < 0) {
        return false;
    }
    char from[3], to[3];
    write_cells(t, captured, target, from, to);
    WRITE(what, "source %s held the piece the previous action captured",
          from);
    return true;
}

bool empty_source_tower_target(error_try_t *t)
{
    int source = pick_cell(t, empty_dark(t));
    int target = pick_cell(t, t->board->towers);
    if (source < 0 || target < 0) {
        return false;
    }
    char from[3], to[3];
    write_cells(t, source, target, from, to);
    WRITE(what, "source %s is empty and target %s holds %s (error 3 before "
                "error 4)", from, to, holder(t, target));
    return true;
}
