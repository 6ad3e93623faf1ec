/* bwrap.c -- bubblewrap's argument vector for a box: a read-only /usr,
 * /bin, /sbin, /lib* (as links or read-only binds, as on the host), a
 * minimal read-only /etc of the box's own (etc.c), /proc of its own PID
 * namespace, a minimal /dev, a private size-capped /tmp and working
 * directory (and, as an ordinary user, a writable folder's copy: as root
 * it is a tmpfs of the box's directory), the program read-only as
 * /sandbox/program, the exchange directory as /sandbox/io, the driver
 * (this program, from descriptor 3) as /sandbox/driver; no network, IPC or hostname of the host's. As root:
 * no user namespace, every capability dropped but those the driver needs
 * to run the program as a uid of its own; else a user namespace (and no
 * further one, where bubblewrap can refuse it). And the probe of
 * describe: bubblewrap tried once with /bin/true. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox.h"

enum { HELP_SIZE = 16384, SYSTEM_DIRS = 6 };

/* Runs ARGV (stdin and descriptor 3 from /dev/null), its stdout and
 * stderr into TEXT (at most SIZE - 1 bytes kept); returns its exit status
 * (-1 when it could not be run). */
static int capture(const char *const *argv, char *text, size_t size)
{
    int pipe_fds[2];
    text[0] = '\0';
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
        return -1;
    }
    pid_t child = fork();
    if (child == 0) {
        signal(SIGPIPE, SIG_DFL);
        int null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        dup2(null, 3);
        dup2(pipe_fds[1], 1);
        dup2(pipe_fds[1], 2);
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(pipe_fds[1]);
    size_t used = 0;
    ssize_t got = 0;
    char scratch[4096];
    while ((got = read(pipe_fds[0], scratch, sizeof scratch)) > 0) {
        size_t keep = (size_t)got < size - 1 - used ? (size_t)got : size - 1 - used;
        memcpy(text + used, scratch, keep);
        used += keep;
    }
    text[used] = '\0';
    close(pipe_fds[0]);
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) != child) {
        return -1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* What this bubblewrap offers (asked once): --size for a tmpfs, --disable-userns. */
static void features(const char *bwrap, bool *size, bool *disable_userns)
{
    static char help[HELP_SIZE];
    static const char *asked;
    if (asked == NULL || strcmp(asked, bwrap) != 0) {
        const char *argv[] = {bwrap, "--help", NULL};
        capture(argv, help, sizeof help);
        asked = bwrap;
    }
    *size = strstr(help, "--size") != NULL;
    *disable_userns = strstr(help, "--disable-userns") != NULL;
}

/* The system's folders: read-only binds, and links as links; the box's
 * own /etc (etc.c), not the host's. */
static int system_dirs(const box_t *box, const char **args, int n)
{
    static const char *const DIRS[SYSTEM_DIRS] = {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};
    static char targets[SYSTEM_DIRS][PATH_MAX];
    args[n++] = "--ro-bind", args[n++] = "/usr", args[n++] = "/usr";
    n = box_etc_args(box, args, n);
    for (int d = 0; d < SYSTEM_DIRS; d++) {
        struct stat info;
        if (lstat(DIRS[d], &info) == 0 && S_ISDIR(info.st_mode)) {
            args[n++] = "--ro-bind", args[n++] = DIRS[d], args[n++] = DIRS[d];
        }
    }
    for (int d = 0; d < SYSTEM_DIRS; d++) {
        ssize_t length = readlink(DIRS[d], targets[d], PATH_MAX - 1);
        if (length > 0) {
            targets[d][length] = '\0';
            args[n++] = "--symlink", args[n++] = targets[d], args[n++] = DIRS[d];
        }
    }
    return n;
}

/* The driver keeps, as root, what it needs to run the program as another
 * uid, kill it and clean up after it; else a user namespace. */
static int privileges(const char *bwrap, const char **args, int n)
{
    static const char *const KEPT[] = {"CAP_SETUID", "CAP_SETGID", "CAP_SETPCAP", "CAP_KILL",
                                       "CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_FOWNER", NULL};
    bool size = false, disable_userns = false;
    if (geteuid() == 0) {
        args[n++] = "--cap-drop", args[n++] = "ALL";
        for (int c = 0; KEPT[c] != NULL; c++) {
            args[n++] = "--cap-add", args[n++] = KEPT[c];
        }
        return n;
    }
    features(bwrap, &size, &disable_userns);
    args[n++] = "--unshare-user";
    if (disable_userns) {
        args[n++] = "--disable-userns";
    }
    return n;
}

bool box_bwrap_sizes(const char *bwrap)
{
    bool size = false, disable_userns = false;
    features(bwrap, &size, &disable_userns);
    return size;
}

bool box_folder_in_tmpfs(const box_t *box)
{
    return geteuid() != 0 && box->folder[0] != '\0' && box->options.folder_writable &&
           box_bwrap_sizes(box->options.bwrap);
}

/* A size-capped tmpfs at WHERE with PERMS (1777: open to all, sticky). */
static int tmpfs(const box_t *box, const char *where, const char *perms, const char **args, int n)
{
    static char bytes[32];
    bool size = box_bwrap_sizes(box->options.bwrap);
    snprintf(bytes, sizeof bytes, "%ld", box->options.tmpfs_mib * 1024 * 1024);
    args[n++] = "--perms", args[n++] = perms;
    if (size) {
        args[n++] = "--size", args[n++] = bytes;
    }
    args[n++] = "--tmpfs", args[n++] = where;
    return n;
}

int box_bwrap_args(const box_t *box, const char *program, const char **args, int max)
{
    static char io[DRIVER_PATH_SIZE];
    static const char *const HEAD[] = {"--die-with-parent", "--new-session", "--unshare-ipc",
                                       "--unshare-pid", "--unshare-net", "--unshare-uts",
                                       "--unshare-cgroup-try", "--hostname", "sandbox", NULL};
    int n = 0;
    if (max < BOX_BWRAP_ARGS) {
        return -1;
    }
    for (int h = 0; HEAD[h] != NULL; h++) {
        args[n++] = HEAD[h];
    }
    n = system_dirs(box, args, n);
    args[n++] = "--proc", args[n++] = "/proc", args[n++] = "--dev", args[n++] = "/dev";
    args[n++] = "--mqueue", args[n++] = "/dev/mqueue";
    n = tmpfs(box, "/tmp", "1777", args, n);
    args[n++] = "--dir", args[n++] = "/sandbox";
    n = tmpfs(box, "/sandbox/work", "1777", args, n);
    args[n++] = "--ro-bind", args[n++] = program, args[n++] = "/sandbox/program";
    args[n++] = "--bind", args[n++] = driver_path(io, box->dir, "io"), args[n++] = "/sandbox/io";
    args[n++] = "--perms", args[n++] = "0500", args[n++] = "--file", args[n++] = "3";
    args[n++] = "/sandbox/driver", args[n++] = "--chdir", args[n++] = "/sandbox/work";
    if (box_folder_in_tmpfs(box)) {
        /* (filled from this side once bubblewrap is up: box_fill_folder) */
        n = tmpfs(box, "/sandbox/folder", "0755", args, n);
    } else if (box->folder[0] != '\0') {
        args[n++] = box->options.folder_writable ? "--bind" : "--ro-bind";
        args[n++] = box->folder, args[n++] = "/sandbox/folder";
    }
    n = privileges(box->options.bwrap, args, n);
    args[n] = NULL;
    return n;
}

bool box_bwrap_works(const box_options_t *options, char *why, size_t size)
{
    box_t probe = {.options = *options, .uid = 65534};
    why[0] = '\0';
    probe.options.quiet = true;
    if (!box_make_dir(&probe) || !box_make_etc(&probe)) {
        snprintf(why, size, "cannot make a directory to try it in");
        box_remove_dir(&probe);
        return false;
    }
    const char *argv[BOX_BWRAP_ARGS + 4] = {options->bwrap};
    int n = box_bwrap_args(&probe, "/bin/true", argv + 1, BOX_BWRAP_ARGS);
    argv[n + 1] = "--", argv[n + 2] = "/bin/true", argv[n + 3] = NULL;
    int status = capture(argv, why, size);
    box_remove_dir(&probe);
    if (status == 0) {
        why[0] = '\0';
        return true;
    }
    why[strcspn(why, "\n")] = '\0';
    if (why[0] == '\0') {
        snprintf(why, size, status == 127 ? "%s not found" : "bubblewrap failed", options->bwrap);
    }
    return false;
}
