/* memory.c -- every allocation of the draughts engine goes through here. */
#include "memory.h"

#include <stdlib.h>

#ifdef DRAUGHTS_FAULT_INJECTION
#include <stdio.h>

/* Test builds only: fail the allocation whose 1-based number is in
 * DRAUGHTS_FAIL_ALLOCATION, and every one after it, as a real exhausted
 * heap would; with DRAUGHTS_FAIL_ONCE set, that one alone, as a heap that
 * recovers would (a failure must stop the run even then, not be read as,
 * say, the end of the input). With DRAUGHTS_COUNT_ALLOCATIONS set, report
 * at exit how many allocations the run made, so that a test knows how
 * many to fail without trusting the run it is testing (no line: none). */
static unsigned long allocations_made;

static void report_allocations(void)
{
    fprintf(stderr, "draughts: %lu allocations\n", allocations_made);
}

static int allocation_should_fail(void)
{
    static unsigned long fail_at;
    static int configured, once;
    if (!configured) {
        const char *setting = getenv("DRAUGHTS_FAIL_ALLOCATION");
        fail_at = setting != NULL ? strtoul(setting, NULL, 10) : 0;
        once = getenv("DRAUGHTS_FAIL_ONCE") != NULL;
        if (getenv("DRAUGHTS_COUNT_ALLOCATIONS") != NULL) {
            atexit(report_allocations);
        }
        configured = 1;
    }
    allocations_made++;
    return fail_at != 0 && (once ? allocations_made == fail_at
                                 : allocations_made >= fail_at);
}
#else
static int allocation_should_fail(void)
{
    return 0;
}
#endif

void *memory_allocate(size_t size)
{
    return allocation_should_fail() ? NULL : malloc(size);
}

void *memory_resize(void *block, size_t size)
{
    return allocation_should_fail() ? NULL : realloc(block, size);
}

void memory_release(void *block)
{
    free(block);
}
