/* output_read.h -- a program's whole output, read into lines and cut
 * into cases.
 *
 * JUDGE.md: "A case starts with `case N`. A missing header is a format
 * note, not a fault: the cases are then told apart by their `first move`
 * lines." So a header opens a case, a `first move` line closes one, and a
 * trace line with no case open opens one without a header. A malformed
 * line belongs to the case open at it, or else to the case just closed
 * (it is most likely stray text printed after a case), so that its fault
 * is reported in the case where it stands. */
#ifndef DRAUGHTS_JUDGE_OUTPUT_READ_H
#define DRAUGHTS_JUDGE_OUTPUT_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "input.h"
#include "judge.h"
#include "line_parse.h"

/* One case of the output: lines[first] up to, not including, lines[end]. */
typedef struct {
    size_t first;
    size_t end;
    bool has_header;       /* lines[first] is its `case N` line */
    long header_number;
} output_case_t;

typedef struct {
    input_text_t text;         /* the bytes every line points into */
    output_line_t *lines;      /* the non-blank lines, in order */
    size_t line_count;
    move_pool_t pool;          /* the moves of the pruning lines */
    output_case_t *cases;
    size_t case_count;
} program_output_t;

typedef enum {
    OUTPUT_READ,
    OUTPUT_OUT_OF_MEMORY,
    OUTPUT_READ_FAILED     /* *error holds the errno */
} output_outcome_t;

/* Reads `stream` to its end and parses it. On any outcome but OUTPUT_READ,
 * `output` owns nothing. */
output_outcome_t program_output_read(FILE *stream, program_output_t *output,
                                     int *error);

void program_output_release(program_output_t *output);

#endif
