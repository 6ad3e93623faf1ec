/* file_check.c -- a whole output against a whole input. */
#include "file_check.h"

#include "case_check.h"
#include "fault.h"
#include "judge.h"
#include "messages.h"
#include "moves.h"

/* What the acceptance message mentions: JUDGE.md's format notes, which
 * are not faults. */
typedef struct {
    size_t without_header;
    bool renumbered;             /* some header differs from its case */
    long renumbered_from, renumbered_to;
    size_t printed_as_nothing;   /* no-move cases with no output at all */
} notes_t;

static bool alice_can_move(const draughts_case_t *input)
{
    return moves_list(&input->board, ALICE, NULL) > 0;
}

/* An output case that plays something: it cannot be the answer to a case
 * where Alice has no legal move, unless its header says it is. */
static bool plays_a_move(const program_output_t *output,
                         const output_case_t *printed,
                         const draughts_case_t *input)
{
    if (printed->has_header && printed->header_number == input->number) {
        return false;
    }
    for (size_t index = printed->first; index < printed->end; index++) {
        const output_line_t *line = &output->lines[index];
        if (line->kind == LINE_MOVE || line->kind == LINE_PRUNING ||
            line->names_move) {
            return true;
        }
    }
    return false;
}

static case_identity_t identify(const draughts_case_t *cases, size_t count,
                                size_t position, const output_case_t *printed)
{
    return (case_identity_t){
        .extra = false,
        .number = cases[position].number,
        .position = position + 1,
        .total = count,
        .printed = printed != NULL,
        .has_header = printed != NULL && printed->has_header,
        .header_number = printed != NULL ? printed->header_number : 0};
}

static void note_case(notes_t *notes, const draughts_case_t *input,
                      const output_case_t *printed)
{
    if (!printed->has_header) {
        notes->without_header++;
    } else if (printed->header_number != input->number &&
               !notes->renumbered) {
        notes->renumbered = true;
        notes->renumbered_from = input->number;
        notes->renumbered_to = printed->header_number;
    }
}

static void write_acceptance(text_t *message, size_t case_count,
                             const notes_t *notes)
{
    text_printf(message, "accepted: %zu case%s\n", case_count,
                case_count == 1 ? "" : "s");
    if (notes->without_header > 0) {
        text_printf(message, "note: %zu case%s printed without a `case N` "
                             "header (a format note, not a fault)\n",
                    notes->without_header,
                    notes->without_header == 1 ? "" : "s");
    }
    if (notes->renumbered) {
        text_printf(message, "note: case %ld is printed under the header "
                             "`case %ld` (not judged)\n",
                    notes->renumbered_from, notes->renumbered_to);
    }
    if (notes->printed_as_nothing > 0) {
        text_printf(message, "note: %zu case%s where Alice has no legal "
                             "move printed nothing (allowed)\n",
                    notes->printed_as_nothing,
                    notes->printed_as_nothing == 1 ? "" : "s");
    }
}

/* The output has a case more than the input. */
static void raise_extra_case(fault_t *fault, const program_output_t *output,
                             const output_case_t *printed, size_t position,
                             size_t case_count)
{
    fault_raise(fault, &output->lines[printed->first], NULL);
    text_printf(&fault->required, "one output case per case of the input, "
                                  "in the input's order");
    text_printf(&fault->found,
                "the input has %zu case%s; this is the output's case %zu",
                case_count, case_count == 1 ? "" : "s", position + 1);
}

/* The output ends before answering this case. */
static void raise_missing_case(fault_t *fault, size_t answered)
{
    fault_raise(fault, NULL, NULL);
    text_printf(&fault->required,
                "one output case per case of the input, in the input's "
                "order (a case where Alice has no legal move may print "
                "nothing)");
    text_printf(&fault->found, "the output ends after %zu case%s, and "
                               "Alice can move in this one",
                answered, answered == 1 ? "" : "s");
}

/* Pairs output cases with input cases and judges each pair, in order;
 * false at the first fault, with `identity` naming its case. */
static bool check_cases(const draughts_case_t *cases, size_t case_count,
                        const program_output_t *output, fault_t *fault,
                        case_identity_t *identity, notes_t *notes)
{
    size_t position = 0;
    size_t answered = 0;
    for (; answered < output->case_count; answered++) {
        const output_case_t *printed = &output->cases[answered];
        while (position < case_count && !alice_can_move(&cases[position]) &&
               plays_a_move(output, printed, &cases[position])) {
            notes->printed_as_nothing++;
            position++;
        }
        if (position == case_count) {
            *identity = (case_identity_t){.extra = true,
                                          .number = 0,
                                          .position = answered + 1,
                                          .total = case_count,
                                          .printed = true,
                                          .has_header = printed->has_header,
                                          .header_number =
                                              printed->header_number};
            raise_extra_case(fault, output, printed, answered, case_count);
            return false;
        }
        *identity = identify(cases, case_count, position, printed);
        if (!case_check(output, printed, &cases[position].board, fault)) {
            return false;
        }
        note_case(notes, &cases[position], printed);
        position++;
    }
    for (; position < case_count; position++) {
        if (alice_can_move(&cases[position])) {
            *identity = identify(cases, case_count, position, NULL);
            raise_missing_case(fault, answered);
            return false;
        }
        notes->printed_as_nothing++;
    }
    return true;
}

bool file_check(const draughts_case_t *cases, size_t case_count,
                const program_output_t *output, text_t *message)
{
    fault_t fault;
    fault_init(&fault);
    notes_t notes = {0, false, 0, 0, 0};
    case_identity_t identity;
    bool accepted = check_cases(cases, case_count, output, &fault,
                                &identity, &notes);
    if (accepted) {
        write_acceptance(message, case_count, &notes);
    } else {
        message_verdict(message, &identity, &fault);
    }
    bool complete = !text_failed(&fault.required) &&
                    !text_failed(&fault.found);
    fault_release(&fault);
    if (!complete) {
        text_mark_failed(message);  /* it would lie by omission */
    }
    return accepted;
}
