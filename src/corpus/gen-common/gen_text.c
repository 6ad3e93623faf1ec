/* gen_text.c -- a growing byte buffer, and writing it to a file. */
#include "gen_text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
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
            fputs("corpus-gen: out of memory\n", stderr);
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
        fputs("corpus-gen: formatted line too long\n", stderr);
        exit(1);
    }
    text_add_bytes(text, line, (size_t)length);
}

void text_write(const text_t *text, const char *path)
{
    FILE *file = fopen(path, "wb");
    /* An empty text is a valid file: nothing to fwrite then. */
    bool written = file != NULL &&
                   (text->length == 0 ||
                    fwrite(text->bytes, 1, text->length, file) ==
                        text->length);
    if (file == NULL || fclose(file) != 0 || !written) {
        fprintf(stderr, "corpus-gen: cannot write %s: %s\n", path,
                strerror(errno));
        exit(4);
    }
}
