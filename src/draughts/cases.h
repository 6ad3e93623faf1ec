/* cases.h -- the case grammar: a header line, then eight board lines.
 *
 * Whatever is wrong with a case is found before any of it is played, so a
 * malformed case leaves no output behind; the diagnostic names the line. */
#ifndef DRAUGHTS_CASES_H
#define DRAUGHTS_CASES_H

#include <stddef.h>

#include "draughts.h"
#include "input.h"

typedef struct {
    long number;     /* as read: "case 007" is case 7 */
    board_t board;
} draughts_case_t;

typedef enum {
    CASE_READ,
    CASE_NONE_LEFT,  /* only blank lines, if any, were left */
    CASE_MALFORMED
} case_outcome_t;

enum { DIAGNOSTIC_CAPACITY = 96 };

/* What is wrong, without the "draughts: line N: " the caller prefixes. */
typedef struct {
    size_t line;
    char message[DIAGNOSTIC_CAPACITY];
} diagnostic_t;

/* Reads the next case. On CASE_MALFORMED, `*diagnostic` says where and
 * why, and `*read` is meaningless. */
case_outcome_t cases_next(line_reader_t *lines, draughts_case_t *read,
                          diagnostic_t *diagnostic);

#endif
