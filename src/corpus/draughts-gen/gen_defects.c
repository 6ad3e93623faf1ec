/* gen_defects.c -- one builder per defect NOTES.md calls malformed. Each
 * varies where and how the defect shows (which row, column, byte), so two
 * candidates of a defect are two different tests, not one test twice. */
#include <stdio.h>
#include <string.h>

#include "gen_board.h"
#include "gen_malformed.h"

static void add_rows(text_t *text, const board_t *board, int from, int to)
{
    for (int row = from; row < to; row++) {
        char line[9];
        board_row_text(board, row, line);
        text_printf(text, "%s\n", line);
    }
}

static void add_header(text_t *text, rng_t *rng)
{
    text_printf(text, "case %d\n", rng_range(rng, 1, 99));
}

/* A random square of a random row: a dark one or a light one. */
static void pick_square(rng_t *rng, bool dark, int *row, int *col)
{
    *row = rng_below(rng, BOARD_SIZE);
    *col = rng_below(rng, 4) * 2 + ((*row % 2 == 0) == dark ? 1 : 0);
}

/* The whole case with the byte at (row, col) replaced by `byte`. */
static void add_case_with(text_t *text, rng_t *rng, const board_t *board,
                          bool dark, char byte)
{
    int row, col;
    pick_square(rng, dark, &row, &col);
    add_header(text, rng);
    add_rows(text, board, 0, row);
    char line[9];
    board_row_text(board, row, line);
    line[col] = byte;
    text_add_bytes(text, line, BOARD_SIZE);
    text_add(text, "\n");
    add_rows(text, board, row + 1, BOARD_SIZE);
}

static void add_headed(text_t *text, const board_t *board, const char *header,
                       size_t length)
{
    text_add_bytes(text, header, length);
    text_add(text, "\n");
    add_rows(text, board, 0, BOARD_SIZE);
}

/* Variants walk through the choices, so a few candidates cover them all. */
static void pick_header(text_t *text, int variant, const board_t *board,
                        const char *const *choices, int count)
{
    const char *header = choices[variant % count];
    add_headed(text, board, header, strlen(header));
}

static void bad_header(text_t *text, rng_t *rng, const board_t *board,
                       int variant)
{
    static const char *const CHOICES[] = {
        "cases 1", "case 1 2", "case x", "case 1a", "case -1", "case +1",
        "case 1.0", "CASE 1", "ca se 1", "case\v1", "case 0x1F", "case one"};
    (void)rng;
    pick_header(text, variant, board, CHOICES, 12);
}

static void capital_case(text_t *text, rng_t *rng, const board_t *board,
                         int variant)
{
    static const char *const CHOICES[] = {"Case 1", "Case 2", "Case 007",
                                          "Case 12", "Case\t3"};
    (void)rng;
    pick_header(text, variant, board, CHOICES, 5);
}

static void no_space(text_t *text, rng_t *rng, const board_t *board,
                     int variant)
{
    static const char *const CHOICES[] = {"case1", "case12", "case007",
                                          "case999999999"};
    (void)rng;
    pick_header(text, variant, board, CHOICES, 4);
}

static void no_number(text_t *text, rng_t *rng, const board_t *board,
                      int variant)
{
    static const char *const CHOICES[] = {"case", "case ", "case\t",
                                          "case  \t"};
    (void)rng;
    pick_header(text, variant, board, CHOICES, 4);
}

static void too_big(text_t *text, rng_t *rng, const board_t *board,
                    int variant)
{
    static const char *const CHOICES[] = {
        "case 1000000000", "case 9999999999", "case 0001000000000",
        "case 99999999999999999999", "case 4294967297", "case 1999999999"};
    (void)rng;
    pick_header(text, variant, board, CHOICES, 6);
}

static void header_missing(text_t *text, rng_t *rng, const board_t *board,
                           int variant)
{
    (void)variant;
    (void)rng;
    add_rows(text, board, 0, BOARD_SIZE);
}

static void extra_line(text_t *text, rng_t *rng, const board_t *board,
                       int variant)
{
    (void)variant;
    add_header(text, rng);
    add_rows(text, board, 0, BOARD_SIZE);
    int row = rng_below(rng, BOARD_SIZE);
    add_rows(text, board, row, row + 1);
}

static void text_line(text_t *text, rng_t *rng, const board_t *board,
                      int variant)
{
    static const char *const JUNK[] = {"first move: none.", "end", "#",
                                       "x", "case 1 of 2", "A1: (5,0)=>(4,1)."};
    add_header(text, rng);
    add_rows(text, board, 0, BOARD_SIZE);
    text_printf(text, "%s\n", JUNK[variant % 6]);
}

