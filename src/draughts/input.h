/* input.h -- the input's bytes, and the lines they make.
 *
 * The whole input is read into one buffer before the first case is played:
 * a case's output must not start before the case is known to be well
 * formed, and reading everything first also lets INPUT and OUTPUT name the
 * same file. Lines are then cut out of the buffer in one pass. */
#ifndef DRAUGHTS_INPUT_H
#define DRAUGHTS_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    char *bytes;    /* owned; NULL until input_read succeeds */
    size_t length;
} input_text_t;

typedef enum {
    INPUT_READ,
    INPUT_OUT_OF_MEMORY,
    INPUT_READ_FAILED    /* *error holds the errno */
} input_outcome_t;

/* Reads `stream` to its end. On any outcome but INPUT_READ, `text` owns
 * nothing. */
input_outcome_t input_read(FILE *stream, input_text_t *text, int *error);

void input_release(input_text_t *text);

/* One line without its '\n' and without the white space around it. */
typedef struct {
    const char *text;
    size_t length;
    size_t number;      /* 1-based; blank lines count too */
} line_t;

typedef struct {
    const char *next;   /* start of the next line */
    const char *end;    /* end of the input */
    size_t lines_read;
} line_reader_t;

/* `text` must outlive the reader. */
void lines_start(line_reader_t *reader, const input_text_t *text);

/* The next line that is not blank; false when the input has no more. */
bool lines_next_nonblank(line_reader_t *reader, line_t *line);

#endif
