/* gen_several.c -- files of at least three cases: numbered in order,
 * repeated, out of order, with leading zeros, and complete cases followed
 * by a malformed one (whose earlier output must stay complete). */
#include <stdio.h>

#include "gen_board.h"
#include "gen_kinds.h"

enum {
    SEVERAL_IN_ORDER,
    SEVERAL_REPEATED,
    SEVERAL_OUT_OF_ORDER,
    SEVERAL_LEADING_ZEROS,
    SEVERAL_MALFORMED_LATER,
    SEVERAL_COUNT
};

static const char *const SEVERAL_HINT[SEVERAL_COUNT] = {
    "three-or-more-cases", "repeated-numbers", "out-of-order-numbers",
    "leading-zeros", "malformed-later-case"};

static const char *const SEVERAL_REASON[SEVERAL_COUNT] = {
    "several cases: three to five cases numbered 1, 2, 3...",
    "several cases: the same case number repeats",
    "several cases: case numbers out of order",
    "several cases: headers with leading zeros such as case 007",
    "several cases: complete cases, then a malformed one (status 2)"};

/* The numbers of `count` cases in `shape`. */
static int case_number(rng_t *rng, int shape, int position, int first)
{
    switch (shape) {
    case SEVERAL_REPEATED:
        return position % 2 == 0 ? first : rng_range(rng, 1, 9);
    case SEVERAL_OUT_OF_ORDER:
        return 50 - 7 * position + rng_below(rng, 3);
    case SEVERAL_LEADING_ZEROS:
        return position == 0 ? 7 : position + 1;  /* "case 007" first */
    default:
        return position + 1;
    }
}

/* A malformed last case: a short line, a bad byte, or cut short. */
static void add_bad_case(text_t *text, rng_t *rng, int number)
{
    board_t board;
    small_board(rng, &board);
    text_printf(text, "case %d\n", number);
    int bad_row = rng_below(rng, BOARD_SIZE);
    int defect = rng_below(rng, 3);
    for (int row = 0; row < BOARD_SIZE; row++) {
        char line[9];
        board_row_text(&board, row, line);
        if (row == bad_row && defect == 2) {
            break;  /* cut short by the end of the input */
        }
        if (row == bad_row) {
            line[defect == 0 ? 7 : rng_below(rng, 8)] =
                defect == 0 ? '\0' : 'x';
        }
        text_printf(text, "%s\n", line);
    }
}

void kind_several(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        rng_t rng;
        rng_init(&rng, emitter->seed, "several", i);
        int shape = (int)(i % SEVERAL_COUNT);
        int cases = rng_range(&rng, 3, 5), first = rng_range(&rng, 1, 9);
        text_t text;
        text_init(&text);
        for (int position = 0; position < cases; position++) {
            char header[32];
            int number = case_number(&rng, shape, position, first);
            snprintf(header, sizeof header,
                     shape == SEVERAL_LEADING_ZEROS ? "case 00%d" : "case %d",
                     number);
            board_t board;
            small_board(&rng, &board);
            board_add_case(&text, header, &board);
            text_add(&text, rng_below(&rng, 3) == 0 ? "\n" : "");
        }
        if (shape == SEVERAL_MALFORMED_LATER) {
            add_bad_case(&text, &rng, cases + 1);
        }
        emit(emitter, "several", i, "several-cases", SEVERAL_HINT[shape],
             SEVERAL_REASON[shape], &text);
        text_free(&text);
    }
}