static void short_line(text_t *text, rng_t *rng, const board_t *board,
                       int variant)
{
    (void)variant;
    int row = rng_below(rng, BOARD_SIZE), length = rng_range(rng, 1, 7);
    add_header(text, rng);
    add_rows(text, board, 0, row);
    char line[9];
    board_row_text(board, row, line);
    text_add_bytes(text, line, (size_t)length);
    text_add(text, rng_below(rng, 2) ? "\n" : " \n");
    add_rows(text, board, row + 1, BOARD_SIZE);
}

static void long_line(text_t *text, rng_t *rng, const board_t *board,
                      int variant)
{
    static const char *const EXTRA[] = {"O", "+", "+O", " O", "O+O+"};
    int row = rng_below(rng, BOARD_SIZE);
    add_header(text, rng);
    add_rows(text, board, 0, row);
    char line[9];
    board_row_text(board, row, line);
    text_printf(text, "%s%s\n", line, EXTRA[variant % 5]);
    add_rows(text, board, row + 1, BOARD_SIZE);
}

static void bad_byte(text_t *text, rng_t *rng, const board_t *board,
                     int variant)
{
    static const char BYTES[] = "xXo0.#*aQ1b\x80\xff-";
    add_case_with(text, rng, board, true,
                  BYTES[variant % ((int)sizeof BYTES - 1)]);
}

static void plus_on_dark(text_t *text, rng_t *rng, const board_t *board,
                         int variant)
{
    (void)variant;
    add_case_with(text, rng, board, true, '+');
}

static void piece_on_light(text_t *text, rng_t *rng, const board_t *board,
                           int variant)
{
    add_case_with(text, rng, board, false, "ABkK"[variant % 4]);
}

static void o_on_light(text_t *text, rng_t *rng, const board_t *board,
                       int variant)
{
    (void)variant;
    add_case_with(text, rng, board, false, 'O');
}

static void cut_by_header(text_t *text, rng_t *rng, const board_t *board,
                          int variant)
{
    (void)variant;
    add_header(text, rng);
    add_rows(text, board, 0, rng_range(rng, 0, 7));
    add_header(text, rng);
    add_rows(text, board, 0, BOARD_SIZE);
}

static void cut_by_end(text_t *text, rng_t *rng, const board_t *board,
                       int variant)
{
    add_header(text, rng);
    add_rows(text, board, 0, rng_range(rng, 0, 7));
    int ending = variant % 3;
    if (ending == 1) {
        text_add(text, "\n\n");
    } else if (ending == 2 && text->length > 0) {
        text->length--;  /* and no final newline */
    }
}

static void nul_byte(text_t *text, rng_t *rng, const board_t *board,
                     int variant)
{
    int where = variant % 3;
    if (where == 0) {
        add_case_with(text, rng, board, rng_below(rng, 2), '\0');
    } else if (where == 1) {
        add_headed(text, board, "case 1\0", 7);
    } else {
        add_headed(text, board, "case 2", 6);
        text_add_bytes(text, "\0\n", 2);
    }
}

static void lone_cr(text_t *text, rng_t *rng, const board_t *board,
                    int variant)
{
    int where = variant % 3;
    if (where == 0) {
        add_case_with(text, rng, board, rng_below(rng, 2), '\r');
    } else if (where == 1) {
        add_headed(text, board, "case\r1", 6);
    } else {
        /* Two board lines joined by a lone CR: one line of 17 bytes. */
        add_header(text, rng);
        add_rows(text, board, 0, 3);
        text->length--;
        text_add(text, "\r");
        add_rows(text, board, 3, BOARD_SIZE);
    }
}

const defect_t DEFECTS[] = {
    {"bad-header", "a header that is not 'case N'", bad_header},
    {"capital-Case", "'Case N' with a capital C", capital_case},
    {"header-without-space", "'caseN' with no space", no_space},
    {"header-without-number", "'case' with no number", no_number},
    {"number-over-999999999", "a case number over 999999999", too_big},
    {"header-missing", "board lines where a header is due", header_missing},
    {"extra-board-line", "a ninth board line where a header is due",
     extra_line},
    {"text-where-header-due", "a line of text where a header is due",
     text_line},
    {"board-line-too-short", "a board line shorter than 8 bytes", short_line},
    {"board-line-too-long", "a board line longer than 8 bytes", long_line},
    {"bad-byte", "a byte that is no square", bad_byte},
    {"plus-on-dark-square", "'+' on a dark square", plus_on_dark},
    {"piece-on-light-square", "a piece on a light square", piece_on_light},
    {"O-on-light-square", "'O' on a light square", o_on_light},
    {"cut-short-by-header",
     "a case cut short by the next header (reported at its own header)",
     cut_by_header},
    {"cut-short-by-end-of-input",
     "a case cut short by the end of the input (reported at its header)",
     cut_by_end},
    {"nul-byte", "a NUL byte in a line", nul_byte},
    {"lone-cr-inside-line", "a lone \\r inside a line (not a line end)",
     lone_cr},
};
const int DEFECT_COUNT = (int)(sizeof DEFECTS / sizeof *DEFECTS);
