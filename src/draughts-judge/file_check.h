/* file_check.h -- a whole output against a whole input: which output
 * case answers which input case, and the verdict.
 *
 * Output cases answer input cases in order, one each. The only case that
 * may be printed as nothing is one where Alice has no legal move (JUDGE.md:
 * "no trace and a `first move` line that names no move, or none"); a
 * case with a trace or a move where such a case is due is taken for the
 * next case's. A case of the input left unanswered, or a case too many,
 * is a fault, after every fault of the cases before it. */
#ifndef DRAUGHTS_JUDGE_FILE_CHECK_H
#define DRAUGHTS_JUDGE_FILE_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "cases.h"
#include "output_read.h"
#include "text.h"

/* True when `output` answers every case of `cases` rightly. `message`
 * receives the verdict: "accepted: N cases" and any format notes, or the
 * first fault. */
bool file_check(const draughts_case_t *cases, size_t case_count,
                const program_output_t *output, text_t *message);

#endif
