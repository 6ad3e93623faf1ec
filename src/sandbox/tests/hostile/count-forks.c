/* count-forks.c -- forks up to 200 children that wait, and says how
 * many it got at once ("forked N at once"); then ends them. Not a fork
 * bomb: where nothing limits processes it takes 200 and stops. */
#include "hostile.h"
#include <signal.h>
#include <sys/wait.h>

enum { MOST = 200 };

int main(void) {
    pid_t children[MOST];
    int count = 0;
    hostile_read_input();
    for (; count < MOST; count++) {
        children[count] = fork();
        if (children[count] == 0) {
            for (;;) pause();
        }
        if (children[count] < 0) break;
    }
    printf("forked %d at once\n", count);
    fflush(stdout);
    for (int c = 0; c < count; c++) kill(children[c], SIGKILL);
    while (wait(NULL) > 0) {
    }
    return 0;
}
