/* memory.h -- every allocation of the draughts engine goes through here.
 *
 * One place to allocate means one place to inject failures: a build with
 * -DDRAUGHTS_FAULT_INJECTION fails the Nth allocation, and every later
 * one, when the environment variable DRAUGHTS_FAIL_ALLOCATION=N is set, and
 * reports how many allocations a run made when DRAUGHTS_COUNT_ALLOCATIONS
 * is set. Normal builds compile none of that. */
#ifndef DRAUGHTS_MEMORY_H
#define DRAUGHTS_MEMORY_H

#include <stddef.h>

/* Like malloc: NULL when memory is exhausted. */
void *memory_allocate(size_t size);

/* Like realloc, and counted as one allocation: NULL when memory is
 * exhausted, and then `block` is left as it was. */
void *memory_resize(void *block, size_t size);

void memory_release(void *block);

#endif
