/* orphan.c -- leaves a child running after it exits: double fork, setsid,
 * SIGHUP and SIGTERM ignored, all descriptors closed. Exits 0 at once. */
#include "hostile.h"
#include <signal.h>
#include <unistd.h>

int main(void) {
    hostile_read_input();
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        setsid();
        if (fork() == 0) {
            hostile_mark();
            signal(SIGHUP, SIG_IGN);
            signal(SIGTERM, SIG_IGN);
            for (int fd = 0; fd < 1024; fd++) close(fd);
            for (;;) pause();
        }
        _exit(0);
    }
    puts("left a child behind");
    return 0;
}
