/* explain.c -- `checkers --explain`: why each computed action was chosen.
 *
 * Nothing here searches or chooses: it prints the search_decision_t that
 * the engine plays, in the format explain.h gives. */
#include "explain.h"

#include <limits.h>

#include "printer.h"

static void put_cost(FILE *out, int cost)
{
    if (cost == INT_MIN) {
        fputs("INT_MIN", out);
    } else if (cost == INT_MAX) {
        fputs("INT_MAX", out);
    } else {
        fprintf(out, "%d", cost);
    }
}

static void put_header(FILE *out, const explain_step_t *step, colour_t side,
                       int count)
{
    fprintf(out, "explain: %s ACTION #%ld (", printer_colour_name(side),
            step->number);
    if (step->command == 'P') {
        fprintf(out, "P step %d", step->step);
    } else {
        fputc(step->command, out);
    }
    if (count == 0) {
        fprintf(out, "): 0 candidates; %s cannot act, %s WIN!\n",
                printer_colour_name(side),
                printer_colour_name(opponent_of(side)));
        return;
    }
    fprintf(out, "): %d candidate%s in the specified order; %s takes the "
                 "%s cost, the left-most of a tie\n",
            count, count == 1 ? "" : "s", printer_colour_name(side),
            side == BLACK ? "highest" : "lowest");
}

void explain_decision(FILE *out, const explain_step_t *step,
                      const search_decision_t *decision)
{
    colour_t side = side_of_action_number(step->number);
    put_header(out, step, side, decision->count);
    if (decision->count == 0) {
        return;
    }
    int best = decision->children[decision->chosen].cost;
    int tied = 0;
    for (int i = 0; i < decision->count; i++) {
        tied += decision->children[i].cost == best;
    }
    for (int i = 0; i < decision->count; i++) {
        const scored_action_t *child = &decision->children[i];
        char text[ACTION_TEXT_SIZE];
        printer_action_text(child->action, text);
        fprintf(out, "explain:   %s cost ", text);
        put_cost(out, child->cost);
        if (i == decision->chosen && tied > 1) {
            fprintf(out, " chosen, left-most of %d tied", tied);
        } else if (i == decision->chosen) {
            fputs(" chosen", out);
        } else if (child->cost == best) {
            fputs(" ties, later in the order", out);
        }
        fputc('\n', out);
    }
}
