/* messages.c -- how the judge writes moves, values, paths and lines, and
 * the verdict message that names the first fault. */
#include "messages.h"

/* Lines longer than this are cut in messages: a student needs the start
 * of a line to find it, and a verdict should stay a few lines long. */
enum { LONGEST_LINE_SHOWN = 200 };

void message_move(text_t *text, move_t move)
{
    text_printf(text, "(%d,%d)=>(%d,%d)", square_row(move.from),
                square_col(move.from), square_row(move.to),
                square_col(move.to));
}

void message_printed_move(text_t *text, printed_move_t move)
{
    text_printf(text, "(%ld,%ld)=>(%ld,%ld)", move.from_row, move.from_col,
                move.to_row, move.to_col);
}

void message_worth(text_t *text, int worth)
{
    if (worth == PLUS_INFINITY) {
        text_printf(text, "+inf");
    } else if (worth == MINUS_INFINITY) {
        text_printf(text, "-inf");
    } else {
        text_printf(text, "%d", worth);
    }
}

void message_printed_number(text_t *text, printed_number_t number,
                            int largest_heuristic)
{
    switch (number.kind) {
    case NUMBER_PLUS_INFINITY:
        text_printf(text, "+inf");
        return;
    case NUMBER_MINUS_INFINITY:
        text_printf(text, "-inf");
        return;
    case NUMBER_INTEGER:
        break;
    }
    text_printf(text, "%lld", number.integer);
    if (number.integer > largest_heuristic) {
        text_printf(text, " (read as +inf)");
    } else if (number.integer < -largest_heuristic) {
        text_printf(text, " (read as -inf)");
    }
}

void message_moves(text_t *text, const move_t *moves, int count)
{
    if (count == 0) {
        text_printf(text, "none");
    }
    for (int index = 0; index < count; index++) {
        text_printf(text, "%s", index > 0 ? ", " : "");
        message_move(text, moves[index]);
    }
}

void message_path(text_t *text, const path_t *path)
{
    if (path->length == 0) {
        text_printf(text, "the root (Alice to move at A1)");
    }
    for (int index = 0; index < path->length; index++) {
        text_printf(text, "%s%s ", index > 0 ? " / " : "",
                    ply_label(index + 1));
        message_move(text, path->moves[index]);
    }
}

void message_bounds(text_t *text, int alpha, int beta)
{
    text_printf(text, "alpha=");
    message_worth(text, alpha);
    text_printf(text, ", beta=");
    message_worth(text, beta);
}

/* A UTF-8 continuation byte: a line is never cut in front of one. */
static bool continues_character(char byte)
{
    return ((unsigned char)byte & 0xC0) == 0x80;
}

/* How many bytes the character starting at text[0] (of `length`) takes
 * when it is printable UTF-8; 0 when it is a control byte or not UTF-8,
 * which the message shows as '?' so that it stays readable text. */
static size_t printable_character(const char *text, size_t length)
{
    unsigned char lead = (unsigned char)text[0];
    size_t size = lead >= 0x20 && lead < 0x7F ? 1
                  : lead >= 0xC2 && lead <= 0xDF ? 2
                  : lead >= 0xE0 && lead <= 0xEF ? 3
                  : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                 : 0;
    if (size > length) {
        return 0;
    }
    for (size_t at = 1; at < size; at++) {
        if (!continues_character(text[at])) {
            return 0;
        }
    }
    return size;
}

void message_line(text_t *text, const output_line_t *line)
{
    size_t length = line->length;
    bool cut = length > LONGEST_LINE_SHOWN;
    if (cut) {
        length = LONGEST_LINE_SHOWN;
        while (length > 0 && continues_character(line->text[length])) {
            length--;
        }
    }
    for (size_t at = 0; at < length;) {
        size_t size = printable_character(line->text + at, length - at);
        text_append(text, size > 0 ? line->text + at : "?",
                    size > 0 ? size : 1);
        at += size > 0 ? size : 1;
    }
    if (cut) {
        text_printf(text, " ...");
    }
}

/* "case 5 (input case 1 of 3)", with what the output's header says when
 * it is missing or differs. */
static void message_case(text_t *text, const case_identity_t *identity)
{
    if (identity->extra) {
        text_printf(text, "the output's case %zu (the input has %zu)",
                    identity->position, identity->total);
        return;
    }
    text_printf(text, "case %ld (input case %zu of %zu", identity->number,
                identity->position, identity->total);
    if (identity->printed && !identity->has_header) {
        text_printf(text, ", printed without a `case` header");
    } else if (identity->printed &&
               identity->header_number != identity->number) {
        text_printf(text, ", printed under the header `case %ld`",
                    identity->header_number);
    }
    text_printf(text, ")");
}

/* Where the fault is: its line, or where a listing ends. */
static void message_place(text_t *text, const fault_t *fault)
{
    if (fault->line == NULL) {
        text_printf(text, " at the end of the output%s\n",
                    fault->ends_listing ? ", where the listing above ends"
                                        : "");
        return;
    }
    text_printf(text, " at output line %zu%s:\n  ", fault->line->number,
                fault->ends_listing ? ", where the listing above it ends"
                                    : "");
    message_line(text, fault->line);
    text_printf(text, "\n");
}

void message_verdict(text_t *text, const case_identity_t *identity,
                     const fault_t *fault)
{
    text_printf(text, "wrong answer in ");
    message_case(text, identity);
    message_place(text, fault);
    if (fault->has_path) {
        text_printf(text, "path: ");
        message_path(text, &fault->path);
        text_printf(text, "\n");
    }
    text_printf(text, "required: %s\n", text_string(&fault->required));
    if (fault->found.length > 0) {
        text_printf(text, "here: %s\n", text_string(&fault->found));
    }
}
