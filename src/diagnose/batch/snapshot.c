/* snapshot.c -- the batch runner's process put back, before each run, as
 * it was when the snapshot was taken (batch.h; README, "Speed"): every
 * private writable mapping (the program's and the C library's static
 * data, the heap, thread-local storage and what malloc mapped) byte for
 * byte, the program break, the signal mask and handlers, no alarm, and no
 * file descriptor but those open then. What a run mapped anew is
 * unmapped. Mappings are read from /proc/self/maps; the snapshot's own
 * memory is a mapping apart, never kept nor put back. False, from either
 * function, whenever it cannot be exact (no /proc, a kept mapping gone or
 * made read-only, too many): the driver then forks a child a run. */
#undef main
#undef exit
#undef atexit

#define _DEFAULT_SOURCE 1

#include "batch.h"

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { MAX_RANGES = 512, MAPS_SIZE = 1 << 17 };

typedef struct {
    uintptr_t start, end;
} range_t;

typedef struct {
    range_t kept[MAX_RANGES];
    size_t kept_count;
    range_t found[MAX_RANGES];  /* the mappings now, by read_mappings */
    size_t found_count;
    range_t apart[2];           /* this state, and the store */
    char *store;
    size_t store_size;
    uintptr_t program_break;
    int keep_fd;                /* open besides 0, 1 and 2 */
    sigset_t mask;
    struct sigaction handlers[NSIG];
    char maps[MAPS_SIZE];
} state_t;

static state_t *state;

/* Adds [start, end) less the ranges apart to found; false when full. */
static int add_found(uintptr_t start, uintptr_t end)
{
    for (size_t i = 0; i < 2 && start < end; i++) {
        range_t apart = state->apart[i];
        if (apart.start < end && start < apart.end) {
            if (start < apart.start && !add_found(start, apart.start)) {
                return 0;
            }
            start = apart.end;
        }
    }
    if (start >= end) {
        return 1;
    }
    if (state->found_count == MAX_RANGES) {
        return 0;
    }
    state->found[state->found_count++] = (range_t){start, end};
    return 1;
}

/* Whether a line of /proc/self/maps, from its permissions to its end, is
 * a private writable mapping to keep: not the stack nor the kernel's. */
static int is_kept(const char *perms, const char *line_end)
{
    if (strncmp(perms, "rw", 2) != 0 || perms[3] != 'p') {
        return 0;
    }
    const char *name = perms;
    for (int field = 0; field < 4 && name < line_end; field++) {
        const char *space = memchr(name, ' ', (size_t)(line_end - name));
        name = space == NULL ? line_end : space + strspn(space, " ");
    }
    /* (a file's data, anonymous memory, the heap, a named anonymous one) */
    return name >= line_end || name[0] != '[' || strncmp(name, "[heap]", 6) == 0 ||
           strncmp(name, "[anon", 5) == 0;
}

/* found: the private writable mappings now, less the ranges apart. */
static int read_mappings(void)
{
    int fd = open("/proc/self/maps", O_RDONLY);
    size_t size = 0;
    ssize_t got = 1;
    while (fd >= 0 && got > 0 && size < MAPS_SIZE - 1) {
        got = read(fd, state->maps + size, MAPS_SIZE - 1 - size);
        size += got > 0 ? (size_t)got : 0;
    }
    if (fd < 0 || close(fd) != 0 || got != 0) {
        return 0;
    }
    state->maps[size] = '\0';
    state->found_count = 0;
    for (char *line = state->maps; *line != '\0';) {
        char *line_end = strchr(line, '\n');
        char *dash, *space;
        uintptr_t start = (uintptr_t)strtoull(line, &dash, 16);
        uintptr_t end = (uintptr_t)strtoull(dash + 1, &space, 16);
        if (line_end == NULL || *dash != '-' || *space != ' ') {
            return 0;
        }
        if (is_kept(space + 1, line_end) && !add_found(start, end)) {
            return 0;
        }
        line = line_end + 1;
    }
    return 1;
}

/* Whether [start, end) lies within `ranges` together (sorted, as the
 * mappings are listed). */
