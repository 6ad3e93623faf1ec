/* sleep-forever.c -- a hang that ignores SIGTERM. */
#include "hostile.h"
#include <signal.h>
#include <unistd.h>

int main(void) {
    hostile_read_input();
    signal(SIGTERM, SIG_IGN);
    for (;;) pause();
}
