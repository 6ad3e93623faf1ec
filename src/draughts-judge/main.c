/* main.c -- the draughts judge's command line, files and exit statuses.
 *
 *   draughts-judge INPUT ANSWER FEEDBACK_DIR [ignored...] < OUTPUT
 *
 * The Kattis / DOMjudge output validator interface: INPUT is the HW4
 * input file, ANSWER the reference output (not read: the verdict rests on
 * the rules alone, never on the reference's order of moves), FEEDBACK_DIR
 * the directory for judgemessage.txt, and the program's output comes on
 * standard input. Further arguments (validator flags) are ignored.
 *
 * Exit status: 42 accepted, 43 wrong answer, with the verdict in
 * FEEDBACK_DIR/judgemessage.txt either way; 1 when the judge itself
 * cannot judge (bad usage, an unreadable or malformed INPUT, no memory, a
 * message that cannot be written), with one line on standard error. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cases.h"
#include "file_check.h"
#include "grow.h"
#include "input.h"
#include "memory.h"
#include "output_read.h"
#include "text.h"

enum {
    EXIT_ACCEPTED = 42,
    EXIT_WRONG_ANSWER = 43,
    EXIT_JUDGE_ERROR = 1
};

static const char MESSAGE_FILE[] = "judgemessage.txt";

static int judge_error(const char *what, const char *name, int error)
{
    fprintf(stderr, "draughts-judge: %s '%s'%s%s\n", what, name,
            error != 0 ? ": " : "", error != 0 ? strerror(error) : "");
    return EXIT_JUDGE_ERROR;
}

static int out_of_memory(void)
{
    fputs("draughts-judge: out of memory\n", stderr);
    return EXIT_JUDGE_ERROR;
}

/* The input's cases, in order: a growable array. */
typedef struct {
    draughts_case_t *cases;
    size_t count;
    size_t capacity;
} case_list_t;

/* The whole INPUT file `name`; false (with the error on stderr) when it
 * cannot be read. */
static bool read_file_text(const char *name, input_text_t *text)
{
    FILE *stream = fopen(name, "rb");
    if (stream == NULL) {
        judge_error("cannot open INPUT", name, errno);
        return false;
    }
    int error = 0;
    input_outcome_t outcome = input_read(stream, text, &error);
    fclose(stream);  /* read-only: closing it cannot lose data */
    if (outcome == INPUT_OUT_OF_MEMORY) {
        out_of_memory();
    } else if (outcome == INPUT_READ_FAILED) {
        judge_error("cannot read INPUT", name, error);
    }
    return outcome == INPUT_READ;
}

/* Room for one more case; false when memory is exhausted. */
static bool make_room(case_list_t *list)
{
    void *cases = list->cases;
    bool room = grow_for_one_more(&cases, list->count, &list->capacity,
                                  sizeof *list->cases, 16);
    list->cases = cases;
    return room;
}

/* Every case of the INPUT file `name`, read by the engine's own reader
 * (src/draughts/cases.c), so the judge accepts exactly the inputs the
 * engine accepts; false (with the error on stderr) when the file cannot
 * be read or is malformed. */
static bool read_cases(const char *name, case_list_t *list)
{
    input_text_t text;
    if (!read_file_text(name, &text)) {
        return false;
    }
    line_reader_t lines;
    lines_start(&lines, &text);
    case_outcome_t read = CASE_READ;
    diagnostic_t diagnostic;
    while (read == CASE_READ) {
        if (!make_room(list)) {
            input_release(&text);
            out_of_memory();
            return false;
        }
        read = cases_next(&lines, &list->cases[list->count], &diagnostic);
        list->count += read == CASE_READ ? 1 : 0;
    }
    input_release(&text);
    if (read == CASE_MALFORMED) {
        fprintf(stderr, "draughts-judge: malformed INPUT '%s', line %zu: %s\n",
                name, diagnostic.line, diagnostic.message);
        return false;
    }
    return true;
}

/* Writes `message` to FEEDBACK_DIR/judgemessage.txt; false (with the
 * error on stderr) when it cannot. */
static bool write_message(const char *directory, const text_t *message)
{
    text_t path;
    text_init(&path);
    text_printf(&path, "%s/%s", directory, MESSAGE_FILE);
    if (text_failed(&path)) {
        text_release(&path);
        out_of_memory();
        return false;
    }
    FILE *stream = fopen(text_string(&path), "wb");
    bool written = stream != NULL &&
                   fwrite(text_string(message), 1, message->length, stream) ==
                       message->length;
    int error = errno;
    if (stream != NULL && fclose(stream) != 0 && written) {
        written = false;
        error = errno;
    }
    if (!written) {
        judge_error("cannot write", text_string(&path), error);
    }
    text_release(&path);
    return written;
}

/* Judges the output on standard input against `cases`; the exit status. */
static int judge_output(const case_list_t *cases, const char *directory)
{
    program_output_t output;
    int error = 0;
    switch (program_output_read(stdin, &output, &error)) {
    case OUTPUT_OUT_OF_MEMORY:
        return out_of_memory();
    case OUTPUT_READ_FAILED:
        return judge_error("cannot read the program's output from",
                           "standard input", error);
    case OUTPUT_READ:
        break;
    }
    text_t message;
    text_init(&message);
    bool accepted = file_check(cases->cases, cases->count, &output, &message);
    int status = text_failed(&message)            ? out_of_memory()
                 : !write_message(directory, &message) ? EXIT_JUDGE_ERROR
                 : accepted                       ? EXIT_ACCEPTED
                                                  : EXIT_WRONG_ANSWER;
    text_release(&message);
    program_output_release(&output);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fputs("usage: draughts-judge INPUT ANSWER FEEDBACK_DIR < OUTPUT\n",
              stderr);
        return EXIT_JUDGE_ERROR;
    }
    case_list_t cases = {NULL, 0, 0};
    int status = read_cases(argv[1], &cases)
                     ? judge_output(&cases, argv[3])
                     : EXIT_JUDGE_ERROR;
    memory_release(cases.cases);
    return status;
}
