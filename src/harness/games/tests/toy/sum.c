/* sum.c -- the toy game's engine: each line's two integers summed, one sum
 * a line; a line that is not two integers: a message on stderr, exit 2.
 * Built with -DFAULT_NEGATIVE it drops the sign of a negative sum (the
 * test's wrong program). */
#include <stdio.h>

int main(void) {
    char line[256];
    long a, b, number = 0;
    while (fgets(line, sizeof line, stdin)) {
        char end;
        number++;
        if (sscanf(line, "%ld %ld %c", &a, &b, &end) != 2) {
            fprintf(stderr, "toy: line %ld: expected two integers\n", number);
            return 2;
        }
#ifdef FAULT_NEGATIVE
        printf("%ld\n", a + b < 0 ? -(a + b) : a + b);
#else
        printf("%ld\n", a + b);
#endif
    }
    return 0;
}
