/* line_parse.h -- what one line of a program's output says, read as
 * JUDGE.md reads it.
 *
 * Tolerance, all of it here: white space inside a line is insignificant
 * (it is dropped before anything else is read), the words `case`,
 * `pruning`, `first move`, `alpha`, `beta` and `h` may be in any letter
 * case, the final '.' and the ':' after a label are optional, and a value
 * may be an integer or an infinity written `inf`, `Infinity` or `∞`, with
 * or without a sign. Whether a large integer is an infinity depends on
 * the case's board, so numbers are kept as printed (see rules.h). */
#ifndef DRAUGHTS_JUDGE_LINE_PARSE_H
#define DRAUGHTS_JUDGE_LINE_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "input.h"
#include "judge.h"

/* The moves listed by every pruning line of an output, in one array:
 * lines refer to theirs by position, so a line needs no allocation. */
typedef struct {
    printed_move_t *moves;  /* owned */
    size_t count;
    size_t capacity;
} move_pool_t;

void move_pool_release(move_pool_t *pool);

/* Reads the non-blank, trimmed `line` into `parsed`; a line of no known
 * shape becomes LINE_MALFORMED with the reason in `problem`. `scratch`
 * must hold at least line->length bytes. False only when memory ran out
 * (`parsed` is then meaningless). */
bool line_parse(const line_t *line, char *scratch, move_pool_t *pool,
                output_line_t *parsed);

#endif
