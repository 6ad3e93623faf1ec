/* write-home.c -- writes a file in the home directory (the tester's, and
 * $HOME's) and deletes one there (.sandbox-victim-MARKER, which the test
 * creates). Prints what it managed. */
#include "hostile.h"
#include <unistd.h>

static void try_write(const char *path) {
    FILE *file = fopen(path, "w");
    if (file == NULL) {
        printf("cannot write %s: %s\n", path, strerror(errno));
        return;
    }
    fputs("pwned\n", file);
    fclose(file);
    printf("WROTE %s\n", path);
}

int main(void) {
    char path[4096];
    hostile_read_input();
    try_write(HOMEDIR "/.sandbox-pwned-" MARKER);
    const char *home = getenv("HOME");
    if (home != NULL) {
        snprintf(path, sizeof path, "%s/.sandbox-pwned-env-%s", home, MARKER);
        try_write(path);
    }
    if (unlink(HOMEDIR "/.sandbox-victim-" MARKER) == 0)
        printf("DELETED %s\n", HOMEDIR "/.sandbox-victim-" MARKER);
    else
        printf("cannot delete %s: %s\n", HOMEDIR "/.sandbox-victim-" MARKER, strerror(errno));
    return 0;
}
