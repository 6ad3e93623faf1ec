/* orphan.c -- leaves a child running after it exits: double fork, setsid,
 * SIGHUP and SIGTERM ignored, all descriptors closed. Exits 0 once the
 * first child has made the second (so that, without a sandbox, a kill of
 * the process group can never come before the escape, on a busy machine). */
#include "hostile.h"
#include <signal.h>
#include <sys/wait.h>
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
    waitpid(child, NULL, 0);
    puts("left a child behind");
    return 0;
}
