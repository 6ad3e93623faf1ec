/* gen_kinds.h -- turning candidate searches into named cases.
 *
 * A kind of case (say, error 3 with an empty source and an occupied target,
 * deep in a game) is a function that tries to build one case from a random
 * stream. Candidate i of a kind always gets the same stream, keyed by the
 * seed and the kind's name, and its case is named <kind>-s<i>: the corpus
 * is the same on every machine, and a kind's cases do not depend on which
 * other kinds exist. */
#ifndef GEN_KINDS_H
#define GEN_KINDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen_case.h"
#include "gen_game.h"
#include "../gen-common/gen_random.h"

typedef struct {
    uint64_t seed;
    const char *directory;
    bool verbose;
    int made;        /* cases written */
    int shortfalls;  /* kinds that made fewer cases than asked */
} generator_t;

/* Builds candidate number kase->candidate into `kase` (already begun)
 * from its stream `rng`; false to try the next candidate. May set
 * kase->name to a more telling prefix than the kind's name. */
typedef bool (*candidate_t)(case_t *kase, rng_t *rng, const void *detail);

/* Tries candidates 0, 1, ... until `quota` cases are written or `budget`
 * candidates have been tried; returns the number written. */
int generate_kind(generator_t *generator, const char *category,
                  const char *kind, int quota, int budget,
                  candidate_t candidate, const void *detail);

/* Plays a game from the start with random policies for up to `length`
 * actions; false if it ended before. Writes the policies' names. */
bool random_game(game_t *game, int length, rng_t *rng, char players[64]);

/* "3 promotions, 12 captures (2 by towers, 1 of a tower), 4 backward tower
 * actions" for the first `count` actions, or "no capture or promotion". */
void game_summary(const game_t *game, int count, char *text, size_t size);

#endif
