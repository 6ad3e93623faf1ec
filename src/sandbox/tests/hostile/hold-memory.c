/* hold-memory.c -- forks five children that each take 600 MB (HOLD_MB,
 * given smaller for a small machine: the virtual machine of
 * sandbox-cgroup2-vm.bats) and write every page of it, each well within a
 * per-process memory limit of 1024 MiB, then hold it while the others
 * do: together 3 GB of the host's memory. Once each child has said it
 * holds its memory (or that its allocation failed) or has died, says
 * "held N of 5 at once (M MB each)", N the children alive that hold
 * theirs: a box whose memory is limited for the whole run (a control
 * group) holds N below 5. Then ends them all. */
#include "hostile.h"
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

enum { CHILDREN = 5, WAIT_SECONDS = 30 };
#ifndef HOLD_MB
#define HOLD_MB 600
#endif
#define BYTES (HOLD_MB * 1000UL * 1000)

/* In child C: the memory taken and touched; says C and 'y' (or 'n' when
 * the allocation failed) on FD, then holds it until killed. */
static void hold(int c, int fd) {
    char *block = malloc(BYTES);
    if (block != NULL) {
        for (size_t at = 0; at < BYTES; at += 4096) ((volatile char *)block)[at] = 1;
    }
    char answer[2] = {(char)c, block != NULL ? 'y' : 'n'};
    (void)!write(fd, answer, 2);
    for (;;) pause();
}

int main(void) {
    int fds[2];
    pid_t children[CHILDREN];
    char state[CHILDREN] = {0};  /* 0: no word yet, 'y', 'n', or 'd': dead */
    hostile_read_input();
    if (pipe(fds) != 0) return 1;
    for (int c = 0; c < CHILDREN; c++) {
        children[c] = fork();
        if (children[c] == 0) {
            close(fds[0]);
            hold(c, fds[1]);
        }
    }
    close(fds[1]);
    time_t deadline = time(NULL) + WAIT_SECONDS;
    for (int settled = 0; settled < CHILDREN && time(NULL) < deadline;) {
        struct pollfd ready = {.fd = fds[0], .events = POLLIN};
        char answer[2];
        if (poll(&ready, 1, 100) == 1 && read(fds[0], answer, 2) == 2 &&
            answer[0] >= 0 && answer[0] < CHILDREN && state[(int)answer[0]] == 0) {
            state[(int)answer[0]] = answer[1];
        }
        for (pid_t dead; (dead = waitpid(-1, NULL, WNOHANG)) > 0;) {
            for (int c = 0; c < CHILDREN; c++) state[c] = children[c] == dead ? 'd' : state[c];
        }
        settled = 0;
        for (int c = 0; c < CHILDREN; c++) settled += state[c] != 0;
    }
    int held = 0;
    for (int c = 0; c < CHILDREN; c++) held += state[c] == 'y';
    printf("held %d of %d at once (%d MB each)\n", held, CHILDREN, HOLD_MB);
    fflush(stdout);
    for (int c = 0; c < CHILDREN; c++) {
        if (children[c] > 0) kill(children[c], SIGKILL);
    }
    while (wait(NULL) > 0) {
    }
    return 0;
}
