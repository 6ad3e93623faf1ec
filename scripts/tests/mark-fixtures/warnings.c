/* warnings.c -- added to a correct copy of an engine: compiles, with an
 * unused parameter and an unused variable, two warnings under -Wall
 * -Wextra (scripts/tests/mark.bats). */
int mark_fixture_unused(int ignored);

int mark_fixture_unused(int ignored) {
    int unused;
    return 0;
}
