/* cgroup.c -- a box's control group: made when the box opens (below the
 * group cgroup_find.c finds: v2 one group, v1 one in the memory
 * controller's hierarchy and one in the pids controller's), its limits
 * written, the driver's process tree placed in it (the child that becomes
 * bubblewrap or the driver enters it before exec: all it forks is in it),
 * everything in it killed and the group removed when the box ends. Groups
 * of boxes whose sandbox program was killed are swept as their
 * directories are: the group's name holds the owner's PID namespace and
 * pid. The memory of the whole run is --memory, plus one tmpfs's size
 * (--tmpfs: pages a run writes into a tmpfs are charged to its group),
 * plus CGROUP_SLACK_MIB for the driver and bubblewrap: a single process
 * within its RLIMIT_DATA and a full tmpfs never meet it, so verdicts of
 * programs of one process stay what they were. Processes: --procs, plus
 * the driver's own. No swap. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>

#include "sandbox.h"

enum { CGROUP_SLACK_MIB = 64, CGROUP_DRIVER_PROCESSES = 8, CGROUP_END_TRIES = 200 };

long long box_cgroup_memory_bytes(const box_options_t *options)
{
    return (long long)(options->memory_mib + options->tmpfs_mib + CGROUP_SLACK_MIB) << 20;
}

long box_cgroup_processes(const box_options_t *options)
{
    return options->processes + CGROUP_DRIVER_PROCESSES;
}

/* TEXT written to DIR/NAME (made when missing: only a stand-in tree lets
 * it, cgroupfs refuses); false on error. */
static bool write_file(const char *dir, const char *name, const char *text)
{
    char path[DRIVER_PATH_SIZE];
    int fd = open(driver_path(path, dir, name), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        return false;
    }
    size_t length = strlen(text);
    bool ok = write(fd, text, length) == (ssize_t)length;
    return close(fd) == 0 && ok;
}

/* Kills every process DIR/cgroup.procs names; true when there was none.
 * Only a cgroup file system's list is read: a stand-in tree's file names
 * pids that may be anyone's by now. */
static bool kill_listed(const char *dir)
{
    char path[DRIVER_PATH_SIZE];
    FILE *file = fopen(driver_path(path, dir, "cgroup.procs"), "r");
    struct statfs where;
    if (file != NULL && (fstatfs(fileno(file), &where) != 0 ||
                         (where.f_type != CGROUP_SUPER_MAGIC && where.f_type != CGROUP2_SUPER_MAGIC))) {
        fclose(file);
        file = NULL;
    }
    long pid = 0;
    bool none = true;
    while (file != NULL && fscanf(file, "%ld", &pid) == 1) {
        none = false;
        if (pid > 0 && pid != (long)getpid()) {
            kill((pid_t)pid, SIGKILL);
        }
    }
    if (file != NULL) {
        fclose(file);
    }
    return none;
}

/* Everything in the group at DIR killed (v2's cgroup.kill where there is
 * one, else each process it lists, until none is left), then the group
 * removed; false when it stays (a stand-in tree's files). */
static bool end_group(const char *dir)
{
    char path[DRIVER_PATH_SIZE];
    if (access(driver_path(path, dir, "cgroup.kill"), W_OK) == 0) {
        write_file(dir, "cgroup.kill", "1");
    }
    struct timespec pause_for = {0, 10 * 1000 * 1000};
    for (int tries = 0; tries < CGROUP_END_TRIES; tries++) {
        bool empty = kill_listed(dir);
        if (rmdir(dir) == 0 || errno == ENOENT) {
            return true;
        }
        if (errno != EBUSY && empty) {
            return false;
        }
        nanosleep(&pause_for, NULL);
    }
    return false;
}

/* Removes PARENT's groups of boxes of this PID namespace whose sandbox
 * program no longer runs. */
static void sweep(const char *parent)
{
    DIR *dir = opendir(parent);
    for (struct dirent *entry; dir != NULL && (entry = readdir(dir)) != NULL;) {
        char path[DRIVER_PATH_SIZE];
        unsigned long owner_namespace = 0;
        long pid = 0;
        if (sscanf(entry->d_name, "sandbox-%lu-%ld-", &owner_namespace, &pid) == 2 &&
            box_owner_gone(owner_namespace, pid) &&
            (size_t)snprintf(path, sizeof path, "%s/%s", parent, entry->d_name) < sizeof path) {
            end_group(path);
        }
    }
    if (dir != NULL) {
        closedir(dir);
    }
}

