/* explain.h -- `checkers --explain`: why each computed action was chosen.
 *
 * One block on standard error per computed action (the A, each step of P,
 * and a step that finds no action), written just before what that step
 * prints on standard output. Every line starts "explain: " and ends
 * "\n"; the format is stable, for people and for scripts (check-engine):
 *
 *   block      = header *candidate
 *   header     = "explain: " SIDE " ACTION #" NUMBER " (" COMMAND "): "
 *                ( COUNT " candidate" ["s"] " in the specified order; "
 *                  SIDE " takes the " ("highest" | "lowest")
 *                  " cost, the left-most of a tie"
 *                | "0 candidates; " SIDE " cannot act, " OTHER " WIN!" )
 *   candidate  = "explain:   " ACTION " cost " COST [" " MARK]
 *   MARK       = "chosen"                      the best cost, no other has it
 *              | "chosen, left-most of " K " tied"   K >= 2 share it
 *              | "ties, later in the order"    has the best cost, not chosen
 *   SIDE, OTHER = "BLACK" | "WHITE"            (OTHER is not SIDE)
 *   NUMBER     = the action's number, as the "ACTION #" line prints it
 *   COMMAND    = "A" | "P step " STEP          STEP = 1..10
 *   COUNT, K   = decimal; COUNT candidate lines follow the header
 *   ACTION     = as the action line prints it, e.g. "F3-E4"
 *   COST       = decimal integer | "INT_MIN" | "INT_MAX"
 *
 * Candidates come in the specified (generation) order, each with the
 * minimax cost propagated to its board; black takes the highest, white
 * the lowest, and of several with that cost the left-most, so exactly one
 * line is chosen and any "ties" line comes after it. */
#ifndef EXPLAIN_H
#define EXPLAIN_H

#include <stdio.h>

#include "input_line.h"
#include "search.h"

/* Which computed action a decision is for: its number (odd: black's), and
 * 'A', or 'P' with the step (1..10). */
typedef struct {
    long number;
    char command;
    int step;
} explain_step_t;

/* The block for `decision`, the record the engine plays (search_decide);
 * its `count` is 0 when the side to move had no action. */
void explain_decision(FILE *out, const explain_step_t *step,
                      const search_decision_t *decision);

/* For a typed action that fails a check (printed on standard output as
 * its ERROR line): every check in the specified order up to the one that
 * failed, each with what it looked at:
 *
 *   "explain: " SIDE " ACTION #" NUMBER " (typed) is refused: the checks
 *     in the specified order, the first that fails reported"
 *   "explain:   check " K ", " WHAT ": " ("passes" | "fails") " (" DETAIL ")"
 *
 * K = 1..6 as ERROR_SOURCE_OUTSIDE..ERROR_ILLEGAL_ACTION; DETAIL names the
 * cell ("F5 is inside", "D5 holds w", "C6 is empty") or, for check 6, the
 * action. Only the last line says "fails". */
void explain_error(FILE *out, long number, const board_t *board,
                   const typed_action_t *typed, action_error_t error);

#endif
