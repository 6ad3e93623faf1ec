/* gen_text.c -- a growing byte buffer; out of memory ends the generator,
 * which is a development tool with nothing to save. */
#include "gen_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void text_init(text_t *text)
{
    *text = (text_t){NULL, 0, 0};
}

void text_free(text_t *text)
{
    free(text->bytes);
    text_init(text);
}

void text_add_bytes(text_t *text, const char *bytes, size_t length)
{
    if (text->length + length > text->capacity) {
        size_t capacity = text->capacity * 2 + length + 64;
        char *grown = realloc(text->bytes, capacity);
        if (grown == NULL) {
            fputs("draughts-corpus-gen: out of memory\n", stderr);
            exit(3);
        }
        text->bytes = grown;
        text->capacity = capacity;
    }
    memcpy(text->bytes + text->length, bytes, length);
    text->length += length;
}

void text_add(text_t *text, const char *string)
{
    text_add_bytes(text, string, strlen(string));
}

void text_printf(text_t *text, const char *format, ...)
{
    /* Every formatted piece here is a header or a reason: short lines. */
    char line[512];
    va_list args;
    va_start(args, format);
    int length = vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (length < 0 || (size_t)length >= sizeof line) {
        fputs("draughts-corpus-gen: formatted line too long\n", stderr);
        exit(1);
    }
    text_add_bytes(text, line, (size_t)length);
}
