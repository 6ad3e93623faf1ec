/* gen_random.h -- the case generators' own random numbers (splitmix64),
 * shared by both (src/corpus/checkers-gen, src/corpus/draughts-gen).
 *
 * The C library's rand() differs between machines; the corpus must not, so
 * the generators carry a tiny generator of their own. Every stream is keyed
 * by (seed, stream name, index): a case's input depends only on its own key,
 * so adding a kind of case never changes the cases of another kind. */
#ifndef GEN_RANDOM_H
#define GEN_RANDOM_H

#include <stdbool.h>
#include <stddef.h>
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

bool rng_percent(rng_t *rng, int percent);

/* FNV-1a of `length` bytes: stable on every machine. */
uint64_t hash_bytes(const void *data, size_t length);

#endif
