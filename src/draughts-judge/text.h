/* text.h -- a growable string, for the judge's messages.
 *
 * A message is built piece by piece (a list of moves, a path, values), so
 * its length is not known in advance. Running out of memory is recorded
 * in the text instead of being returned by every call: the builders stay
 * simple, and the caller checks text_failed once, before using the text. */
#ifndef DRAUGHTS_JUDGE_TEXT_H
#define DRAUGHTS_JUDGE_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#if defined(__GNUC__)
#define TEXT_PRINTF_LIKE(format_index, first_argument) \
    __attribute__((format(printf, format_index, first_argument)))
#else
#define TEXT_PRINTF_LIKE(format_index, first_argument)
#endif

typedef struct {
    char *bytes;      /* owned; NUL-terminated when not NULL */
    size_t length;
    size_t capacity;
    bool failed;      /* an allocation failed: the text is incomplete */
} text_t;

/* An empty text that owns nothing yet. */
void text_init(text_t *text);

void text_release(text_t *text);

void text_append(text_t *text, const char *bytes, size_t length);

void text_printf(text_t *text, const char *format, ...) TEXT_PRINTF_LIKE(2, 3);

/* text_printf with the arguments in a va_list (left for the caller to
 * va_end). */
void text_vprintf(text_t *text, const char *format, va_list arguments)
    TEXT_PRINTF_LIKE(2, 0);

/* The text as a C string; "" while nothing has been appended. */
const char *text_string(const text_t *text);

bool text_failed(const text_t *text);

/* Marks `text` incomplete: it was built from a text that failed. */
void text_mark_failed(text_t *text);

#endif
