/* print-forever.c -- prints without end. */
#include "hostile.h"

int main(void) {
    static const char line[] = "ACTION #1: this line never ends, nor does the output\n";
    hostile_read_input();
    for (;;) fwrite(line, 1, sizeof line - 1, stdout);
}
