/* explain.h -- `draughts --explain`: why each case's first move was chosen.
 *
 * One block on standard error per case played, written once the case's
 * output has been handed to its stream. Every line starts "explain: " and
 * ends "\n"; the format is stable, for people and for scripts:
 *
 *   block   = header *move
 *   header  = "explain: case " NUMBER ": "
 *             ( COUNT " move" ["s"] " at A1 in the specified order; "
 *               "Alice takes the largest value, the first of a tie"
 *             | "0 moves at A1; first move: none" )
 *   move    = "explain:   " MOVE " " ( "value " VALUE [" " MARK]
 *                                    | "value <= " VALUE " bound"
 *                                    | "pruned" )
 *   MARK    = "chosen"                       the largest value, alone
 *           | "chosen, first of " K " tied"  K >= 2 exact values share it
 *           | "ties, later in the order"     exact, equal to the chosen
 *   NUMBER  = the case number as its "case" line prints it
 *   COUNT, K = decimal; COUNT move lines follow the header
 *   MOVE    = "(r1,c1)=>(r2,c2)", as the trace prints it
 *   VALUE   = decimal integer | "+inf" | "-inf"
 *
 * "value V" is the exact minimax value of the move. "value <= V bound":
 * alpha-beta searched the move with a window whose alpha was already at
 * least V, and it returned V when it failed low, so the true value is at
 * most V (search.h, root_move_t, says exactly when). "pruned": the move
 * was never searched, because an earlier A1 move reached +inf. Exactly
 * one line is chosen; a "ties" line comes after it. */
#ifndef DRAUGHTS_EXPLAIN_H
#define DRAUGHTS_EXPLAIN_H

#include <stdio.h>

#include "search.h"

/* The block for case `number` from the record its search filled and
 * played (a search that ran out of memory has no block). */
void explain_case(FILE *out, long number, const search_root_t *root);

#endif
