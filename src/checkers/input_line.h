/* input_line.h -- reading one input line and telling what it is.
 *
 * Lines are scanned byte by byte as they arrive, never stored whole: an
 * action whose row has a thousand leading zeros is still an action, while a
 * stream of NUL bytes is rejected at its first byte instead of filling
 * memory. Reading stops at the end of the line that decides the outcome, so
 * nothing after a command or a faulty line is consumed. */
#ifndef INPUT_LINE_H
#define INPUT_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum {
    LINE_BLANK,      /* nothing but white space */
    LINE_ACTION,
    LINE_COMMAND,    /* exactly "A" or "P" */
    LINE_MALFORMED,
    LINE_END,        /* no more input */
    LINE_READ_ERROR
} line_kind_t;

/* An action as typed: the column as an index from 'A' (0..25), the row as
 * the decimal number written, capped at ROW_CAP so that any long number
 * stays outside the board without overflowing. */
enum { ROW_CAP = 1000 };
typedef struct {
    int source_col, source_row;
    int target_col, target_row;
} typed_action_t;

/* The start of a malformed line, for the diagnostic. */
enum { EXCERPT_CAPACITY = 40 };

typedef struct {
    line_kind_t kind;
    long number;            /* 1-based; blank lines count too */
    char command;           /* 'A' or 'P' */
    typed_action_t action;
    char excerpt[EXCERPT_CAPACITY];
    size_t excerpt_length;
    bool excerpt_cut;       /* the line went on past the excerpt */
} input_line_t;

typedef struct {
    FILE *stream;
    long lines_started;
} input_t;

void input_open(input_t *input, FILE *stream);

void input_read_line(input_t *input, input_line_t *line);

/* "checkers: line N: malformed action "..." (expected ...)", one line. */
void input_report_malformed(FILE *out, const input_line_t *line);

#endif
