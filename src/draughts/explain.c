/* explain.c -- `draughts --explain`: why each case's first move was chosen.
 *
 * Nothing here searches or chooses: it prints the search_root_t that the
 * case's search filled and the engine played, in the format explain.h
 * gives. */
#include "explain.h"

#include "trace.h"

static void put_value(FILE *out, int value)
{
    if (value == PLUS_INFINITY) {
        fputs("+inf", out);
    } else if (value == MINUS_INFINITY) {
        fputs("-inf", out);
    } else {
        fprintf(out, "%d", value);
    }
}

/* How many searched moves have the chosen move's exact value. */
static int tied_with_choice(const search_root_t *root)
{
    int best = root->moves[root->chosen].value;
    int tied = 0;
    for (int i = 0; i < root->searched; i++) {
        tied += !root->moves[i].bound && root->moves[i].value == best;
    }
    return tied;
}

static void put_move_line(FILE *out, const search_root_t *root, int index,
                          int tied)
{
    const root_move_t *move = &root->moves[index];
    char text[MOVE_TEXT_SIZE];
    trace_move_text(move->move, text);
    fprintf(out, "explain:   %s ", text);
    if (index >= root->searched) {
        fputs("pruned\n", out);
        return;
    }
    fputs(move->bound ? "value <= " : "value ", out);
    put_value(out, move->value);
    if (move->bound) {
        fputs(" bound", out);
    } else if (index == root->chosen && tied > 1) {
        fprintf(out, " chosen, first of %d tied", tied);
    } else if (index == root->chosen) {
        fputs(" chosen", out);
    } else if (move->value == root->moves[root->chosen].value) {
        fputs(" ties, later in the order", out);
    }
    fputc('\n', out);
}

void explain_case(FILE *out, long number, const search_root_t *root)
{
    fprintf(out, "explain: case %ld: ", number);
    if (root->count == 0) {
        fputs("0 moves at A1; first move: none\n", out);
        return;
    }
    fprintf(out, "%d move%s at A1 in the specified order; Alice takes the "
                 "largest value, the first of a tie\n",
            root->count, root->count == 1 ? "" : "s");
    int tied = tied_with_choice(root);
    for (int i = 0; i < root->count; i++) {
        put_move_line(out, root, i, tied);
    }
}
