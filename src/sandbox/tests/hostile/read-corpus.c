/* read-corpus.c -- the cheat: prints the expected output of the case it
 * is given, read from the corpus by absolute path (directly, and through
 * /proc/1/root and /proc/self/root). Exit 0 when it got one. */
#include "hostile.h"

#define EXPECTED "/testdata/checkers/examples/seed-game-A.out"

int main(void) {
    const char *paths[] = {REPO EXPECTED, "/proc/1/root" REPO EXPECTED,
                           "/proc/self/root" REPO EXPECTED, "/proc/1/cwd/../.." REPO EXPECTED};
    int got = 0;
    hostile_read_input();
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        FILE *file = fopen(paths[i], "r");
        if (file == NULL) {
            printf("cannot open %s: %s\n", paths[i], strerror(errno));
            continue;
        }
        int c;
        while ((c = getc(file)) != EOF) putchar(c);
        fclose(file);
        got = 1;
        break;
    }
    return got ? 0 : 1;
}
