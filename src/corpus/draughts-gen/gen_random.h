/* gen_random.h -- the generator's own random numbers.
 *
 * Every candidate draws from its own stream, seeded by (seed, kind name,
 * index): adding a kind or changing one kind's count never shifts the
 * positions of another, so the committed corpus stays stable. */
#ifndef GEN_RANDOM_H
#define GEN_RANDOM_H

#include <stdint.h>

typedef struct {
    uint64_t state;
} rng_t;

void rng_init(rng_t *rng, uint64_t seed, const char *stream, long index);
uint64_t rng_next(rng_t *rng);
/* Uniform in 0 .. bound - 1; bound > 0. */
int rng_below(rng_t *rng, int bound);
/* Uniform in low .. high, both included. */
int rng_range(rng_t *rng, int low, int high);

#endif
