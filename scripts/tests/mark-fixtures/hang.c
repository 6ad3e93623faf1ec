/* hang.c -- a submission that hangs on every case: it reads nothing and
 * never ends (scripts/tests/mark.bats). */
int main(void) {
    volatile unsigned long spins = 0;
    for (;;) spins++;
}
