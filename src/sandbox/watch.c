/* watch.c -- the size cap of the run's files where no tmpfs of its own
 * holds them: the program shares the driver's uid (an ordinary user's
 * box), so with limits only its working directory, its TMPDIR, the
 * folder's copy and the exchange directory, and in bubblewrap the
 * exchange directory, are on the scratch's file system. The driver looks
 * at them while the run goes (run_case.c, every WATCH_SECONDS) and once
 * more after it, and past --tmpfs MiB the run is killed and its stderr
 * says so. What is counted: each inode once (a file's other names, hard
 * links, add nothing), its allocated blocks (a sparse file counts what it
 * holds, a file grown with fallocate what it took), at least one page of
 * 4 KiB each (a tmpfs's inode and its walk cost something: at most one
 * name per page of the cap); folders at any depth the program made
 * (opened for the walk when it closed them); files the run's processes
 * hold open after removing them (memfd too). What cannot be counted (a
 * folder deeper than DEPTH_MAX, more than NAMES_MAX names, a folder or a
 * process that stays closed) counts as over. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_driver.h"

/* (the kernel's PF_EXITING, in /proc/PID/stat's flags) */
enum { PF_EXITING_FLAG = 0x4 };
enum { PAGE = 4096, DEPTH_MAX = 64, NAMES_MAX = 200000, PROCESSES = 4096, SEEN_FIRST = 256 };

typedef struct {
    dev_t dev;
    ino_t ino;
    bool used;
} inode_t;

/* A look's count: bytes, names, and the inodes seen with more than one
 * name (or without any), an open-addressed set whose size is a power of 2. */
typedef struct {
    long long bytes;
    long names;
    bool hidden;  /* something could not be counted: over */
    inode_t *seen;
    size_t seen_count, seen_size;
} tally_t;

static size_t slot(const inode_t *table, size_t size, dev_t dev, ino_t ino)
{
    size_t i = (size_t)(((unsigned long long)ino * 0x9E3779B97F4A7C15ULL) ^ (unsigned long long)dev);
    for (i &= size - 1; table[i].used && (table[i].dev != dev || table[i].ino != ino);
         i = (i + 1) & (size - 1)) {
    }
    return i;
}

static bool grow(tally_t *tally)
{
    size_t size = tally->seen_size == 0 ? SEEN_FIRST : tally->seen_size * 2;
    inode_t *table = calloc(size, sizeof *table);
    if (table == NULL) {
        return false;
    }
    for (size_t i = 0; i < tally->seen_size; i++) {
        if (tally->seen[i].used) {
            table[slot(table, size, tally->seen[i].dev, tally->seen[i].ino)] = tally->seen[i];
        }
    }
    free(tally->seen);
    tally->seen = table, tally->seen_size = size;
    return true;
}

/* True the first time INFO's inode is seen. */
static bool first_sight(tally_t *tally, const struct stat *info)
{
    if (2 * (tally->seen_count + 1) > tally->seen_size && !grow(tally)) {
        tally->hidden = true;
        return false;
    }
    size_t i = slot(tally->seen, tally->seen_size, info->st_dev, info->st_ino);
    if (tally->seen[i].used) {
        return false;
    }
    tally->seen[i] = (inode_t){info->st_dev, info->st_ino, true};
    tally->seen_count++;
    return true;
}

static void count(tally_t *tally, const struct stat *info, bool named)
{
    tally->names += named;
    tally->hidden = tally->hidden || tally->names > NAMES_MAX;
    if ((info->st_nlink != 1 || !named) && !S_ISDIR(info->st_mode) && !first_sight(tally, info)) {
        return;
    }
    long long bytes = (long long)info->st_blocks * 512;
    tally->bytes += bytes > PAGE ? bytes : PAGE;
}

/* NAME, a folder in AT, opened for reading (opened up first when the
 * program closed it to its owner, the driver's uid). */
