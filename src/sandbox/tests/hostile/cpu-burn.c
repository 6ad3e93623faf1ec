/* cpu-burn.c -- spins on the CPU without end. */
#include "hostile.h"

int main(void) {
    volatile unsigned long spins = 0;
    hostile_read_input();
    for (;;) spins++;
}
