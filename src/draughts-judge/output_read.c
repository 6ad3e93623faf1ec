/* output_read.c -- a program's whole output, read into lines and cut
 * into cases. */
#include "output_read.h"

#include "grow.h"
#include "memory.h"

/* Parses every non-blank line; false when memory ran out. */
static bool parse_lines(program_output_t *output)
{
    /* A line is never longer than the whole output. */
    char *scratch = memory_allocate(output->text.length + 1);
    if (scratch == NULL) {
        return false;
    }
    size_t capacity = 0;
    line_reader_t reader;
    lines_start(&reader, &output->text);
    line_t line;
    bool enough_memory = true;
    while (enough_memory && lines_next_nonblank(&reader, &line)) {
        void *lines = output->lines;
        enough_memory = grow_for_one_more(&lines, output->line_count,
                                          &capacity, sizeof *output->lines,
                                          64);
        output->lines = lines;
        enough_memory = enough_memory &&
                        line_parse(&line, scratch, &output->pool,
                                   &output->lines[output->line_count++]);
    }
    memory_release(scratch);
    return enough_memory;
}

static bool open_case(program_output_t *output, size_t *capacity,
                      size_t index)
{
    void *cases = output->cases;
    if (!grow_for_one_more(&cases, output->case_count, capacity,
                           sizeof *output->cases, 64)) {
        return false;
    }
    output->cases = cases;
    const output_line_t *line = &output->lines[index];
    bool header = line->kind == LINE_HEADER;
    output->cases[output->case_count++] = (output_case_t){
        index, index, header, header ? line->case_number : 0};
    return true;
}

/* Cuts the lines into cases (see output_read.h); false when memory ran
 * out. */
static bool cut_into_cases(program_output_t *output)
{
    size_t capacity = 0;
    bool open = false;
    for (size_t index = 0; index < output->line_count; index++) {
        line_kind_t kind = output->lines[index].kind;
        /* A header always opens a case. With none open, so does any other
         * line, except a malformed one, which joins the case just closed
         * (when there is one). */
        bool opens = kind == LINE_HEADER ||
                     (!open && (kind != LINE_MALFORMED ||
                                output->case_count == 0));
        if (opens && !open_case(output, &capacity, index)) {
            return false;
        }
        output->cases[output->case_count - 1].end = index + 1;
        /* `first move` closes its case. */
        open = (opens || open) && kind != LINE_FIRST_MOVE;
    }
    return true;
}

output_outcome_t program_output_read(FILE *stream, program_output_t *output,
                                     int *error)
{
    *output = (program_output_t){0};
    switch (input_read(stream, &output->text, error)) {
    case INPUT_OUT_OF_MEMORY:
        return OUTPUT_OUT_OF_MEMORY;
    case INPUT_READ_FAILED:
        return OUTPUT_READ_FAILED;
    case INPUT_READ:
        break;
    }
    if (!parse_lines(output) || !cut_into_cases(output)) {
        program_output_release(output);
        return OUTPUT_OUT_OF_MEMORY;
    }
    return OUTPUT_READ;
}

void program_output_release(program_output_t *output)
{
    input_release(&output->text);
    memory_release(output->lines);
    move_pool_release(&output->pool);
    memory_release(output->cases);
    *output = (program_output_t){0};
}
