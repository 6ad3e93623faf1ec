/* explain.c -- `checkers --explain`: why each computed action was chosen.
 *
 * Nothing here searches or chooses: it prints the search_decision_t that
 * the engine plays, in the format explain.h gives. */
#include "explain.h"

#include <limits.h>
#include <stdbool.h>

#include "board.h"
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

/* A typed cell as the input wrote it (a row of ROW_CAP or more: "..."). */
static void put_typed_cell(FILE *out, int col, int row)
{
    fputc('A' + col, out);
    if (row >= ROW_CAP) {
        fputs("<long row>", out);
    } else {
        fprintf(out, "%d", row);
    }
}

static bool typed_inside(int col, int row)
{
    return col < BOARD_SIZE && row >= 1 && row <= BOARD_SIZE;
}

/* What check CHECK (1..6) looked at, in a few words. */
static void put_check_detail(FILE *out, int check, const board_t *board,
                             const typed_action_t *typed)
{
    bool source_side = check == 1 || check == 3 || check == 5 || check == 6;
    int col = source_side ? typed->source_col : typed->target_col;
    int row = source_side ? typed->source_row : typed->target_row;
    fputs(" (", out);
    put_typed_cell(out, col, row);
    if (check == 1 || check == 2) {
        fputs(typed_inside(col, row) ? " is inside)" : " is outside)", out);
        return;
    }
    if (check == 6) {
        fputc('-', out);
        put_typed_cell(out, typed->target_col, typed->target_row);
        fputs(" is not among the mover's legal actions)", out);
        return;
    }
    char symbol = board_symbol(board, cell_at(row - 1, col));
    if (symbol == '.') {
        fputs(" is empty)", out);
    } else {
        fprintf(out, " holds %c)", symbol);
    }
}

void explain_error(FILE *out, long number, const board_t *board,
                   const typed_action_t *typed, action_error_t error)
{
    static const char *const CHECK[] = {
        "the source cell is inside the board",
        "the target cell is inside the board",
        "the source cell holds a piece or tower",
        "the target cell is empty",
        "the source cell holds the mover's own piece or tower",
        "the action is legal"};
    colour_t side = side_of_action_number(number);
    fprintf(out, "explain: %s ACTION #%ld (typed) is refused: the checks in "
                 "the specified order, the first that fails reported\n",
            printer_colour_name(side), number);
    for (int check = 1; check <= (int)error; check++) {
        fprintf(out, "explain:   check %d, %s: %s", check, CHECK[check - 1],
                check == (int)error ? "fails" : "passes");
        put_check_detail(out, check, board, typed);
        fputc('\n', out);
    }
}