/* The limits of GROUP (made): memory without swap, processes. */
static bool write_limits(const box_cgroup_t *group, const box_options_t *options)
{
    char memory[32], processes[32];
    snprintf(memory, sizeof memory, "%lld", box_cgroup_memory_bytes(options));
    snprintf(processes, sizeof processes, "%ld", box_cgroup_processes(options));
    const char *pids_dir = group->dirs[group->count - 1];
    if (group->version == 2) {
        /* (memory.swap.max is missing where the kernel has no swap accounting) */
        write_file(group->dirs[0], "memory.swap.max", "0");
        return write_file(group->dirs[0], "memory.max", memory) &&
               write_file(pids_dir, "pids.max", processes);
    }
    /* v1: memory.memsw (memory and swap) where swap is accounted, at most
     * the memory itself; it may not be below limit_in_bytes, set first. */
    bool ok = write_file(group->dirs[0], "memory.limit_in_bytes", memory);
    write_file(group->dirs[0], "memory.memsw.limit_in_bytes", memory);
    return ok && write_file(pids_dir, "pids.max", processes);
}

bool box_cgroup_make(box_cgroup_t *group, const box_options_t *options)
{
    if (!box_cgroup_find(group)) {
        return false;
    }
    unsigned int random = 0;
    if (getrandom(&random, sizeof random, 0) != (ssize_t)sizeof random) {
        random = (unsigned int)time(NULL);
    }
    char name[128];
    snprintf(name, sizeof name, "sandbox-%lu-%ld-%08x", box_pid_namespace(), (long)getpid(), random);
    int made = 0;
    for (; made < group->count; made++) {
        char *dir = group->dirs[made];
        sweep(dir);
        size_t used = strlen(dir);
        if (used + strlen(name) + 2 > sizeof group->dirs[made]) {
            errno = ENAMETOOLONG;
            break;
        }
        snprintf(dir + used, sizeof group->dirs[made] - used, "/%s", name);
        if (mkdir(dir, 0755) != 0) {
            *strrchr(dir, '/') = '\0';
            break;
        }
    }
    if (made == group->count && write_limits(group, options)) {
        return true;
    }
    snprintf(group->why, sizeof group->why, "cannot make a group in %.300s: %s",
             group->dirs[made < group->count ? made : 0], strerror(errno));
    group->count = made;
    box_cgroup_remove(group);
    return false;
}

bool box_cgroup_enter(const box_cgroup_t *group)
{
    char pid[32];
    snprintf(pid, sizeof pid, "%ld", (long)getpid());
    for (int d = 0; d < group->count; d++) {
        if (!write_file(group->dirs[d], "cgroup.procs", pid)) {
            return false;
        }
    }
    return true;
}

void box_cgroup_kill(const box_cgroup_t *group)
{
    for (int d = 0; d < group->count; d++) {
        kill_listed(group->dirs[d]);
    }
}

void box_cgroup_remove(box_cgroup_t *group)
{
    for (int d = 0; d < group->count; d++) {
        end_group(group->dirs[d]);
    }
    group->version = 0;
    group->count = 0;
}

/* KEY's value in the first group's FILE ("key value" lines), or -1. */
static long long group_value(const box_cgroup_t *group, const char *name, const char *key)
{
    char path[DRIVER_PATH_SIZE], word[64];
    long long count = -1, value = 0;
    FILE *file = fopen(driver_path(path, group->dirs[0], name), "r");
    while (file != NULL && fscanf(file, "%63s %lld", word, &value) == 2) {
        if (strcmp(word, key) == 0) {
            count = value;
        }
    }
    if (file != NULL) {
        fclose(file);
    }
    return count;
}

long long box_cgroup_oom_kills(const box_cgroup_t *group)
{
    if (group->version == 0) {
        return -1;
    }
    return group_value(group, group->version == 2 ? "memory.events" : "memory.oom_control", "oom_kill");
}

long long box_cgroup_limit_hits(const box_cgroup_t *group)
{
    char path[DRIVER_PATH_SIZE];
    long long count = -1;
    if (group->version == 2) {
        return group_value(group, "memory.events", "oom");
    }
    FILE *file = group->version == 1 ? fopen(driver_path(path, group->dirs[0], "memory.failcnt"), "r") : NULL;
    if (file != NULL) {
        if (fscanf(file, "%lld", &count) != 1) {
            count = -1;
        }
        fclose(file);
    }
    return count;
}