static int open_folder(int at, const char *name, const struct stat *info)
{
    if ((info->st_mode & S_IRWXU) != S_IRWXU) {
        fchmodat(at, name, (info->st_mode & 07777) | S_IRWXU, 0);
    }
    return openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* Everything below the folder DIR_FD (taken: closed here). */
static void walk(tally_t *tally, int dir_fd, int depth)
{
    DIR *dir = fdopendir(dir_fd);
    if (dir == NULL) {
        close(dir_fd);
        tally->hidden = true;
        return;
    }
    for (struct dirent *entry; !tally->hidden && (entry = readdir(dir)) != NULL;) {
        const char *name = entry->d_name;
        struct stat info;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
            continue;
        }
        if (fstatat(dirfd(dir), name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
            tally->hidden = errno != ENOENT;  /* (ENOENT: removed meanwhile) */
            continue;
        }
        count(tally, &info, true);
        if (S_ISDIR(info.st_mode)) {
            int inner = depth < DEPTH_MAX ? open_folder(dirfd(dir), name, &info) : -1;
            if (inner >= 0) {
                walk(tally, inner, depth + 1);
            } else {
                tally->hidden = depth >= DEPTH_MAX || errno != ENOENT;
            }
        }
    }
    closedir(dir);
}

/* The children of every thread of PID appended to FOUND from COUNT. */
static int children_of(long pid, pid_t *found, int count)
{
    char path[96];
    snprintf(path, sizeof path, "/proc/%ld/task", pid);
    DIR *tasks = opendir(path);
    for (struct dirent *task; tasks != NULL && (task = readdir(tasks)) != NULL;) {
        snprintf(path, sizeof path, "/proc/%ld/task/%.20s/children", pid, task->d_name);
        FILE *file = task->d_name[0] != '.' ? fopen(path, "r") : NULL;
        for (long child = 0; file != NULL && count < PROCESSES && fscanf(file, "%ld", &child) == 1;) {
            found[count++] = (pid_t)child;
        }
        if (file != NULL) {
            fclose(file);
        }
    }
    if (tasks != NULL) {
        closedir(tasks);
    }
    return count;
}

/* The run's processes: contained, the namespace's but init and the
 * driver; else the driver's descendants (its subreaper's orphans too). */
static int run_processes(const driver_limits_t *limits, pid_t *found)
{
    int count = 0;
    if (!limits->contained) {
        count = children_of((long)getpid(), found, 0);
        for (int i = 0; i < count; i++) {
            count = children_of((long)found[i], found, count);
        }
        return count;
    }
    DIR *proc = opendir("/proc");
    for (struct dirent *entry; proc != NULL && count < PROCESSES && (entry = readdir(proc)) != NULL;) {
        long pid = atol(entry->d_name);
        if (pid > 1 && pid != (long)getpid()) {
            found[count++] = (pid_t)pid;
        }
    }
    if (proc != NULL) {
        closedir(proc);
    }
    return count;
}

/* PID has ended or is ending (gone, a zombie, or exiting: PF_EXITING in
 * its flags; its descriptors are closed, /proc closed to others). */
static bool ended(pid_t pid)
{
    char path[64], line[512], state = 'X';
    unsigned int flags = 0;
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *file = fopen(path, "r");
    char *end = file != NULL && fgets(line, sizeof line, file) != NULL ? strrchr(line, ')') : NULL;
    if (end == NULL || sscanf(end + 1, " %c %*d %*d %*d %*d %*d %u", &state, &flags) != 2) {
        state = 'X';
    }
    if (file != NULL) {
        fclose(file);
    }
    return state == 'Z' || state == 'X' || (flags & PF_EXITING_FLAG) != 0;
}

/* Files the run's processes hold open with no name left (removed,
 * O_TMPFILE, memfd): in no folder, but on the disk or in memory. */
static void count_unnamed(const driver_limits_t *limits, tally_t *tally)
{
    static pid_t found[PROCESSES];
    int processes = run_processes(limits, found);
    for (int p = 0; p < processes && !tally->hidden; p++) {
        char path[96];
        snprintf(path, sizeof path, "/proc/%ld/fd", (long)found[p]);
        DIR *fds = opendir(path);
        tally->hidden = fds == NULL && errno != ENOENT && !ended(found[p]);
        for (struct dirent *fd; fds != NULL && (fd = readdir(fds)) != NULL;) {
            struct stat info;
            snprintf(path, sizeof path, "/proc/%ld/fd/%.20s", (long)found[p], fd->d_name);
            if (fd->d_name[0] != '.' && stat(path, &info) == 0 && S_ISREG(info.st_mode) &&
                info.st_nlink == 0) {
                count(tally, &info, false);
            }
        }
        if (fds != NULL) {
            closedir(fds);
        }
    }
}

long long driver_files_bytes(const driver_limits_t *limits)
{
    const char *places[] = {limits->io, limits->work, limits->tmp, limits->fs, NULL};
    tally_t tally = {0};
    /* The exchange directory alone where the others are tmpfs of their
     * own: bubblewrap's, or as root the box directory's. */
    bool alone = limits->contained || geteuid() == 0;
    for (int p = 0; places[p] != NULL && (p == 0 || !alone) && !tally.hidden; p++) {
        struct stat info;
        if (places[p][0] != '\0' && lstat(places[p], &info) == 0) {
            int fd = open_folder(AT_FDCWD, places[p], &info);
            if (fd >= 0) {
                walk(&tally, fd, 0);
            } else {
                tally.hidden = true;
            }
        }
    }
    if (!tally.hidden) {
        count_unnamed(limits, &tally);
    }
    free(tally.seen);
    return tally.hidden ? -1 : tally.bytes;
}

bool driver_files_over(const driver_limits_t *limits, long long *bytes)
{
    *bytes = limits->files_mib > 0 ? driver_files_bytes(limits) : 0;
    return limits->files_mib > 0 && (*bytes < 0 || *bytes > (long long)limits->files_mib << 20);
}

/* The run's stderr says why it was stopped. */
static void say_over(const driver_limits_t *limits, long long bytes)
{
    char err[DRIVER_PATH_SIZE], text[512];
    int length;
    if (bytes < 0) {
        length = snprintf(text, sizeof text, "sandbox: out of space: the run's files could not all be "
                          "counted (folders over %d deep, over %d names, or closed to the sandbox), "
                          "which counts as past its %ld MiB; the sandbox stopped the run\n",
                          DEPTH_MAX, NAMES_MAX, limits->files_mib);
    } else {
        length = snprintf(text, sizeof text, "sandbox: out of space: the run's files together passed "
                          "its %ld MiB (%lld MiB in %s); the sandbox stopped the run\n",
                          limits->files_mib, (bytes + (1 << 20) - 1) >> 20,
                          limits->contained || geteuid() == 0 ? "the box's exchange files"
                                            : "its working and temporary folders, its folder's copy "
                                              "and the box's exchange files");
    }
    int fd = open(driver_path(err, limits->io, "case.err"),
                  O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat info;
    if (fd >= 0 && fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        (void)!write(fd, text, (size_t)length);
    }
    if (fd >= 0) {
        close(fd);
    }
}

void driver_files_verdict(const driver_limits_t *limits, long long over, int *status)
{
    long long bytes = over;
    if (over != 0 || driver_files_over(limits, &bytes)) {
        *status = 128 + SIGKILL;
        say_over(limits, bytes);
    }
}
