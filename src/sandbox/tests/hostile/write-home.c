/* write-home.c -- writes a file in the home directory (the tester's, and
 * $HOME's) and deletes one there (.sandbox-victim-MARKER, which the test
 * creates). Prints what it managed. */
#include "hostile.h"

int main(void) {
    char path[4096];
    hostile_read_input();
    hostile_try_write(HOMEDIR "/.sandbox-pwned-" MARKER);
    const char *home = getenv("HOME");
    if (home != NULL) {
        snprintf(path, sizeof path, "%s/.sandbox-pwned-env-%s", home, MARKER);
        hostile_try_write(path);
    }
    hostile_try_delete(HOMEDIR "/.sandbox-victim-" MARKER);
    return 0;
}