static int covered(const range_t *ranges, size_t count, uintptr_t start, uintptr_t end)
{
    for (size_t i = 0; i < count && start < end; i++) {
        if (ranges[i].start <= start && start < ranges[i].end) {
            start = ranges[i].end;
        }
    }
    return start >= end;
}

/* [start, end) less the kept ranges unmapped: memory a run mapped. */
static int unmap_new(uintptr_t start, uintptr_t end)
{
    for (size_t i = 0; i < state->kept_count && start < end; i++) {
        range_t kept = state->kept[i];
        if (kept.end <= start || kept.start >= end) {
            continue;
        }
        if (kept.start > start && munmap((void *)start, kept.start - start) != 0) {
            return 0;
        }
        start = kept.end;
    }
    return start >= end || munmap((void *)start, end - start) == 0;
}

/* `size` rounded up to whole pages, as mmap maps it. */
static size_t pages(size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (size + page - 1) / page * page;
}

int snapshot_take(int keep_fd)
{
    void *memory = mmap(NULL, sizeof *state, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
        return 0;
    }
    state = memory;
    state->apart[0] = (range_t){(uintptr_t)memory, (uintptr_t)memory + pages(sizeof *state)};
    state->keep_fd = keep_fd;
    state->program_break = (uintptr_t)syscall(SYS_brk, 0);
    if (!read_mappings()) {
        return 0;
    }
    for (size_t i = 0; i < state->found_count; i++) {
        state->store_size += state->found[i].end - state->found[i].start;
    }
    memory = mmap(NULL, state->store_size, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
        return 0;
    }
    state->store = memory;
    state->apart[1] = (range_t){(uintptr_t)memory, (uintptr_t)memory + pages(state->store_size)};
    char *at = state->store;
    for (size_t i = 0; i < state->found_count; i++) {
        range_t range = state->kept[i] = state->found[i];
        memcpy(at, (const void *)range.start, range.end - range.start);
        at += range.end - range.start;
    }
    state->kept_count = state->found_count;
    sigprocmask(SIG_SETMASK, NULL, &state->mask);
    for (int signal = 1; signal < NSIG; signal++) {
        sigaction(signal, NULL, &state->handlers[signal]);
    }
    return 1;
}

/* The program break where it was, every kept mapping there, writable,
 * whole, and what was mapped since unmapped (which leaves the kept ones
 * as they are: one reading of the mappings serves both). */
static int mappings_put_back(void)
{
    if ((uintptr_t)syscall(SYS_brk, state->program_break) != state->program_break ||
        !read_mappings()) {
        return 0;
    }
    for (size_t i = 0; i < state->kept_count; i++) {
        if (!covered(state->found, state->found_count, state->kept[i].start, state->kept[i].end)) {
            return 0;
        }
    }
    for (size_t i = 0; i < state->found_count; i++) {
        if (!unmap_new(state->found[i].start, state->found[i].end)) {
            return 0;
        }
    }
    return 1;
}

/* Every file descriptor from `first` to `last` (-1: the last) closed;
 * false when they cannot be (close_range(2) missing). */
static int close_between(int first, int last)
{
    if (first > last && last >= 0) {
        return 1;
    }
    return syscall(SYS_close_range, (unsigned)first, last < 0 ? ~0U : (unsigned)last, 0U) == 0;
}

int snapshot_restore(void)
{
    alarm(0);
    if (state == NULL || !mappings_put_back()) {
        return 0;
    }
    const char *at = state->store;
    for (size_t i = 0; i < state->kept_count; i++) {
        range_t range = state->kept[i];
        memcpy((void *)range.start, at, range.end - range.start);
        at += range.end - range.start;
    }
    for (int signal = 1; signal < NSIG; signal++) {
        if (signal != SIGKILL && signal != SIGSTOP) {
            sigaction(signal, &state->handlers[signal], NULL);
        }
    }
    sigprocmask(SIG_SETMASK, &state->mask, NULL);
    return close_between(3, state->keep_fd - 1) && close_between(state->keep_fd + 1, -1);
}
