/* text.c -- a growable string, for the judge's messages. */
#include "text.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "memory.h"

/* Enough for most messages' lines at once; doubled when more is needed. */
enum { INITIAL_CAPACITY = 256 };

void text_init(text_t *text)
{
    *text = (text_t){NULL, 0, 0, false};
}

void text_release(text_t *text)
{
    memory_release(text->bytes);
    text_init(text);
}

/* Room for `extra` more bytes and the terminating NUL; false (and the text
 * marked failed) when memory is exhausted. */
static bool reserve(text_t *text, size_t extra)
{
    if (text->failed || extra > SIZE_MAX / 2 - text->length) {
        text->failed = true;
        return false;
    }
    size_t needed = text->length + extra + 1;
    if (needed <= text->capacity) {
        return true;
    }
    size_t capacity = text->capacity > 0 ? text->capacity : INITIAL_CAPACITY;
    while (capacity < needed) {
        capacity *= 2;
    }
    char *larger = memory_resize(text->bytes, capacity);
    if (larger == NULL) {
        text->failed = true;
        return false;
    }
    text->bytes = larger;
    text->capacity = capacity;
    return true;
}

void text_append(text_t *text, const char *bytes, size_t length)
{
    if (!reserve(text, length)) {
        return;
    }
    memcpy(text->bytes + text->length, bytes, length);
    text->length += length;
    text->bytes[text->length] = '\0';
}

void text_vprintf(text_t *text, const char *format, va_list arguments)
{
    va_list measure;
    va_copy(measure, arguments);
    int needed = vsnprintf(NULL, 0, format, measure);
    va_end(measure);
    if (needed < 0) {
        text->failed = true;
    } else if (reserve(text, (size_t)needed)) {
        vsnprintf(text->bytes + text->length, (size_t)needed + 1, format,
                  arguments);
        text->length += (size_t)needed;
    }
}

void text_printf(text_t *text, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    text_vprintf(text, format, arguments);
    va_end(arguments);
}

const char *text_string(const text_t *text)
{
    return text->bytes != NULL ? text->bytes : "";
}

bool text_failed(const text_t *text)
{
    return text->failed;
}

void text_mark_failed(text_t *text)
{
    text->failed = true;
}
