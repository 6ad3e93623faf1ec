/* owner.c -- whose a box's leftovers are: the sandbox program's pid and
 * its PID namespace, which a box's directory (its owner file) and its
 * control group (its name) both record. A sweep removes them only when
 * their owner is of the sweeper's PID namespace and no longer runs: a pid
 * means nothing in another namespace, and a box started under
 * `unshare --pid` would else take the host's running boxes for dead ones
 * and remove their directories while they run. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "sandbox.h"

unsigned long box_pid_namespace(void)
{
    char link[64] = "";
    unsigned long number = 0;
    ssize_t length = readlink("/proc/self/ns/pid", link, sizeof link - 1);
    link[length > 0 ? length : 0] = '\0';
    return sscanf(link, "pid:[%lu]", &number) == 1 ? number : 0;
}

bool box_owner_gone(unsigned long namespace, long pid)
{
    return namespace != 0 && namespace == box_pid_namespace() && pid > 0 &&
           kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}
