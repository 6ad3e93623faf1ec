/* line_parse.c -- what one line of a program's output says.
 *
 * The line is first copied without its white space, so every rule below
 * reads a compact string such as `|-|-A3:(7,2)=>(6,1);h=-3` and spaces
 * never need a thought again. */
#include "line_parse.h"

#include <string.h>

#include "grow.h"
#include "memory.h"

/* Numbers saturate here: far above any heuristic (an infinity either
 * way) and far from overflowing a long long. */
static const long long NUMBER_SATURATION = 1000000000000LL;
/* Coordinates saturate here: far off the board, and within a long. */
static const long long COORDINATE_SATURATION = 1000000;
/* Case numbers saturate one above the largest an input may hold, so a
 * saturated one matches no input case. */
static const long long CASE_NUMBER_SATURATION = LARGEST_CASE_NUMBER + 1LL;

/* The infinity sign, U+221E, in UTF-8. */
static const char INFINITY_SIGN[] = "\xE2\x88\x9E";

/* Why a line is malformed; shown to the student after the line itself. */
static const char NOT_A_LINE[] =
    "each non-blank line is `case N`, a move line such as "
    "`|-B2: (r1,c1)=>(r2,c2)`, a pruning line or `first move: ...`";
static const char BAD_HEADER[] = "a case header is `case N`, N a number";
static const char BAD_PREFIX[] =
    "a line at ply N has N - 1 `|-` before its label: A1, |-B2, |-|-A3, "
    "|-|-|-B4";
static const char BAD_LABEL[] =
    "the labels are A1, B2, A3 and B4: Alice moves at the odd plies, Bill "
    "at the even ones";
static const char BAD_MOVE[] = "a move is written (r1,c1)=>(r2,c2)";
static const char BAD_AFTER_MOVE[] =
    "after a move only `; h=V` may follow, V an integer or an infinity "
    "(inf, -inf, Infinity, ∞)";
static const char BAD_PRUNED[] =
    "a pruning line lists one or more moves (r1,c1)=>(r2,c2) separated by "
    "`,`";
static const char BAD_BOUNDS[] =
    "a pruning line ends with `; alpha=X, beta=Y`, X and Y integers or "
    "infinities (inf, -inf, Infinity, ∞)";
static const char BAD_FIRST_MOVE[] =
    "the first move is written `first move: (r1,c1)=>(r2,c2)`";

typedef struct {
    const char *at;
    const char *end;
} cursor_t;

static bool is_white(char byte)
{
    return byte == ' ' || byte == '\t' || byte == '\r' || byte == '\v' ||
           byte == '\f';
}

static bool at_end(const cursor_t *cursor) { return cursor->at == cursor->end; }

static bool take_char(cursor_t *cursor, char wanted)
{
    if (at_end(cursor) || *cursor->at != wanted) {
        return false;
    }
    cursor->at++;
    return true;
}

static char lower(char byte)
{
    return byte >= 'A' && byte <= 'Z' ? (char)(byte - 'A' + 'a') : byte;
}

/* `word` (lower case, no spaces) in any letter case. */
static bool take_word(cursor_t *cursor, const char *word)
{
    size_t length = strlen(word);
    if ((size_t)(cursor->end - cursor->at) < length) {
        return false;
    }
    for (size_t at = 0; at < length; at++) {
        if (lower(cursor->at[at]) != word[at]) {
            return false;
        }
    }
    cursor->at += length;
    return true;
}

/* One or more decimal digits, saturated at `ceiling`. */
static bool take_digits(cursor_t *cursor, long long ceiling, long long *value)
{
    const char *start = cursor->at;
    *value = 0;
    while (!at_end(cursor) && *cursor->at >= '0' && *cursor->at <= '9') {
        int digit = *cursor->at++ - '0';
        *value = *value > (ceiling - digit) / 10 ? ceiling
                                                 : *value * 10 + digit;
    }
    return cursor->at != start;
}

/* An optional sign: -1 after '-', else +1. */
static int take_sign(cursor_t *cursor)
{
    if (take_char(cursor, '-')) {
        return -1;
    }
    take_char(cursor, '+');
    return +1;
}

static bool take_number(cursor_t *cursor, printed_number_t *number)
{
    int sign = take_sign(cursor);
    if (take_word(cursor, "infinity") || take_word(cursor, "inf") ||
        take_word(cursor, INFINITY_SIGN)) {
        *number = (printed_number_t){
            sign < 0 ? NUMBER_MINUS_INFINITY : NUMBER_PLUS_INFINITY, 0};
        return true;
    }
    long long magnitude;
    if (!take_digits(cursor, NUMBER_SATURATION, &magnitude)) {
        return false;
    }
    *number = (printed_number_t){NUMBER_INTEGER, sign * magnitude};
    return true;
}

static bool take_coordinate(cursor_t *cursor, long *coordinate)
{
    int sign = take_sign(cursor);
    long long magnitude;
    if (!take_digits(cursor, COORDINATE_SATURATION, &magnitude)) {
        return false;
    }
    *coordinate = sign * (long)magnitude;
    return true;
}

static bool take_square(cursor_t *cursor, long *row, long *col)
{
    return take_char(cursor, '(') && take_coordinate(cursor, row) &&
           take_char(cursor, ',') && take_coordinate(cursor, col) &&
           take_char(cursor, ')');
}

static bool take_move(cursor_t *cursor, printed_move_t *move)
{
    return take_square(cursor, &move->from_row, &move->from_col) &&
           take_char(cursor, '=') && take_char(cursor, '>') &&
           take_square(cursor, &move->to_row, &move->to_col);
}

