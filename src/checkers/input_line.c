/* input_line.c -- reading one input line and telling what it is.
 *
 * After surrounding white space is dropped, a line must be empty, exactly
 * "A" or "P", or exactly <letter><digits>-<letter><digits> with upper-case
 * letters. The scanner below is that grammar as a state machine. */
#include "input_line.h"

typedef enum {
    AT_START,          /* only white space so far */
    AFTER_LETTER,      /* a command, or an action's source column */
    IN_SOURCE_ROW,
    AFTER_DASH,
    AFTER_TARGET_COLUMN,
    IN_TARGET_ROW,
    AFTER_COMMAND,     /* a complete command, then white space */
    AFTER_ACTION,      /* a complete action, then white space */
    MALFORMED
} scan_state_t;

static bool is_blank(int byte)
{
    return byte == ' ' || byte == '\t' || byte == '\r' || byte == '\v' ||
           byte == '\f';
}

static bool is_upper(int byte) { return byte >= 'A' && byte <= 'Z'; }
static bool is_digit(int byte) { return byte >= '0' && byte <= '9'; }
static bool is_command(int byte) { return byte == 'A' || byte == 'P'; }

static int add_digit(int number, int byte)
{
    number = number * 10 + (byte - '0');
    return number > ROW_CAP ? ROW_CAP : number;
}

static scan_state_t after_blank(scan_state_t state, const input_line_t *line)
{
    switch (state) {
    case AT_START:
    case AFTER_COMMAND:
    case AFTER_ACTION:
        return state;
    case AFTER_LETTER:
        return is_command(line->command) ? AFTER_COMMAND : MALFORMED;
    case IN_TARGET_ROW:
        return AFTER_ACTION;
    default:
        return MALFORMED;
    }
}

static scan_state_t after_byte(scan_state_t state, int byte,
                               input_line_t *line)
{
    typed_action_t *action = &line->action;
    if (is_blank(byte)) {
        return after_blank(state, line);
    }
    if (state == AT_START && is_upper(byte)) {
        line->command = (char)byte;
        action->source_col = byte - 'A';
        return AFTER_LETTER;
    }
    if ((state == AFTER_LETTER || state == IN_SOURCE_ROW) && is_digit(byte)) {
        action->source_row = add_digit(action->source_row, byte);
        return IN_SOURCE_ROW;
    }
    if (state == IN_SOURCE_ROW && byte == '-') {
        return AFTER_DASH;
    }
    if (state == AFTER_DASH && is_upper(byte)) {
        action->target_col = byte - 'A';
        return AFTER_TARGET_COLUMN;
    }
    if ((state == AFTER_TARGET_COLUMN || state == IN_TARGET_ROW) &&
        is_digit(byte)) {
        action->target_row = add_digit(action->target_row, byte);
        return IN_TARGET_ROW;
    }
    return MALFORMED;
}

static line_kind_t kind_at_line_end(scan_state_t state,
                                    const input_line_t *line)
{
    switch (after_blank(state, line)) {
    case AT_START:
        return LINE_BLANK;
    case AFTER_COMMAND:
        return LINE_COMMAND;
    case AFTER_ACTION:
        return LINE_ACTION;
    default:
        return LINE_MALFORMED;
    }
}

/* White space past the excerpt does not count as cut text: it may be the
 * line's trailing white space, which the diagnostic never shows. */
static void keep_in_excerpt(input_line_t *line, int byte)
{
    if (line->excerpt_length < EXCERPT_CAPACITY) {
        line->excerpt[line->excerpt_length++] = (char)byte;
    } else if (!is_blank(byte)) {
        line->excerpt_cut = true;
    }
}

void input_open(input_t *input, FILE *stream)
{
    input->stream = stream;
    input->lines_started = 0;
}

void input_read_line(input_t *input, input_line_t *line)
{
    *line = (input_line_t){.kind = LINE_END, .number = input->lines_started};
    int byte = getc(input->stream);
    bool line_started = byte != EOF;
    if (line_started) {
        line->number = ++input->lines_started;
    }
    scan_state_t state = AT_START;
    for (; byte != EOF && byte != '\n'; byte = getc(input->stream)) {
        state = after_byte(state, byte, line);
        if (state != AT_START) {
            keep_in_excerpt(line, byte);
        }
        if (state == MALFORMED && line->excerpt_cut) {
            break;  /* enough to show; the rest is never read */
        }
    }
    if (byte == EOF && ferror(input->stream)) {
        line->kind = LINE_READ_ERROR;
    } else if (line_started) {
        line->kind = kind_at_line_end(state, line);
    }
}

static void print_escaped(FILE *out, const char *text, size_t length)
{
    for (size_t i = 0; i < length; i++) {
        unsigned char byte = (unsigned char)text[i];
        if (byte == '"' || byte == '\\') {
            fprintf(out, "\\%c", byte);
        } else if (byte >= 0x20 && byte < 0x7f) {
            putc(byte, out);
        } else {
            fprintf(out, "\\x%02x", byte);
        }
    }
}

void input_report_malformed(FILE *out, const input_line_t *line)
{
    /* Trailing white space is not part of the line's text. The excerpt
     * starts with the byte that ended the leading white space, so this
     * stops before it runs out. */
    size_t length = line->excerpt_length;
    while (!line->excerpt_cut &&
           is_blank((unsigned char)line->excerpt[length - 1])) {
        length--;
    }
    fprintf(out, "checkers: line %ld: malformed action \"", line->number);
    print_escaped(out, line->excerpt, length);
    fprintf(out, "%s\" (expected e.g. G6-F5, A or P)\n",
            line->excerpt_cut ? "..." : "");
}
