/* case_check.h -- one case of the output against one case of the input:
 * JUDGE.md's rules 1 to 5.
 *
 * Rules 1-4 are the trace walk's (trace_walk.h). This file adds what
 * surrounds the trace: the case with no legal move at the root, the
 * `first move` line and its exact minimax value (rule 5), and stray lines
 * after it. */
#ifndef DRAUGHTS_JUDGE_CASE_CHECK_H
#define DRAUGHTS_JUDGE_CASE_CHECK_H

#include <stdbool.h>

#include "draughts.h"
#include "fault.h"
#include "output_read.h"

/* True when `printed` (a case of `output`) is right for the position
 * `root`; otherwise false with `fault` raised at its first fault. */
bool case_check(const program_output_t *output, const output_case_t *printed,
                const board_t *root, fault_t *fault);

#endif
