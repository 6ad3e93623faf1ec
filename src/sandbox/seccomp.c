/* seccomp.c -- the system calls a run may not make, refused (EPERM) by a
 * seccomp filter (libseccomp) that the driver compiles once, at its start,
 * and that each run's child installs after its limits and privileges are
 * set and before it runs the program, so that it
 * holds in both modes and for everything the program starts: no namespace
 * of its own (unshare, setns, a clone with a CLONE_NEW* flag; clone3,
 * whose flags a filter cannot read, answers ENOSYS, and the C library
 * falls back to clone), no mount of any kind, no tracing of another
 * process, no kernel keyrings, BPF, performance counters, modules,
 * swap, reboot, clock or io_uring, no file handles opened past the
 * directory tree, no userfaultfd, no TIOCSTI, no fallocate keeping the
 * size (EOPNOTSUPP: past the file-size limit on ext4). Anything else is allowed:
 * Valgrind, a JVM and Mono run under it. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <sched.h>
#include <seccomp.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "sandbox_driver.h"

/* Refused whatever their arguments. A name this architecture lacks
 * (umount on x86-64) is left out: there is nothing to refuse. */
static const char *const REFUSED[] = {
    "unshare", "setns", "mount", "umount", "umount2", "pivot_root", "chroot",
    "fsopen", "fsconfig", "fsmount", "fspick", "move_mount", "open_tree", "mount_setattr",
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp",
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
    "open_by_handle_at", "name_to_handle_at", "lookup_dcookie",
    "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
    "swapon", "swapoff", "reboot", "acct", "quotactl", "quotactl_fd", "syslog", "vhangup",
    "iopl", "ioperm", "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    "io_uring_setup", "io_uring_enter", "io_uring_register", "uselib", "_sysctl", "nfsservctl",
    NULL,
};

/* The clone flags that make a namespace. */
static const unsigned long NAMESPACES[] = {
    CLONE_NEWUSER, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWIPC, CLONE_NEWUTS,
    CLONE_NEWCGROUP,
};

static bool refuse_all(scmp_filter_ctx filter)
{
    for (int s = 0; REFUSED[s] != NULL; s++) {
        int call = seccomp_syscall_resolve_name(REFUSED[s]);
        if (call != __NR_SCMP_ERROR && call >= 0 &&
            seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), call, 0) != 0) {
            return false;
        }
    }
    return true;
}

static bool refuse_namespaces(scmp_filter_ctx filter)
{
    for (size_t f = 0; f < sizeof NAMESPACES / sizeof NAMESPACES[0]; f++) {
        scmp_datum_t flag = NAMESPACES[f];
        if (seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                             SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag)) != 0) {
            return false;
        }
    }
    /* fallocate keeping the size: ext4 allocates it past RLIMIT_FSIZE at
     * once, faster than any watch of the run's files (watch.c) can see;
     * refused as a file system would that lacks it (callers fall back). */
    return seccomp_rule_add(filter, SCMP_ACT_ERRNO(EOPNOTSUPP), SCMP_SYS(fallocate), 1,
                            SCMP_A1(SCMP_CMP_MASKED_EQ, FALLOC_FL_KEEP_SIZE, FALLOC_FL_KEEP_SIZE)) == 0 &&
           seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) == 0 &&
           seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioctl), 1,
                            SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu, (scmp_datum_t)TIOCSTI)) == 0;
}

/* The filter as the kernel takes it, compiled by driver_prepare_filter:
 * libseccomp's compilation costs as much as a small run, so it is done
 * once and not in every run's child. */
static struct sock_filter compiled[BPF_MAXINSNS];
static unsigned short compiled_length;

/* FILTER's program read back through a pipe (libseccomp 2.5 exports to a
 * descriptor only; the program is far smaller than a pipe's buffer). */
static bool export_filter(scmp_filter_ctx filter)
{
    int ends[2];
    if (pipe(ends) != 0) {
        return false;
    }
    bool ok = seccomp_export_bpf(filter, ends[1]) == 0;
    close(ends[1]);
    size_t have = 0;
    for (ssize_t got = 1; ok && got > 0 && have < sizeof compiled; have += (size_t)got) {
        got = read(ends[0], (char *)compiled + have, sizeof compiled - have);
        ok = got >= 0;
    }
    close(ends[0]);
    compiled_length = (unsigned short)(have / sizeof compiled[0]);
    return ok && have > 0 && have % sizeof compiled[0] == 0 && have < sizeof compiled;
}

bool driver_prepare_filter(void)
{
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (filter == NULL) {
        return false;
    }
    /* A call of another architecture (int 0x80 on x86-64) ends the process. */
    bool ok = seccomp_attr_set(filter, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) == 0 &&
              refuse_all(filter) && refuse_namespaces(filter) && export_filter(filter);
    seccomp_release(filter);
    return ok;
}

bool driver_refuse_syscalls(void)
{
    struct sock_fprog program = {.len = compiled_length, .filter = compiled};
    return compiled_length > 0 && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
           prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) == 0;
}
