/* main.c -- arguments, files and exit statuses; the cases in between.
 *
 *   draughts INPUT OUTPUT    the grader's form
 *   draughts INPUT           output on standard output
 *   draughts                 standard input to standard output
 *   draughts --explain ...   any of those, explained (first argument only)
 *
 * Exit status: 0 every case written, 2 malformed input or bad usage, 3 out
 * of memory, 4 a file could not be opened, read or written. Each of those
 * but 0 prints exactly one line on standard error, and only this file
 * prints it, after the output so far has been written out. With
 * --explain, explain.c also writes to standard error, after each case
 * played, why its first move was chosen; the output is the same byte for
 * byte, and a diagnostic is still the last line on standard error. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cases.h"
#include "draughts.h"
#include "explain.h"
#include "input.h"
#include "output.h"
#include "search.h"
#include "trace.h"

static const char USAGE[] = "usage: draughts [--explain] [INPUT [OUTPUT]]\n";

/* Names the file as 'name', or as `standard_stream` when none was named. */
static void report_file_error(const char *action, const char *name,
                              const char *standard_stream, int error)
{
    if (name != NULL) {
        fprintf(stderr, "draughts: cannot %s '%s': %s\n", action, name,
                strerror(error));
    } else {
        fprintf(stderr, "draughts: cannot %s %s: %s\n", action,
                standard_stream, strerror(error));
    }
}

static void report_out_of_memory(void)
{
    fputs("draughts: out of memory\n", stderr);
}

/* The whole input, from the file `name` or, when it is NULL, from
 * standard input. */
static exit_status_t read_input(const char *name, input_text_t *text)
{
    FILE *stream = name != NULL ? fopen(name, "rb") : stdin;
    if (stream == NULL) {
        report_file_error("open", name, "standard input", errno);
        return STATUS_IO_ERROR;
    }
    int error = 0;
    input_outcome_t outcome = input_read(stream, text, &error);
    if (name != NULL) {
        fclose(stream);  /* read-only: closing it cannot lose data */
    }
    switch (outcome) {
    case INPUT_OUT_OF_MEMORY:
        report_out_of_memory();
        return STATUS_OUT_OF_MEMORY;
    case INPUT_READ_FAILED:
        report_file_error("read", name, "standard input", error);
        return STATUS_IO_ERROR;
    case INPUT_READ:
        break;
    }
    return STATUS_DONE;
}

/* The header, the trace and the choice of one case, and with `explain`
 * its explanation, after the case's output so that a shared stream shows
 * them in that order; false when memory ran out (the case's output may
 * then be cut anywhere, and it is not explained). */
static bool play_case(const draughts_case_t *current, output_t *output,
                      bool explain)
{
    trace_case_header(output, current->number);
    search_root_t root;
    switch (search_first_move(&current->board, output, &root)) {
    case SEARCH_FOUND:
        trace_first_move(output, &root.moves[root.chosen].move);
        break;
    case SEARCH_NO_MOVE:
        trace_first_move(output, NULL);
        break;
    case SEARCH_OUT_OF_MEMORY:
        return false;
    }
    if (explain) {
        output_flush(output);
        explain_case(stderr, current->number, &root);
    }
    return true;
}

/* Every case, until the input ends or something stops the run. A failed
 * write stops it too: the rest of the output could not be written. */
static exit_status_t play_cases(const input_text_t *text, output_t *output,
                                bool explain, diagnostic_t *diagnostic)
{
    line_reader_t lines;
    lines_start(&lines, text);
    for (;;) {
        draughts_case_t current;
        switch (cases_next(&lines, &current, diagnostic)) {
        case CASE_NONE_LEFT:
            return STATUS_DONE;
        case CASE_MALFORMED:
            return STATUS_MALFORMED;
        case CASE_READ:
            break;
        }
        if (!play_case(&current, output, explain)) {
            return STATUS_OUT_OF_MEMORY;
        }
        if (output->failed) {
            return STATUS_IO_ERROR;
        }
    }
}

/* Writes out what is buffered and closes `stream` (a named file) or
 * flushes it (standard output, which the C library closes at exit). False
 * when any write failed, with `*error` the errno of the first failure. */
static bool finish_output(output_t *output, FILE *stream, bool named,
                          int *error)
{
    output_flush(output);
    errno = 0;
    bool closed = named ? fclose(stream) == 0 : fflush(stream) == 0;
    /* The first failure is the one named: a failed write, else a failed
     * close (which the tests cannot provoke once every write succeeded).
     * Only `output` writes to the stream, so a failed write is also what
     * ferror(stream) would tell. */
    *error = output->failed ? output->error : errno != 0 ? errno : EIO;
    return !output->failed && closed;
}

static void report_status(exit_status_t status, const diagnostic_t *diagnostic)
{
    if (status == STATUS_MALFORMED) {
        fprintf(stderr, "draughts: line %zu: %s\n", diagnostic->line,
                diagnostic->message);
    } else if (status == STATUS_OUT_OF_MEMORY) {
        report_out_of_memory();
    }
}

/* Plays every case of `text` into the file `name` or, when it is NULL,
 * standard output. The output is opened only now that the input is read,
 * so INPUT and OUTPUT may be the same file. */
static exit_status_t write_output(const input_text_t *text, const char *name,
                                  bool explain)
{
    FILE *stream = name != NULL ? fopen(name, "wb") : stdout;
    if (stream == NULL) {
        report_file_error("open", name, "standard output", errno);
        return STATUS_IO_ERROR;
    }
    /* `output` buffers already; without a second buffer in the stream, a
     * write fails at the call that makes it, with its errno. */
    (void)setvbuf(stream, NULL, _IONBF, 0);
    output_t output;
    diagnostic_t diagnostic;
    exit_status_t status = output_open(&output, stream)
                               ? play_cases(text, &output, explain,
                                            &diagnostic)
                               : STATUS_OUT_OF_MEMORY;
    int error;
    bool written = finish_output(&output, stream, name != NULL, &error);
    output_release(&output);
    if (!written) {
        report_file_error("write", name, "standard output", error);
        return STATUS_IO_ERROR;
    }
    report_status(status, &diagnostic);
    return status;
}

/* --explain is an option only as the first argument; anywhere else it is
 * a file name, as every argument was before it existed. */
int main(int argc, char **argv)
{
    bool explain = argc > 1 && strcmp(argv[1], "--explain") == 0;
    char **names = argv + 1 + explain;
    int name_count = argc - 1 - explain;
    if (name_count > 2) {
        fputs(USAGE, stderr);
        return STATUS_MALFORMED;
    }
    const char *input_name = name_count > 0 ? names[0] : NULL;
    const char *output_name = name_count > 1 ? names[1] : NULL;
    input_text_t text;
    exit_status_t status = read_input(input_name, &text);
    if (status == STATUS_DONE) {
        status = write_output(&text, output_name, explain);
        input_release(&text);
    }
    return (int)status;
}
