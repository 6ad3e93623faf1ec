/* corpus_gen.c -- writes the inputs of the generated golden cases.
 *
 *   corpus-gen [--seed N] [--only CATEGORY] [--verbose] DIR
 *
 * Writes DIR/<category>/<name>.in, .reason and .expect for every generated
 * case; scripts/generate-corpus records their goldens with the engine and
 * checks them against .expect. The same seed writes the same files, byte
 * for byte, on every machine.
 *
 * What the generated cases can and cannot vouch for
 * -------------------------------------------------
 * The generator links the engine's rules.c, board.c, search.c and memory.c
 * (Makefile: CORPUS_GEN_OBJECTS) and includes checkers.h. The engine's run
 * becomes a golden only when it matches .expect, and .expect holds the exit
 * status and the event lines: action, BOARD COST, ERROR and WIN lines.
 *
 * Re-derived here from assignment.txt and NOTES.md, not from the engine:
 * - the six error messages, spelled again in gen_case.c (not printer.c's
 *   strings), and which one each faulty line must give: every builder in
 *   gen_bad_cells.c, gen_bad_actions.c and gen_illegal_actions.c makes its
 *   line from the board's contents by the six checks in their order (cells
 *   outside as text, empty and occupied cells and the source's side from
 *   the board's masks, and for error 6 its own geometry: a piece going
 *   backward (may_go), jumps over an empty or an own cell, straight, knight
 *   and long moves, a tower jumping without a capture); action_check.c is
 *   not linked;
 * - each action line's number, its side by parity and the "*** " of a
 *   computed action (gen_case.c, expect_action);
 * - each BOARD COST: b + 3B - w - 3W counted from the board's masks
 *   (count_cells), not by board_cost nor from the gains rules_apply returns;
 * - the action A or P plays: the left-most root action with the best cost,
 *   black maximising (leftmost_best in gen_tree.c, not search.c's choice);
 * - when a win line is printed and whose it is: only a step of A or P that
 *   finds no action prints it, naming the other side; A takes one step, P
 *   up to ten, and the side to move after the last is not examined; a game
 *   that ends inside the input prints nothing for it, and an action line
 *   after it must be one of the six errors (gen_case.c case_input_command,
 *   gen_wins.c, gen_wins_after_end.c);
 * - that reading stops at an error or a command (later lines are never
 *   read), and the exit statuses 0 and 1;
 * - the minimax costs at the root of the first step of every next-action
 *   and play case: gen_tree.c walks the tree again with its own recursion
 *   (INT_MIN/INT_MAX for a side that cannot act at depth 1 or 2, the board
 *   cost at depth 3 even then) and stops the generator when
 *   search_score_actions costs any root action otherwise.
 *
 * Taken from the engine:
 * - rules.c: rules_legal_actions decides every action the games play (all
 *   the non-faulty input lines), which side cannot act (the end of every
 *   game, every win line) and the order of the root actions;
 *   rules_apply makes every board after an action: moves, captures,
 *   promotions. gen_tree.c's second walk uses both as well;
 * - board.c: board_initial, the starting position; board_cost, the leaf
 *   costs of gen_tree.c's walk;
 * - search.c, with memory.c as its allocator: search_score_actions gives
 *   the root costs of every A and P step .expect follows;
 *   search_next_action plays for the minimax player;
 * - checkers.h: the board encoding, the error numbers, EXIT_INPUT_ERROR;
 * - all that .expect leaves out: the header, the delimiters and the drawn
 *   boards of each .out are recorded as the engine printed them.
 *
 * So the generated cases cannot catch, and would copy into the goldens:
 * - a wrong rule in rules.c: a missing or misordered legal action, a wrong
 *   capture or promotion; the games follow it, a side is stuck or free by
 *   it, and the wrong board is drawn and costed consistently. (An illegal
 *   action that rules.c wrongly allows is caught where an error builder
 *   writes it: the builder still expects error 6.);
 * - a wrong starting position;
 * - a wrong minimax cost at the steps gen_tree.c does not walk again: P's
 *   steps after the first, and every step of the wins cases;
 * - a wrong drawing of a board, of the header or of a delimiter;
 * - input reading beyond plain lines: generated inputs hold "G6-F5"-style
 *   actions, A, P, and cells outside the board such as I3, A0 or A10 with
 *   up to twenty digits; never blank lines, white space, CRLF, leading
 *   zeros or a malformed line that is read (status 2), nor an allocation
 *   failure (status 3).
 * Those are covered instead by:
 * - testdata/checkers/official (the assignment's nine official tests) and
 *   testdata/checkers/examples (the worked examples of NOTES.md, from an
 *   independent implementation): outside data, not this engine's output;
 * - the hand-written cases, named without -s<N>: malformed and edge-input
 *   for reading (CRLF, blank lines, leading zeros, NUL bytes, huge rows),
 *   and a few in every other category, each read against the spec;
 * - two independent Python reimplementations of the specification, which
 *   reproduced every output of the corpus at the time of issue 4 (cases
 *   added since were not part of that check);
 * - make oom and make memcheck, for allocation failures and leaks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_categories.h"

enum { DEFAULT_SEED = 2021 };

static const struct {
    const char *name;
    void (*generate)(generator_t *generator);
} CATEGORIES[] = {
    {"stage0", generate_stage0},
    {"errors", generate_errors},
    {"next-action", generate_next_action},
    {"play", generate_play},
    {"wins", generate_wins},
};
enum { CATEGORY_COUNT = sizeof CATEGORIES / sizeof CATEGORIES[0] };

static int usage(FILE *out, int status)
{
    fputs("usage: corpus-gen [--seed N] [--only CATEGORY] [--verbose] DIR\n"
          "Writes the generated cases' inputs into DIR/<category>/.\n"
          "CATEGORY: stage0, errors, next-action, play or wins.\n", out);
    return status;
}

int main(int argc, char **argv)
{
    generator_t generator = {DEFAULT_SEED, NULL, false, 0, 0};
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            return usage(stdout, EXIT_SUCCESS);
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            generator.seed = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (strcmp(argv[i], "--verbose") == 0) {
            generator.verbose = true;
        } else if (argv[i][0] != '-' && generator.directory == NULL) {
            generator.directory = argv[i];
        } else {
            return usage(stderr, 2);
        }
    }
    if (generator.directory == NULL) {
        return usage(stderr, 2);
    }
    bool known = only == NULL;
    for (int c = 0; c < CATEGORY_COUNT; c++) {
        if (only == NULL || strcmp(only, CATEGORIES[c].name) == 0) {
            CATEGORIES[c].generate(&generator);
            known = true;
        }
    }
    if (!known) {
        return usage(stderr, 2);
    }
    fprintf(stderr, "corpus-gen: %d cases written to %s (seed %llu)%s\n",
            generator.made, generator.directory,
            (unsigned long long)generator.seed,
            generator.shortfalls > 0 ? ", some kinds short (see above)" : "");
    return EXIT_SUCCESS;
}
