/* case_check.c -- one case of the output against one case of the input. */
#include "case_check.h"

#include "judge.h"
#include "messages.h"
#include "minimax.h"
#include "rules.h"
#include "trace_walk.h"

static const path_t ROOT_PATH = {{{0, 0}}, 0};

static const char FIRST_MOVE_RULE[] =
    "the case ends with `first move: (r1,c1)=>(r2,c2)`, one of Alice's "
    "legal moves whose exact minimax value (four plies, no pruning) is the "
    "largest; when several tie, any of them";

/* Rule 5's facts: every A1 move with its exact value. */
static void explain_root_values(text_t *text, const move_t *legal,
                                const int *values, int count)
{
    text_printf(text, "exact values of Alice's moves: ");
    for (int index = 0; index < count; index++) {
        text_printf(text, "%s", index > 0 ? ", " : "");
        message_move(text, legal[index]);
        text_printf(text, " ");
        message_worth(text, values[index]);
    }
}

/* Rule 5: the move named is legal and of the largest exact value. */
static bool check_first_move(const output_line_t *line, const board_t *root,
                             const move_t *legal, int count, fault_t *fault)
{
    int values[JUDGE_MAX_MOVES];
    int best = MINUS_INFINITY;
    for (int index = 0; index < count; index++) {
        values[index] = minimax_root_move_value(root, legal[index]);
        best = values[index] > best ? values[index] : best;
    }
    int chosen = line->names_move ? rules_find_move(legal, count, line->move)
                                  : -1;
    if (chosen >= 0 && values[chosen] == best) {
        return true;
    }
    fault_raise(fault, line, &ROOT_PATH);
    text_printf(&fault->required, "%s", FIRST_MOVE_RULE);
    if (!line->names_move) {
        text_printf(&fault->found, "the line names no move, but Alice can "
                                   "move; ");
    } else if (chosen < 0) {
        message_printed_move(&fault->found, line->move);
        text_printf(&fault->found, " is not one of Alice's legal moves; ");
    } else {
        message_move(&fault->found, legal[chosen]);
        text_printf(&fault->found, " is worth less than the best (a value "
                                   "alpha-beta returns as a bound can tie "
                                   "with the best while the exact value is "
                                   "lower); ");
    }
    explain_root_values(&fault->found, legal, values, count);
    return false;
}

/* Lines after the `first move` line: only malformed ones can be there
 * (anything else starts a new case), and they are format faults. */
static bool check_after_first_move(const program_output_t *output,
                                   size_t from, size_t end, fault_t *fault)
{
    for (size_t index = from; index < end; index++) {
        if (output->lines[index].kind == LINE_MALFORMED) {
            fault_raise_format(fault, &output->lines[index], NULL);
            return false;
        }
    }
    return true;
}

/* Alice cannot move at the root: no trace, and a `first move` line that
 * names no move, or none at all. */
static bool check_no_move_case(const program_output_t *output,
                               const output_case_t *printed, size_t from,
                               fault_t *fault)
{
    for (size_t index = from; index < printed->end; index++) {
        const output_line_t *line = &output->lines[index];
        if (line->kind == LINE_MALFORMED) {
            fault_raise_format(fault, line, &ROOT_PATH);
            return false;
        }
        if (line->kind == LINE_MOVE || line->kind == LINE_PRUNING ||
            line->names_move) {
            fault_raise(fault, line, &ROOT_PATH);
            text_printf(&fault->required,
                        "when Alice has no legal move, the case has no "
                        "trace, and a `first move` line that names no move "
                        "(such as `first move: none`), or none");
            text_printf(&fault->found, "Alice has no legal move here, so "
                                       "there is nothing to search or "
                                       "play");
            return false;
        }
    }
    return true;
}

/* The case ends without its `first move` line. */
static void raise_no_first_move(const program_output_t *output,
                                const output_case_t *printed, fault_t *fault)
{
    const output_line_t *after = printed->end < output->line_count
                                     ? &output->lines[printed->end]
                                     : NULL;
    fault_raise(fault, after, &ROOT_PATH);
    fault->ends_listing = true;
    text_printf(&fault->required, "%s", FIRST_MOVE_RULE);
    text_printf(&fault->found, "the case has no `first move` line");
}

bool case_check(const program_output_t *output, const output_case_t *printed,
                const board_t *root, fault_t *fault)
{
    move_t legal[JUDGE_MAX_MOVES];
    int count = rules_legal_moves(root, ALICE, legal);
    size_t from = printed->first + (printed->has_header ? 1 : 0);
    if (count == 0) {
        return check_no_move_case(output, printed, from, fault);
    }
    trace_walk_t walk = {output, from, printed->end,
                         rules_largest_heuristic(root), ROOT_PATH, fault};
    if (!trace_walk_root(&walk, root)) {
        return false;
    }
    if (walk.next >= printed->end) {
        raise_no_first_move(output, printed, fault);
        return false;
    }
    /* The root's listing ends only at the end or at `first move`. */
    const output_line_t *line = &output->lines[walk.next];
    return check_first_move(line, root, legal, count, fault) &&
           check_after_first_move(output, walk.next + 1, printed->end,
                                  fault);
}
