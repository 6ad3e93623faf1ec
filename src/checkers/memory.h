/* memory.h -- every allocation of the engine goes through here.
 *
 * One place to allocate means one place to inject failures: a build with
 * -DCHECKERS_FAULT_INJECTION fails the Nth allocation when the environment
 * variable CHECKERS_FAIL_ALLOCATION=N is set (`make oom` walks N over every
 * allocation of a run). Normal builds compile none of that. */
#ifndef MEMORY_H
#define MEMORY_H

#include <stddef.h>

/* Like malloc: NULL when memory is exhausted. */
void *memory_allocate(size_t size);
void memory_release(void *block);

#endif
