/* corpus_gen.c -- writes the inputs of the generated golden cases.
 *
 *   corpus-gen [--seed N] [--only CATEGORY] [--verbose] DIR
 *
 * Writes DIR/<category>/<name>.in and .reason for every generated case:
 * candidate inputs, and in each reason what the case pins. The same seed
 * writes the same files, byte for byte, on every machine.
 *
 * Who decides what a golden holds
 * -------------------------------
 * Not this program. src/corpus/checkers-pipeline runs the engine on every
 * new case and records it only when the independent oracle
 * (src/corpus/checkers-oracle, written from assignment.txt and NOTES.md
 * alone) prints the same stdout, exit status and stderr; --check runs the
 * oracle over every case, hand-written ones too.
 *
 * To choose inputs worth a case the generator links the engine's rules.c,
 * board.c, search.c and memory.c (Makefile: CORPUS_GEN_OBJECTS):
 * - rules.c plays the games whose actions make up the inputs, and says
 *   which side cannot act (where a game ends);
 * - search.c's root costs tell A and P steps apart (ties, captures,
 *   promotions) for the reasons and for filling each kind;
 * - gen_tree.c walks the depth-3 tree again to count the nodes whose side
 *   cannot act and to find positions where a wrong costing rule would
 *   play another action;
 * - the error builders (gen_bad_cells.c, gen_bad_actions.c,
 *   gen_illegal_actions.c) make each faulty line from the board by the six
 *   checks in their order, so that every error, and the order of the
 *   checks, is reached.
 * A fault in those files can make the generator choose poorer inputs or
 * tell a reason wrongly; it cannot put a wrong byte into a golden, which
 * the oracle would refuse. What generated inputs never hold (blank lines,
 * white space, CRLF, leading zeros, malformed lines that are read, an
 * allocation failure) is covered by the hand-written cases, the official
 * tests and the worked examples, make oom and make memcheck. */
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
    cases_forget();
    if (!known) {
        return usage(stderr, 2);
    }
    fprintf(stderr, "corpus-gen: %d cases written to %s (seed %llu)%s\n",
            generator.made, generator.directory,
            (unsigned long long)generator.seed,
            generator.shortfalls > 0 ? ", some kinds short (see above)" : "");
    return EXIT_SUCCESS;
}
