/* gen_random.c -- the generator's own random numbers (splitmix64). */
#include "gen_random.h"

#include <string.h>

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

uint64_t hash_bytes(const void *data, size_t length)
{
    const unsigned char *byte = data;
    uint64_t hash = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < length; i++) {
        hash = (hash ^ byte[i]) * UINT64_C(0x100000001b3);
    }
    return hash;
}

void rng_init(rng_t *rng, uint64_t seed, const char *stream, long index)
{
    uint64_t name = hash_bytes(stream, strlen(stream));
    rng->state = mix(mix(seed) ^ name) ^ mix((uint64_t)index);
}

uint64_t rng_next(rng_t *rng)
{
    rng->state += UINT64_C(0x9e3779b97f4a7c15);
    return mix(rng->state);
}

int rng_below(rng_t *rng, int bound)
{
    /* The modulo bias is below 2^-50 for the small bounds used here. */
    return (int)(rng_next(rng) % (uint64_t)bound);
}

int rng_range(rng_t *rng, int low, int high)
{
    return low + rng_below(rng, high - low + 1);
}

bool rng_percent(rng_t *rng, int percent)
{
    return rng_below(rng, 100) < percent;
}
