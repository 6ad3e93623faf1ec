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

/* A header, then the board with row `row` written as the `length` bytes
 * of `line` (its line end included). */
static void add_case_with_row(text_t *text, rng_t *rng, const board_t *board,
                              int row, const char *line, size_t length)
{
    add_header(text, rng);
    add_rows(text, board, 0, row);
    text_add_bytes(text, line, length);
    add_rows(text, board, row + 1, BOARD_SIZE);
}

/* The whole case with the byte at (row, col) replaced by `byte`. */
static void add_case_with(text_t *text, rng_t *rng, const board_t *board,
                          bool dark, char byte)
{
    int row, col;
    pick_square(rng, dark, &row, &col);
    char line[10];
    board_row_text(board, row, line);
    line[col] = byte;
    line[BOARD_SIZE] = '\n';
    add_case_with_row(text, rng, board, row, line, BOARD_SIZE + 1);
}

static void add_headed(text_t *text, const board_t *board, const char *header,
                       size_t length)
{
    text_add_bytes(text, header, length);
    text_add(text, "\n");
    add_rows(text, board, 0, BOARD_SIZE);
}

/* The headers of the header defects: each candidate takes the next, so a
 * few candidates cover them all. */
static const char *const BAD_HEADERS[] = {
    "cases 1", "case 1 2", "case x", "case 1a", "case -1", "case +1",
    "case 1.0", "CASE 1", "ca se 1", "case\v1", "case 0x1F", "case one",
    NULL};
static const char *const CAPITAL_CASE[] = {"Case 1", "Case 2", "Case 007",
                                           "Case 12", "Case\t3", NULL};
static const char *const NO_SPACE[] = {"case1", "case12", "case007",
                                       "case999999999", NULL};
static const char *const NO_NUMBER[] = {"case", "case ", "case\t",
                                        "case  \t", NULL};
static const char *const TOO_BIG[] = {
    "case 1000000000", "case 9999999999", "case 0001000000000",
    "case 99999999999999999999", "case 4294967297", "case 1999999999",
    NULL};

void defect_write(const defect_t *defect, text_t *text, rng_t *rng,
                  const board_t *board, int variant)
{
    if (defect->build != NULL) {
        defect->build(text, rng, board, variant);
        return;
    }
    if (defect->headers != NULL) {
        int count = 0;
        while (defect->headers[count] != NULL) {
            count++;
        }
        const char *header = defect->headers[variant % count];
        add_headed(text, board, header, strlen(header));
        return;
    }
    const char *bytes = defect->square_bytes;
    add_case_with(text, rng, board, !defect->on_light,
                  bytes[variant % (int)strlen(bytes)]);
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
    char line[9], longer[16];
    board_row_text(board, row, line);
    snprintf(longer, sizeof longer, "%s%s\n", line, EXTRA[variant % 5]);
    add_case_with_row(text, rng, board, row, longer, strlen(longer));
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

/* The first two forms of a byte that is no line end (NUL, a lone CR):
 * the byte on a square of either colour (form 0), or inside the header
 * `header` of `length` bytes (form 1); false for another form. */
static bool byte_on_square_or_in_header(text_t *text, rng_t *rng,
                                        const board_t *board, int form,
                                        char byte, const char *header,
                                        size_t length)
{
    if (form == 0) {
        add_case_with(text, rng, board, rng_below(rng, 2), byte);
    } else if (form == 1) {
        add_headed(text, board, header, length);
    }
    return form <= 1;
}

static void nul_byte(text_t *text, rng_t *rng, const board_t *board,
                     int variant)
{
    if (!byte_on_square_or_in_header(text, rng, board, variant % 3, '\0',
                                     "case 1\0", 7)) {
        add_headed(text, board, "case 2", 6);
        text_add_bytes(text, "\0\n", 2);
    }
}

static void lone_cr(text_t *text, rng_t *rng, const board_t *board,
                    int variant)
{
    if (!byte_on_square_or_in_header(text, rng, board, variant % 3, '\r',
                                     "case\r1", 6)) {
        /* Two board lines joined by a lone CR: one line of 17 bytes. */
        add_header(text, rng);
        add_rows(text, board, 0, 3);
        text->length--;
        text_add(text, "\r");
        add_rows(text, board, 3, BOARD_SIZE);
    }
}

const defect_t DEFECTS[] = {
    {"bad-header", "a header that is not 'case N'", .headers = BAD_HEADERS},
    {"capital-Case", "'Case N' with a capital C", .headers = CAPITAL_CASE},
    {"header-without-space", "'caseN' with no space", .headers = NO_SPACE},
    {"header-without-number", "'case' with no number", .headers = NO_NUMBER},
    {"number-over-999999999", "a case number over 999999999", .headers = TOO_BIG},
    {"header-missing", "board lines where a header is due", .build = header_missing},
    {"extra-board-line", "a ninth board line where a header is due", .build = extra_line},
    {"text-where-header-due", "a line of text where a header is due", .build = text_line},
    {"board-line-too-short", "a board line shorter than 8 bytes", .build = short_line},
    {"board-line-too-long", "a board line longer than 8 bytes", .build = long_line},
    {"bad-byte", "a byte that is no square", .square_bytes = "xXo0.#*aQ1b\x80\xff-"},
    {"plus-on-dark-square", "'+' on a dark square", .square_bytes = "+"},
    {"piece-on-light-square", "a piece on a light square", .square_bytes = "ABkK", .on_light = true},
    {"O-on-light-square", "'O' on a light square", .square_bytes = "O", .on_light = true},
    {"cut-short-by-header", "a case cut short by the next header (reported at its own header)", .build = cut_by_header},
    {"cut-short-by-end-of-input", "a case cut short by the end of the input (reported at its header)", .build = cut_by_end},
    {"nul-byte", "a NUL byte in a line", .build = nul_byte},
    {"lone-cr-inside-line", "a lone \\r inside a line (not a line end)", .build = lone_cr},
};
const int DEFECT_COUNT = (int)(sizeof DEFECTS / sizeof *DEFECTS);