static void parse_header(cursor_t *cursor, output_line_t *parsed)
{
    long long number;
    if (take_digits(cursor, CASE_NUMBER_SATURATION, &number) && at_end(cursor)) {
        parsed->kind = LINE_HEADER;
        parsed->case_number = (long)number;
    } else {
        parsed->problem = BAD_HEADER;
    }
}

/* After `first move`: a move, or anything that names no move (`none`,
 * nothing at all). What starts like a move must be one. */
static void parse_first_move(cursor_t *cursor, output_line_t *parsed)
{
    take_char(cursor, ':');
    if (at_end(cursor) || *cursor->at != '(') {
        parsed->kind = LINE_FIRST_MOVE;
        parsed->names_move = false;
    } else if (take_move(cursor, &parsed->move) && at_end(cursor)) {
        parsed->kind = LINE_FIRST_MOVE;
        parsed->names_move = true;
    } else {
        parsed->problem = BAD_FIRST_MOVE;
    }
}

static void parse_move_line(cursor_t *cursor, output_line_t *parsed)
{
    if (!take_move(cursor, &parsed->move)) {
        parsed->problem = BAD_MOVE;
        return;
    }
    if (!at_end(cursor)) {
        parsed->has_h = take_char(cursor, ';') && take_word(cursor, "h") &&
                        take_char(cursor, '=') &&
                        take_number(cursor, &parsed->h) && at_end(cursor);
        if (!parsed->has_h) {
            parsed->problem = BAD_AFTER_MOVE;
            return;
        }
    }
    parsed->kind = LINE_MOVE;
}

static bool pool_add(move_pool_t *pool, printed_move_t move)
{
    void *moves = pool->moves;
    bool room = grow_for_one_more(&moves, pool->count, &pool->capacity,
                                  sizeof *pool->moves, 64);
    pool->moves = moves;
    if (room) {
        pool->moves[pool->count++] = move;
    }
    return room;
}

/* After `pruning`: the moves, then the bounds. The moves of a line that
 * turns out malformed are taken back out of the pool. False only when
 * memory ran out. */
static bool parse_pruning_line(cursor_t *cursor, move_pool_t *pool,
                               output_line_t *parsed)
{
    size_t first = pool->count;
    do {
        printed_move_t move;
        if (!take_move(cursor, &move)) {
            pool->count = first;
            parsed->problem = BAD_PRUNED;
            return true;
        }
        if (!pool_add(pool, move)) {
            return false;
        }
    } while (take_char(cursor, ','));
    if (take_char(cursor, ';') && take_word(cursor, "alpha") &&
        take_char(cursor, '=') && take_number(cursor, &parsed->alpha) &&
        take_char(cursor, ',') && take_word(cursor, "beta") &&
        take_char(cursor, '=') && take_number(cursor, &parsed->beta) &&
        at_end(cursor)) {
        parsed->kind = LINE_PRUNING;
        parsed->pruned_first = first;
        parsed->pruned_count = pool->count - first;
    } else {
        pool->count = first;
        parsed->problem = BAD_BOUNDS;
    }
    return true;
}

/* `|-` (ply - 1 times), the label, an optional ':', then a move or
 * `pruning`. False only when memory ran out. */
static bool parse_trace_line(cursor_t *cursor, move_pool_t *pool,
                             output_line_t *parsed)
{
    int bars = 0;
    while (take_word(cursor, "|-")) {
        bars++;
    }
    if (cursor->end - cursor->at < 2 ||
        (cursor->at[0] != 'A' && cursor->at[0] != 'B') ||
        cursor->at[1] < '1' || cursor->at[1] > '0' + LAST_PLY) {
        parsed->problem = NOT_A_LINE;
        return true;
    }
    bool alice_label = cursor->at[0] == 'A';
    parsed->ply = cursor->at[1] - '0';
    cursor->at += 2;
    if (bars != parsed->ply - 1) {
        parsed->problem = BAD_PREFIX;
        return true;
    }
    if (alice_label != (side_at_ply(parsed->ply) == ALICE)) {
        parsed->problem = BAD_LABEL;
        return true;
    }
    take_char(cursor, ':');
    if (take_word(cursor, "pruning")) {
        return parse_pruning_line(cursor, pool, parsed);
    }
    parse_move_line(cursor, parsed);
    return true;
}

/* Copies `line` without its white space; returns the length copied. */
static size_t compact(const line_t *line, char *scratch)
{
    size_t length = 0;
    for (size_t at = 0; at < line->length; at++) {
        if (!is_white(line->text[at])) {
            scratch[length++] = line->text[at];
        }
    }
    return length;
}

bool line_parse(const line_t *line, char *scratch, move_pool_t *pool,
                output_line_t *parsed)
{
    *parsed = (output_line_t){.kind = LINE_MALFORMED,
                              .number = line->number,
                              .text = line->text,
                              .length = line->length,
                              .problem = NOT_A_LINE};
    size_t length = compact(line, scratch);
    if (length > 0 && scratch[length - 1] == '.') {
        length--;  /* the final '.' is optional */
    }
    cursor_t cursor = {scratch, scratch + length};
    if (take_word(&cursor, "case")) {
        parse_header(&cursor, parsed);
        return true;
    }
    if (take_word(&cursor, "firstmove")) {
        parse_first_move(&cursor, parsed);
        return true;
    }
    return parse_trace_line(&cursor, pool, parsed);
}

void move_pool_release(move_pool_t *pool)
{
    memory_release(pool->moves);
    *pool = (move_pool_t){NULL, 0, 0};
}
