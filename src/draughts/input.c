/* input.c -- the input's bytes, and the lines they make.
 *
 * Only '\n' ends a line, so a lone '\r' stays inside its line; '\r' is
 * white space, though, so the '\r' of a CRLF line end is trimmed like any
 * other trailing blank. */
#include "input.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "memory.h"

/* Small enough to cost nothing for a few cases, and doubled as needed so
 * that a large input costs only a logarithmic number of copies. */
enum { INITIAL_CAPACITY = 4096 };

/* Makes room for at least one more byte; false when memory is exhausted
 * (the old buffer is then still owned by the caller). */
static bool grow(char **bytes, size_t *capacity)
{
    /* A capacity that cannot double fails as an exhausted heap would. */
    char *larger = *capacity <= SIZE_MAX / 2
                       ? memory_resize(*bytes, *capacity * 2)
                       : NULL;
    if (larger == NULL) {
        return false;
    }
    *bytes = larger;
    *capacity *= 2;
    return true;
}

input_outcome_t input_read(FILE *stream, input_text_t *text, int *error)
{
    size_t capacity = INITIAL_CAPACITY;
    char *bytes = memory_allocate(capacity);
    size_t length = 0;
    if (bytes == NULL) {
        *text = (input_text_t){NULL, 0};
        return INPUT_OUT_OF_MEMORY;
    }
    for (;;) {
        if (length == capacity && !grow(&bytes, &capacity)) {
            memory_release(bytes);
            *text = (input_text_t){NULL, 0};
            return INPUT_OUT_OF_MEMORY;
        }
        errno = 0;
        size_t got = fread(bytes + length, 1, capacity - length, stream);
        length += got;
        if (got == 0) {
            break;
        }
    }
    if (ferror(stream)) {
        *error = errno != 0 ? errno : EIO;
        memory_release(bytes);
        *text = (input_text_t){NULL, 0};
        return INPUT_READ_FAILED;
    }
    *text = (input_text_t){bytes, length};
    return INPUT_READ;
}

void input_release(input_text_t *text)
{
    memory_release(text->bytes);
    *text = (input_text_t){NULL, 0};
}

void lines_start(line_reader_t *reader, const input_text_t *text)
{
    reader->next = text->bytes;
    reader->end = text->bytes + text->length;
    reader->lines_read = 0;
}

static bool is_blank(char byte)
{
    return byte == ' ' || byte == '\t' || byte == '\r' || byte == '\v' ||
           byte == '\f';
}

/* The next line, trimmed; false at the end of the input. A final line
 * without '\n' is a line, but the end right after a '\n' starts none. */
static bool next_line(line_reader_t *reader, line_t *line)
{
    if (reader->next == reader->end) {
        return false;
    }
    const char *start = reader->next;
    const char *newline = memchr(start, '\n', (size_t)(reader->end - start));
    const char *stop = newline != NULL ? newline : reader->end;
    reader->next = newline != NULL ? newline + 1 : reader->end;
    while (start < stop && is_blank(*start)) {
        start++;
    }
    while (stop > start && is_blank(stop[-1])) {
        stop--;
    }
    *line = (line_t){start, (size_t)(stop - start), ++reader->lines_read};
    return true;
}

bool lines_next_nonblank(line_reader_t *reader, line_t *line)
{
    while (next_line(reader, line)) {
        if (line->length > 0) {
            return true;
        }
    }
    return false;
}
