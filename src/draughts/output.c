/* output.c -- a buffered writer for everything the engine prints. */
#include "output.h"

#include <errno.h>
#include <string.h>

#include "memory.h"

/* Large enough that writes are rare, small enough to be no burden. */
enum { OUTPUT_CAPACITY = 64 * 1024 };

bool output_open(output_t *output, FILE *stream)
{
    *output = (output_t){stream, memory_allocate(OUTPUT_CAPACITY), 0, false,
                         0};
    return output->buffer != NULL;
}

void output_flush(output_t *output)
{
    if (!output->failed && output->length > 0) {
        errno = 0;
        size_t written = fwrite(output->buffer, 1, output->length,
                                output->stream);
        if (written != output->length) {
            output->failed = true;
            output->error = errno != 0 ? errno : EIO;
        }
    }
    output->length = 0;
}

void output_bytes(output_t *output, const char *bytes, size_t length)
{
    while (length > 0) {
        if (output->length == OUTPUT_CAPACITY) {
            output_flush(output);
        }
        size_t room = OUTPUT_CAPACITY - output->length;
        size_t part = length < room ? length : room;
        memcpy(output->buffer + output->length, bytes, part);
        output->length += part;
        bytes += part;
        length -= part;
    }
}

void output_text(output_t *output, const char *text)
{
    output_bytes(output, text, strlen(text));
}

void output_integer(output_t *output, long value)
{
    char digits[32];
    char *start = digits + sizeof digits;
    /* The magnitude as unsigned, so that LONG_MIN has one too. */
    unsigned long magnitude =
        value < 0 ? 0UL - (unsigned long)value : (unsigned long)value;
    do {
        *--start = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    if (value < 0) {
        *--start = '-';
    }
    output_bytes(output, start, (size_t)(digits + sizeof digits - start));
}

void output_release(output_t *output)
{
    memory_release(output->buffer);
}
