/* output.h -- a buffered writer for everything the engine prints.
 *
 * Lines are assembled in one malloc'd buffer and handed to the stream a
 * buffer at a time: a trace can run to millions of lines, and a library
 * call per piece of a line would cost more than the search. The first
 * failed write is remembered (with its errno) and later writes are
 * dropped, so callers check `failed` once per case instead of per call. */
#ifndef DRAUGHTS_OUTPUT_H
#define DRAUGHTS_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *stream;
    char *buffer;    /* owned */
    size_t length;   /* bytes waiting in `buffer` */
    bool failed;
    int error;       /* errno of the first failed write */
} output_t;

/* False when the buffer cannot be allocated; `output` then owns nothing,
 * and output_release is still safe. */
bool output_open(output_t *output, FILE *stream);

void output_bytes(output_t *output, const char *bytes, size_t length);

/* A NUL-terminated string. */
void output_text(output_t *output, const char *text);

/* Plain decimal: "-3", "0", "5". */
void output_integer(output_t *output, long value);

/* Hands the waiting bytes to the stream (`failed` and `error` tell how
 * that went). Does not flush or close the stream itself. */
void output_flush(output_t *output);

/* Frees the buffer, dropping what is waiting (flush first to keep it);
 * the writer is not to be used after. */
void output_release(output_t *output);

#endif
