/* limits.c -- the limits-only mode, where bubblewrap is missing or
 * refused, or with --no-sandbox: the driver runs outside any namespace
 * (driver --limits-only DIR), with the same protocol and limits, and
 * kills every process a run leaves by descent (it is their subreaper).
 * As root the program runs as a uid of its own (root ignores ulimit -u),
 * owner of its working directory and TMPDIR, from a copy of itself when
 * that uid cannot reach it; where even that fails (a scratch directory
 * closed to others) it stays root. As another user, ulimit -u counts
 * every process of the uid: the ones running now are allowed on top. */
#define _GNU_SOURCE
#include <dirent.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox.h"

enum { DRIVER_ARGS = 64 };

/* True when UID can run PROGRAM and write in WORK (asked in a child that
 * becomes UID). */
static bool reaches(long uid, const char *program, const char *work)
{
    pid_t child = fork();
    if (child == 0) {
        gid_t gid = (gid_t)uid;
        bool ok = setgroups(0, NULL) == 0 && setresgid(gid, gid, gid) == 0 &&
                  setresuid((uid_t)uid, (uid_t)uid, (uid_t)uid) == 0 &&
                  access(program, X_OK) == 0 && access(work, W_OK) == 0;
        _exit(ok ? 0 : 1);
    }
    int status = 1;
    return child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0;
}

/* As root: a uid of its own for the program, where it can reach it. */
static void choose_uid(box_t *box)
{
    long uid = box_new_uid();
    char work[DRIVER_PATH_SIZE], tmp[DRIVER_PATH_SIZE], copy[DRIVER_PATH_SIZE];
    driver_path(work, box->dir, "work");
    driver_path(tmp, box->dir, "tmp");
    if (chown(work, (uid_t)uid, (gid_t)uid) != 0 || chown(tmp, (uid_t)uid, (gid_t)uid) != 0 ||
        chmod(box->dir, 0755) != 0) {
        return;
    }
    if (!reaches(uid, box->program, work) &&
        box_copy_file(box->program, driver_path(copy, box->dir, "program"), 0755)) {
        snprintf(box->program, sizeof box->program, "%s", copy);
    }
    if (reaches(uid, box->program, work) && box_give_folder(box, uid)) {
        box->uid = uid;
    } else if (chown(work, geteuid(), getegid()) != 0 || chown(tmp, geteuid(), getegid()) != 0) {
        /* (it stays root: its folders back, or it cannot write them) */
        fprintf(stderr, "sandbox: cannot give the box's folders back to root\n");
    }
}

/* The threads of this uid now (/proc/PID/task of each process it owns). */
static long own_threads(void)
{
    DIR *proc = opendir("/proc");
    long count = 0;
    for (struct dirent *entry; proc != NULL && (entry = readdir(proc)) != NULL;) {
        char path[64];
        struct stat info;
        if (entry->d_name[0] < '1' || entry->d_name[0] > '9') {
            continue;
        }
        snprintf(path, sizeof path, "/proc/%.20s/task", entry->d_name);
        DIR *tasks = stat(path, &info) == 0 && info.st_uid == geteuid() ? opendir(path) : NULL;
        for (struct dirent *task; tasks != NULL && (task = readdir(tasks)) != NULL;) {
            count += task->d_name[0] != '.';
        }
        if (tasks != NULL) {
            closedir(tasks);
        }
    }
    if (proc != NULL) {
        closedir(proc);
    }
    return count;
}

bool box_start_limits(box_t *box)
{
    long processes = box->options.processes;
    box->uid = -1;
    if (geteuid() == 0) {
        choose_uid(box);
    } else {
        processes += own_threads();
    }
    /* This program, by its path (/proc/self/exe is Valgrind's under
     * Valgrind), or by /proc/self/exe when that path is gone (a rebuild). */
    char self[DRIVER_PATH_SIZE] = "/proc/self/exe";
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    self[length > 0 ? length : 0] = '\0';
    if (length <= 0 || access(self, X_OK) != 0) {
        strcpy(self, "/proc/self/exe");
    }
    const char *command[DRIVER_ARGS] = {self, "driver", "--limits-only", box->dir,
                                        "--program", box->program};
    box_driver_options(box, processes, command, 6);
    char tmp[DRIVER_PATH_SIZE];
    return box_start_driver(box, command, driver_path(tmp, box->dir, "tmp"), box->folder, -1, -1);
}
