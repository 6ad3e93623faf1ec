/* hostile.h -- what every hostile test program shares. Each is a
 * checkers-style program: it reads its input on stdin, then misbehaves.
 * Built by src/test-lib/sandbox-tests.bash (for the sandbox test files) with
 *   -DREPO='"/path/of/the/repository"' -DHOMEDIR='"/home/of/the/tester"'
 *   -DMARKER='"sbx..."'   (a process name, at most 15 characters, that the
 *                           test looks for with pgrep -x afterwards)
 */
#ifndef HOSTILE_H
#define HOSTILE_H

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#ifndef REPO
#error "build with -DREPO='\"/path/of/the/repository\"'"
#endif
#ifndef HOMEDIR
#define HOMEDIR "/root"
#endif
#ifndef MARKER
#define MARKER "sbx-hostile"
#endif

/* Takes the marker name, so that pgrep -x MARKER finds this process and
 * every child it forks. */
static inline void hostile_mark(void) { prctl(PR_SET_NAME, MARKER, 0, 0, 0); }

/* Marks the process, then reads and drops the input, as an engine would
 * read it first. */
static inline void hostile_read_input(void) {
    char buffer[4096];
    hostile_mark();
    while (fread(buffer, 1, sizeof buffer, stdin) > 0) {
    }
}

/* Opens `path` for reading and says whether it could: "OPENED path" or
 * "denied path: why". */
static inline void hostile_try_open(const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        printf("denied %s: %s\n", path, strerror(errno));
        return;
    }
    printf("OPENED %s\n", path);
    close(fd);
}

/* Writes a file at `path` and says whether it could: "WROTE path" or
 * "cannot write path: why". */
static inline void hostile_try_write(const char *path) {
    FILE *file = fopen(path, "w");
    if (file == NULL) {
        printf("cannot write %s: %s\n", path, strerror(errno));
        return;
    }
    fputs("pwned\n", file);
    fclose(file);
    printf("WROTE %s\n", path);
}

/* Deletes `path` and says whether it could: "DELETED path" or "cannot
 * delete path: why". */
static inline void hostile_try_delete(const char *path) {
    if (unlink(path) == 0)
        printf("DELETED %s\n", path);
    else
        printf("cannot delete %s: %s\n", path, strerror(errno));
}

#endif
