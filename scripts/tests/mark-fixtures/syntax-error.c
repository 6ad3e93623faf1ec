/* syntax-error.c -- added to a correct copy of an engine: it does not
 * compile (scripts/tests/mark.bats). */
int mark_fixture_broken(void) {
    return
}
