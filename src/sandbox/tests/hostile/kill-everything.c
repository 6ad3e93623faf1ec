/* kill-everything.c -- sends SIGKILL to every process it may signal
 * (kill -1), and to PID 1 and 2, hoping to take the sandbox down with it. */
#include "hostile.h"
#include <signal.h>

int main(void) {
    hostile_read_input();
    signal(SIGKILL, SIG_DFL);
    int all = kill(-1, SIGKILL); /* never the caller itself */
    int init = kill(1, SIGKILL);
    int driver = kill(2, SIGKILL);
    printf("still here: kill -1 %d, kill 1 %d, kill 2 %d\n", all, init, driver);
    return 0;
}
