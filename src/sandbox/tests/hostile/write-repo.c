/* write-repo.c -- writes a file at the top of the repository and in the
 * corpus, and deletes a file of the repository (build/sandbox-victim-MARKER,
 * which the test creates). Prints what it managed. */
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

static void try_delete(const char *path) {
    if (unlink(path) == 0)
        printf("DELETED %s\n", path);
    else
        printf("cannot delete %s: %s\n", path, strerror(errno));
}

int main(void) {
    hostile_read_input();
    try_write(REPO "/SANDBOX-PWNED-" MARKER);
    try_write(REPO "/testdata/checkers/examples/SANDBOX-PWNED-" MARKER ".out");
    try_delete(REPO "/build/sandbox-victim-" MARKER);
    return 0;
}
