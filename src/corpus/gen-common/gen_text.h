/* gen_text.h -- a growing byte buffer for one candidate input file, and
 * writing it out; shared by both case generators.
 *
 * Inputs hold NUL bytes and lone carriage returns on purpose, so the buffer
 * keeps a length and never relies on a terminating NUL. A generator is a
 * development tool with nothing to save: running out of memory or failing
 * to write ends it with a message. */
#ifndef GEN_TEXT_H
#define GEN_TEXT_H

#include <stddef.h>

typedef struct {
    char *bytes;
    size_t length;
    size_t capacity;
} text_t;

void text_init(text_t *text);
void text_free(text_t *text);
void text_add_bytes(text_t *text, const char *bytes, size_t length);
void text_add(text_t *text, const char *string);
void text_printf(text_t *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Writes the bytes to `path` (created or emptied); an empty text makes an
 * empty file. */
void text_write(const text_t *text, const char *path);

#endif
