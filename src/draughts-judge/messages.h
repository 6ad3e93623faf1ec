/* messages.h -- how the judge writes moves, values, paths and lines, and
 * the verdict message that names the first fault.
 *
 * Every message a student reads is built from these, so moves always look
 * like the handout's `(r1,c1)=>(r2,c2)`, infinities like `+inf`, and a
 * path like `A1 (5,2)=>(4,3) / B2 (2,1)=>(3,2)`. */
#ifndef DRAUGHTS_JUDGE_MESSAGES_H
#define DRAUGHTS_JUDGE_MESSAGES_H

#include <stddef.h>

#include "draughts.h"
#include "fault.h"
#include "judge.h"
#include "text.h"

void message_move(text_t *text, move_t move);

void message_printed_move(text_t *text, printed_move_t move);

/* A worth: "+inf", "-inf" or the integer. */
void message_worth(text_t *text, int worth);

/* A number as printed, and how it was read when that is an infinity
 * spelled as a large integer: "2147483647 (read as +inf)". */
void message_printed_number(text_t *text, printed_number_t number,
                            int largest_heuristic);

/* "a, b, c", or "none". */
void message_moves(text_t *text, const move_t *moves, int count);

/* "A1 (5,2)=>(4,3) / B2 (2,1)=>(3,2)", or "the root" when empty. */
void message_path(text_t *text, const path_t *path);

/* "alpha=X, beta=Y". */
void message_bounds(text_t *text, int alpha, int beta);

/* The line as printed, made safe to show (control bytes become '?') and
 * cut when it is very long. */
void message_line(text_t *text, const output_line_t *line);

/* Which case a verdict is about. */
typedef struct {
    bool extra;               /* an output case with no input case */
    long number;              /* the input's `case N` */
    size_t position;          /* 1-based, among the input's cases (extra:
                                 among the output's) */
    size_t total;             /* how many cases the input has */
    bool printed;             /* the output has a case for it */
    bool has_header;          /* ... and that case has a `case N` line */
    long header_number;
} case_identity_t;

/* The whole verdict message for `fault`, a few lines ending in '\n'. */
void message_verdict(text_t *text, const case_identity_t *identity,
                     const fault_t *fault);

#endif
