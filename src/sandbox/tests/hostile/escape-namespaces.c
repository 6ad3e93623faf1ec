/* escape-namespaces.c -- tries what a program never needs and a sandbox
 * escape begins with: a user and mount namespace of its own (then a tmpfs
 * mounted in it, past the box's size cap), a clone into a new user
 * namespace, joining a namespace (its own network one), tracing its own
 * child, a kernel keyring, a BPF map, a performance counter. One line
 * each: "ALLOWED what" or "refused what: why". It mounts nothing outside
 * a namespace of its own: run plainly as root, it must not cover the
 * host's /tmp. */
#include "hostile.h"
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static void say(const char *what, long result) {
    if (result >= 0)
        printf("ALLOWED %s\n", what);
    else
        printf("refused %s: %s\n", what, strerror(errno));
}

static void try_unshare_and_mount(void) {
    pid_t child = fork();
    if (child == 0) {
        long result = unshare(CLONE_NEWUSER | CLONE_NEWNS);
        say("unshare(CLONE_NEWUSER|CLONE_NEWNS)", result);
        if (result == 0)
            say("mount tmpfs in its own namespace", mount("none", "/tmp", "tmpfs", 0, "size=1g"));
        fflush(stdout);
        _exit(0);
    }
    waitpid(child, NULL, 0);
}

static void try_clone_newuser(void) {
    long child = syscall(SYS_clone, (long)(CLONE_NEWUSER | SIGCHLD), 0L, 0L, 0L, 0L);
    if (child == 0)
        _exit(0);
    say("clone(CLONE_NEWUSER)", child);
    if (child > 0)
        waitpid((pid_t)child, NULL, 0);
}

static void try_ptrace(void) {
    pid_t child = fork();
    if (child == 0) {
        pause();
        _exit(0);
    }
    say("ptrace(PTRACE_ATTACH) of its own child", ptrace(PTRACE_ATTACH, child, NULL, NULL));
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
}

static void try_setns(void) {
    int fd = open("/proc/self/ns/net", O_RDONLY);
    say("setns (its own network namespace)", fd < 0 ? -1 : setns(fd, CLONE_NEWNET));
    if (fd >= 0)
        close(fd);
}

static void try_perf_event_open(void) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_SOFTWARE, attr.size = sizeof attr, attr.config = PERF_COUNT_SW_CPU_CLOCK;
    long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    say("perf_event_open (a counter of its own)", fd);
    if (fd >= 0)
        close((int)fd);
}

int main(void) {
    hostile_read_input();
    try_unshare_and_mount();
    try_clone_newuser();
    try_setns();
    try_ptrace();
    try_perf_event_open();
    say("keyctl (a keyring)", syscall(SYS_add_key, "user", "sbx", "x", 1, -2 /* process keyring */));
    union bpf_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.map_type = BPF_MAP_TYPE_ARRAY, attr.key_size = 4, attr.value_size = 4, attr.max_entries = 1;
    say("bpf (a map)", syscall(SYS_bpf, BPF_MAP_CREATE, &attr, sizeof attr));
    puts("done");
    return 0;
}
