/* privileges.c -- what a run gives up before the program starts: the
 * capabilities' bounding set, the groups, the uid of its own (as root),
 * the ambient and permitted capabilities, and new privileges. */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox_driver.h"

/* The highest capability this kernel knows (63 when it does not say). */
static int last_capability(void)
{
    static int last = -1;
    if (last < 0) {
        FILE *file = fopen("/proc/sys/kernel/cap_last_cap", "r");
        if (file == NULL || fscanf(file, "%d", &last) != 1 || last < 0 || last > 63) {
            last = 63;
        }
        if (file != NULL) {
            fclose(file);
        }
    }
    return last;
}

void driver_drop_privileges_prepare(void)
{
    (void)last_capability();
}

bool driver_drop_privileges(const driver_limits_t *limits)
{
    if (limits->uid >= 0) {
        /* The bounding set first: dropping needs CAP_SETPCAP, gone after setuid. */
        for (int cap = 0; cap <= last_capability(); cap++) {
            if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL) {
                return false;
            }
        }
        gid_t gid = (gid_t)limits->uid;
        uid_t uid = (uid_t)limits->uid;
        if (setgroups(0, NULL) != 0 || setresgid(gid, gid, gid) != 0 ||
            setresuid(uid, uid, uid) != 0) {
            return false;
        }
    }
    struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct none[2];
    memset(none, 0, sizeof none);
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    return syscall(SYS_capset, &header, none) == 0 &&
           prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0;
}
