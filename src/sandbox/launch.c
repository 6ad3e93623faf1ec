/* launch.c -- the driver started and stopped: bubblewrap with this very
 * program inside as the driver (its options through a file, so that
 * bubblewrap's command line, which any process in the box may read,
 * names no host path), or the driver alone with limits only; its stdin
 * and stdout are pipes to this side, its stderr the box's driver.log
 * (bubblewrap's reason when it cannot start); it runs in the box's
 * control group, where there is one. Ready once it says so. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sandbox.h"

enum { READY_SECONDS = 30, QUIT_SECONDS = 5, DRIVER_ARGS = 64 };

/* The driver's options: the limits, the program's uid, Valgrind's flags;
 * where the program shares the driver's uid (an ordinary user's box), the
 * cap of the run's files together, which the driver watches (watch.c):
 * they are on the scratch, not in a tmpfs of the box's own. */
int box_driver_options(const box_t *box, long processes, const char **argv, int n)
{
    static char numbers[7][32];
    snprintf(numbers[0], sizeof numbers[0], "%s", box->options.timeout_text);
    snprintf(numbers[1], sizeof numbers[1], "%ld", box->options.cpu_seconds);
    /* (0: no per-process memory limit, the control group's alone) */
    snprintf(numbers[2], sizeof numbers[2], "%ld", box->options.memory_by_group ? 0L : box->options.memory_mib);
    snprintf(numbers[3], sizeof numbers[3], "%ld", box->options.fsize_kib);
    snprintf(numbers[4], sizeof numbers[4], "%ld", processes);
    snprintf(numbers[5], sizeof numbers[5], "%ld", box->uid);
    snprintf(numbers[6], sizeof numbers[6], "%ld", box->options.tmpfs_mib);
    static const char *const NAMES[] = {"--timeout", "--cpu", "--memory", "--fsize", "--procs", "--uid",
                                        "--files"};
    for (int i = 0; i < 7; i++) {
        if (i < 5 || (i == 5) == (box->uid >= 0)) {
            argv[n++] = NAMES[i], argv[n++] = numbers[i];
        }
    }
    for (int i = 0; i < box->valgrind_flag_count; i++) {
        argv[n++] = "--valgrind-flag", argv[n++] = box->valgrind_flags[i];
    }
    argv[n] = NULL;
    return n;
}

/* The driver's environment: nothing of the caller's (its PATH may hold
 * folders the program's uid cannot reach). */
static void driver_environment(const char *home, const char *folder)
{
    clearenv();
    setenv("PATH", "/usr/local/bin:/usr/bin:/bin", 1);
    setenv("HOME", home, 1);
    setenv("TMPDIR", home, 1);
    setenv("LANG", "C.UTF-8", 1);
    if (folder[0] != '\0') {
        setenv("SANDBOX_FOLDER", folder, 1);
    }
}

/* In the child: stdin and stdout the pipes, stderr driver.log, FD3 and
 * FD4 as 3 and 4; every other descriptor is closed at exec. */
static void child_descriptors(const box_t *box, int to_driver_read, int from_driver_write,
                              int fd3, int fd4)
{
    char log[DRIVER_PATH_SIZE];
    int err = open(driver_path(log, box->dir, "driver.log"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    /* Above 10 first: the numbers asked for may be those they have. */
    int high[5] = {to_driver_read, from_driver_write, err, fd3, fd4};
    for (int i = 0; i < 5; i++) {
        if (high[i] >= 0 && (high[i] = fcntl(high[i], F_DUPFD_CLOEXEC, 10)) < 0) {
            _exit(126);
        }
    }
    for (int i = 0; i < 5; i++) {
        if (high[i] >= 0 && dup2(high[i], i) < 0) {
            _exit(126);
        }
    }
}

/* Forks; the child runs COMMAND (bubblewrap or the driver) with the
 * environment and descriptors above; waits for "ready". */
bool box_start_driver(box_t *box, const char *const *command, const char *home,
                         const char *folder, int fd3, int fd4)
{
    int to[2], from[2];
    if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0) {
        snprintf(box->why, sizeof box->why, "cannot make a pipe");
        return false;
    }
    fflush(NULL);
    box->pid = fork();
    if (box->pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
        signal(SIGPIPE, SIG_DFL);
        child_descriptors(box, to[0], from[1], fd3, fd4);
        /* Into the box's control group before anything of the box runs. */
        if (box->cgroup.count > 0 && !box_cgroup_enter(&box->cgroup)) {
            fprintf(stderr, "cannot enter the box's control group %s: %s\n", box->cgroup.dirs[0],
                    strerror(errno));
            _exit(126);
        }
        driver_environment(home, folder);
        execvp(command[0], (char *const *)command);
        fprintf(stderr, "%s not found\n", command[0]);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    box->to_driver = to[1], box->from_driver = from[0];
    box_io_reset(box);
    if (box->pid < 0) {
        snprintf(box->why, sizeof box->why, "cannot fork");
        box_stop_driver(box);
        return false;
    }
    return box_await_ready(box, READY_SECONDS);
}

bool box_start_bwrap(box_t *box)
{
    const char *args[BOX_BWRAP_ARGS];
    char program[DRIVER_PATH_SIZE], path[DRIVER_PATH_SIZE];
    const char *bound = box->program;
    struct stat info;
    if (geteuid() == 0) {
        /* The program runs as a uid of its own: it must read and run itself. */
        box->uid = box_new_uid();
        if (!box_give_folder(box, box->uid)) {
            return false;
        }
        if (stat(bound, &info) != 0 || (info.st_mode & 0005) != 0005) {
            if (!box_copy_file(bound, driver_path(program, box->dir, "program"), 0555)) {
                snprintf(box->why, sizeof box->why, "cannot copy the program");
                return false;
            }
            bound = program;
        }
    }
    if (!box_make_etc(box)) {
        snprintf(box->why, sizeof box->why, "cannot write the box's /etc");
        return false;
    }
    int n = box_bwrap_args(box, bound, args, BOX_BWRAP_ARGS);
    FILE *file = fopen(driver_path(path, box->dir, "args"), "w");
    for (int i = 0; file != NULL && i < n; i++) {
        fwrite(args[i], 1, strlen(args[i]) + 1, file);
    }
    if (file == NULL || fclose(file) != 0) {
        snprintf(box->why, sizeof box->why, "cannot write bubblewrap's options");
        return false;
    }
    const char *command[DRIVER_ARGS] = {box->options.bwrap, "--args", "4", "--", "/sandbox/driver", "driver"};
    box_driver_options(box, box->options.processes, command, 6);
    int self = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    int options = open(path, O_RDONLY | O_CLOEXEC);
    bool started = self >= 0 && options >= 0 &&
                   box_start_driver(box, command, "/tmp", box->folder[0] != '\0' ? "/sandbox/folder" : "", self, options);
    if (self >= 0) {
        close(self);
    }
    if (options >= 0) {
        close(options);
    }
    if (started && !box_fill_folder(box)) {
        box_stop_driver(box);
        return false;
    }
    return started;
}
