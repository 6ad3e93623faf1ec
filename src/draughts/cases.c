/* cases.c -- the case grammar: a header line, then eight board lines.
 *
 * A header is "case", one or more spaces or tabs, then decimal digits of
 * value at most 999999999 (leading zeros allowed, any number of them). A
 * board line is exactly eight bytes: '+' on a light square; 'O', 'A', 'k',
 * 'B' or 'K' on a dark one. Surrounding white space and blank lines were
 * already dropped by the line reader. */
#include "cases.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef enum { NOT_A_HEADER, HEADER_NUMBER_TOO_LARGE, HEADER } header_kind_t;

static const char KEYWORD[] = "case";
enum {
    KEYWORD_LENGTH = sizeof KEYWORD - 1,
    LARGEST_DIGIT_COUNT = 9,  /* LARGEST_CASE_NUMBER's */
    BYTE_NAME_CAPACITY = 16
};

static bool is_space_or_tab(char byte) { return byte == ' ' || byte == '\t'; }
static bool is_digit(char byte) { return byte >= '0' && byte <= '9'; }

/* The number is read digit by digit only once its significant digits are
 * known to be few enough, so a thousand-digit number cannot overflow. */
static header_kind_t classify_header(const line_t *line, long *number)
{
    const char *text = line->text;
    size_t length = line->length;
    if (length < KEYWORD_LENGTH ||
        memcmp(text, KEYWORD, KEYWORD_LENGTH) != 0) {
        return NOT_A_HEADER;
    }
    size_t at = KEYWORD_LENGTH;
    while (at < length && is_space_or_tab(text[at])) {
        at++;
    }
    size_t digits_start = at;
    while (at < length && is_digit(text[at])) {
        at++;
    }
    if (digits_start == KEYWORD_LENGTH || digits_start == at ||
        at != length) {
        return NOT_A_HEADER;
    }
    while (digits_start + 1 < length && text[digits_start] == '0') {
        digits_start++;
    }
    if (length - digits_start > LARGEST_DIGIT_COUNT) {
        return HEADER_NUMBER_TOO_LARGE;
    }
    *number = 0;
    for (at = digits_start; at < length; at++) {
        *number = *number * 10 + (text[at] - '0');
    }
    return HEADER;
}

static case_outcome_t malformed(diagnostic_t *diagnostic, size_t line,
                                const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    diagnostic->line = line;
    vsnprintf(diagnostic->message, sizeof diagnostic->message, format,
              arguments);
    va_end(arguments);
    return CASE_MALFORMED;
}

/* How a byte is named in a diagnostic: quoted when printable, so that a
 * NUL or a stray '\r' is visible rather than corrupting the line. */
static void name_byte(char byte, char name[BYTE_NAME_CAPACITY])
{
    unsigned char value = (unsigned char)byte;
    if (value >= 0x20 && value < 0x7f && value != '\'' && value != '\\') {
        snprintf(name, BYTE_NAME_CAPACITY, "'%c'", byte);
    } else {
        snprintf(name, BYTE_NAME_CAPACITY, "byte 0x%02x", value);
    }
}

/* 'O' and the four pieces; false for any other byte. */
static bool piece_of_symbol(char symbol, piece_t *piece)
{
    switch (symbol) {
    case 'O': *piece = EMPTY; return true;
    case 'A': *piece = ALICE_MAN; return true;
    case 'k': *piece = ALICE_KING; return true;
    case 'B': *piece = BILL_MAN; return true;
    case 'K': *piece = BILL_KING; return true;
    default: return false;
    }
}

/* What is wrong with `symbol` at (row, col), or NULL when it fits there;
 * `*piece` is what the square holds when it fits. */
static const char *square_problem(char symbol, int row, int col,
                                  piece_t *piece)
{
    *piece = EMPTY;
    if (symbol == '+') {
        return is_dark(row, col) ? "on a dark square" : NULL;
    }
    if (!piece_of_symbol(symbol, piece)) {
        return "is not a square symbol";
    }
    return is_dark(row, col) ? NULL : "on a light square";
}

/* Fills row `row` of `board` from `line`, or says what is wrong with it. */
static bool read_board_row(const line_t *line, int row, board_t *board,
                           diagnostic_t *diagnostic)
{
    if (line->length != BOARD_SIZE) {
        malformed(diagnostic, line->number, "row %d has %zu bytes, not %d",
                  row, line->length, (int)BOARD_SIZE);
        return false;
    }
    for (int col = 0; col < BOARD_SIZE; col++) {
        piece_t piece;
        const char *problem = square_problem(line->text[col], row, col, &piece);
        if (problem != NULL) {
            char name[BYTE_NAME_CAPACITY];
            name_byte(line->text[col], name);
            malformed(diagnostic, line->number, "%s %s (row %d, column %d)",
                      name, problem, row, col);
            return false;
        }
        board->square[square_at(row, col)] = (unsigned char)piece;
    }
    return true;
}

static case_outcome_t number_too_large(diagnostic_t *diagnostic,
                                       size_t line)
{
    return malformed(diagnostic, line, "case number above %d",
                     (int)LARGEST_CASE_NUMBER);
}

/* The eight board lines after the header of case `number` at line
 * `header_line`. A header in their place, or the end of the input, cuts
 * the case short, and that is reported at the case's own header. */
static case_outcome_t read_board(line_reader_t *lines, size_t header_line,
                                 long number, board_t *board,
                                 diagnostic_t *diagnostic)
{
    for (int row = 0; row < BOARD_SIZE; row++) {
        line_t line;
        long next_number;
        header_kind_t kind = lines_next_nonblank(lines, &line)
                                 ? classify_header(&line, &next_number)
                                 : HEADER;  /* the end: as cut short */
        if (kind == HEADER) {
            return malformed(diagnostic, header_line,
                             "case %ld has %d board line%s, not %d", number,
                             row, row == 1 ? "" : "s", (int)BOARD_SIZE);
        }
        if (kind == HEADER_NUMBER_TOO_LARGE) {
            return number_too_large(diagnostic, line.number);
        }
        if (!read_board_row(&line, row, board, diagnostic)) {
            return CASE_MALFORMED;
        }
    }
    return CASE_READ;
}

case_outcome_t cases_next(line_reader_t *lines, draughts_case_t *read,
                          diagnostic_t *diagnostic)
{
    line_t line;
    if (!lines_next_nonblank(lines, &line)) {
        return CASE_NONE_LEFT;
    }
    switch (classify_header(&line, &read->number)) {
    case NOT_A_HEADER:
        return malformed(diagnostic, line.number,
                         "expected a header such as \"case 1\"");
    case HEADER_NUMBER_TOO_LARGE:
        return number_too_large(diagnostic, line.number);
    case HEADER:
        break;
    }
    return read_board(lines, line.number, read->number, &read->board,
                      diagnostic);
}
