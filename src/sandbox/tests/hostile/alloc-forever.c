/* alloc-forever.c -- allocates and touches memory without end (and then
 * writes through the null pointer malloc returns, as a careless program
 * would). volatile: the compiler may not drop the writes. */
#include "hostile.h"

int main(void) {
    const size_t chunk = 16u << 20;
    hostile_read_input();
    for (;;) {
        volatile char *block = malloc(chunk);
        for (size_t at = 0; at < chunk; at += 4096) block[at] = 1;
    }
}
