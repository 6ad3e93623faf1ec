/* corpus_gen.c -- writes the inputs of the generated golden cases.
 *
 *   corpus-gen [--seed N] [--only CATEGORY] [--verbose] DIR
 *
 * Writes DIR/<category>/<name>.in, .reason and .expect for every generated
 * case; scripts/generate-corpus records their goldens with the engine and
 * checks them against .expect. The same seed writes the same files, byte
 * for byte, on every machine. */
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
