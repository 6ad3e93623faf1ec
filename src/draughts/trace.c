/* trace.c -- the lines of a case's output, in NOTES.md's exact format.
 *
 * The handout's sample puts a space before '.', ';' and ','; its rule
 * text, NOTES.md and the golden files do not, and neither does this. */
#include "trace.h"

#include <string.h>

static const char *const PLY_LABEL[LAST_PLY + 1] = {NULL, "A1", "B2", "A3",
                                                     "B4"};

/* "|-" once per ply above this one: the prefix of ply p is the first
 * 2 * (p - 1) bytes of this. */
static const char INDENT[] = "|-|-|-";

static void put_prefix(output_t *output, int ply)
{
    output_bytes(output, INDENT, 2 * (size_t)(ply - 1));
    output_text(output, PLY_LABEL[ply]);
    output_text(output, ": ");
}

/* Rows and columns are single digits. */
void trace_move_text(move_t move, char text[MOVE_TEXT_SIZE])
{
    memcpy(text, "(r,c)=>(r,c)", MOVE_TEXT_SIZE);
    text[1] = (char)('0' + square_row(move.from));
    text[3] = (char)('0' + square_col(move.from));
    text[8] = (char)('0' + square_row(move.to));
    text[10] = (char)('0' + square_col(move.to));
}

static void put_move(output_t *output, move_t move)
{
    char text[MOVE_TEXT_SIZE];
    trace_move_text(move, text);
    output_bytes(output, text, MOVE_TEXT_SIZE - 1);
}

static void put_worth(output_t *output, int worth)
{
    if (worth == PLUS_INFINITY) {
        output_text(output, "+inf");
    } else if (worth == MINUS_INFINITY) {
        output_text(output, "-inf");
    } else {
        output_integer(output, worth);
    }
}

void trace_case_header(output_t *output, long number)
{
    output_text(output, "case ");
    output_integer(output, number);
    output_text(output, "\n");
}

void trace_move(output_t *output, int ply, move_t move, bool has_worth,
                int worth)
{
    put_prefix(output, ply);
    put_move(output, move);
    if (has_worth) {
        output_text(output, "; h=");
        put_worth(output, worth);
    }
    output_text(output, ".\n");
}

void trace_pruning(output_t *output, int ply, const move_t *skipped,
                   int count, int alpha, int beta)
{
    put_prefix(output, ply);
    output_text(output, "pruning ");
    for (int i = 0; i < count; i++) {
        if (i > 0) {
            output_text(output, ", ");
        }
        put_move(output, skipped[i]);
    }
    output_text(output, "; alpha=");
    put_worth(output, alpha);
    output_text(output, ", beta=");
    put_worth(output, beta);
    output_text(output, ".\n");
}

void trace_first_move(output_t *output, const move_t *move)
{
    output_text(output, "first move: ");
    if (move == NULL) {
        output_text(output, "none");
    } else {
        put_move(output, *move);
    }
    output_text(output, ".\n");
}
