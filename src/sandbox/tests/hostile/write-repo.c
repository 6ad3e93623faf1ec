/* write-repo.c -- writes a file at the top of the repository and in the
 * corpus, and deletes a file of the repository (build/sandbox-victim-MARKER,
 * which the test creates). Prints what it managed. */
#include "hostile.h"

int main(void) {
    hostile_read_input();
    hostile_try_write(REPO "/SANDBOX-PWNED-" MARKER);
    hostile_try_write(REPO "/testdata/checkers/examples/SANDBOX-PWNED-" MARKER ".out");
    hostile_try_delete(REPO "/build/sandbox-victim-" MARKER);
    return 0;
}
