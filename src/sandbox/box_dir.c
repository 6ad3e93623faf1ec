/* box_dir.c -- a box's directory on this side: made under the scratch
 * directory (SCRATCH/sandbox.XXXXXX with io, work and tmp, and an owner
 * file naming the sandbox's pid and PID namespace), swept when its owner
 * died without removing it (owner.c), and removed at the box's end. As
 * root each place a program may write into is a tmpfs of its own of
 * --tmpfs MiB (as bubblewrap's /tmp and working directory are): fs, which
 * holds the folder's copy a build writes into, and, with limits only,
 * work and tmp; none can fill the scratch directory's file system. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/random.h>
#include <unistd.h>

#include "sandbox.h"

enum { TMPFS_MAGIC_NUMBER = 0x01021994 };

/* Where a box's directory is made (its exchange files are written and
 * truncated on every run): --scratch or $SANDBOX_SCRATCH when set; else
 * /dev/shm when it is a writable tmpfs with at least 1 GiB free (a run
 * may write 64 MiB); else TMPDIR or /tmp. On ext4, truncating and
 * rewriting a file flushes it at close (auto_da_alloc) and discards its
 * blocks: a third of the CPU of checking the checkers corpus went there. */
static const char *scratch_dir(const box_options_t *options)
{
    if (options->scratch != NULL) {
        return options->scratch;
    }
    struct statfs shm;
    if (access("/dev/shm", W_OK) == 0 && statfs("/dev/shm", &shm) == 0 &&
        shm.f_type == TMPFS_MAGIC_NUMBER &&
        (unsigned long long)shm.f_bavail * (unsigned long long)shm.f_bsize >= 1ULL << 30) {
        return "/dev/shm";
    }
    const char *tmpdir = getenv("TMPDIR");
    return tmpdir != NULL && *tmpdir != '\0' ? tmpdir : "/tmp";
}

long long box_dir_bytes(const box_options_t *options)
{
    return (long long)options->tmpfs_mib << 20;
}

/* The places of a box's directory that are tmpfs of their own, as root. */
static const char *const CAPPED[] = {"fs", "work", "tmp", NULL};

/* DIR (a box's directory), its tmpfs unmounted, removed. */
static bool remove_box_tree(const char *dir)
{
    bool ok = true;
    for (int c = 0; geteuid() == 0 && CAPPED[c] != NULL; c++) {
        char path[DRIVER_PATH_SIZE];
        ok = (umount2(driver_path(path, dir, CAPPED[c]), MNT_DETACH | UMOUNT_NOFOLLOW) == 0 ||
              errno == EINVAL || errno == ENOENT) && ok;
    }
    return driver_remove_tree(dir) && ok;
}

/* DIR/NAME made; as root, a tmpfs of box_dir_bytes. */
static bool make_inside(const box_options_t *options, const char *dir, const char *name)
{
    char path[DRIVER_PATH_SIZE], data[64];
    if (mkdir(driver_path(path, dir, name), 0700) != 0) {
        return false;
    }
    bool capped = false;
    for (int c = 0; CAPPED[c] != NULL; c++) {
        capped = capped || strcmp(name, CAPPED[c]) == 0;
    }
    if (geteuid() != 0 || !capped) {
        return true;  /* (not root: said by describe) */
    }
    snprintf(data, sizeof data, "size=%lld,mode=%s", box_dir_bytes(options),
             strcmp(name, "fs") == 0 ? "0755" : "0700");
    if (mount("sandbox", path, "tmpfs", MS_NOSUID | MS_NODEV, data) != 0) {
        fprintf(stderr, "sandbox: cannot mount a size-capped tmpfs at %s: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

/* Removes SCRATCH/sandbox.* of ours whose owner file names a pid of this
 * PID namespace that no longer runs (a box whose sandbox was killed). A
 * file without its namespace is never taken for a dead owner's. */
static void sweep(const char *scratch)
{
    DIR *dir = opendir(scratch);
    if (dir == NULL) {
        return;
    }
    for (struct dirent *entry; (entry = readdir(dir)) != NULL;) {
        char path[DRIVER_PATH_SIZE], owner[DRIVER_PATH_SIZE];
        struct stat info;
        long pid = 0;
        unsigned long namespace = 0;
        if (strncmp(entry->d_name, "sandbox.", 8) != 0 ||
            (size_t)snprintf(path, sizeof path, "%s/%s", scratch, entry->d_name) >= sizeof path) {
            continue;
        }
        driver_path(owner, path, "owner");
        FILE *file = lstat(owner, &info) == 0 && S_ISREG(info.st_mode) &&
                     info.st_uid == geteuid() ? fopen(owner, "r") : NULL;
        if (file == NULL) {
            continue;
        }
        bool named = fscanf(file, "%ld %lu", &pid, &namespace) == 2;
        fclose(file);
        if (named && box_owner_gone(namespace, pid)) {
            remove_box_tree(path);
        }
    }
    closedir(dir);
}

bool box_make_dir(box_t *box)
{
    const char *scratch = scratch_dir(&box->options);
    sweep(scratch);
    box->dir[0] = '\0';
    char dir[DRIVER_PATH_SIZE];
    if ((size_t)snprintf(dir, sizeof dir, "%s/sandbox.XXXXXX", scratch) >= sizeof dir - 64 ||
        mkdtemp(dir) == NULL) {
        fprintf(stderr, "sandbox: cannot make a directory under %s\n", scratch);
        return false;
    }
    strcpy(box->dir, dir);
    char owner[DRIVER_PATH_SIZE];
    FILE *file = fopen(driver_path(owner, dir, "owner"), "w");
    bool ok = file != NULL && fprintf(file, "%ld %lu\n", (long)getpid(), box_pid_namespace()) > 0;
    ok = file != NULL && fclose(file) == 0 && ok;
    const box_options_t *options = &box->options;
    if (!ok || !make_inside(options, dir, "io") || !make_inside(options, dir, "work") ||
        !make_inside(options, dir, "tmp") || !make_inside(options, dir, "fs")) {
        fprintf(stderr, "sandbox: cannot make a directory under %s\n", scratch);
        box_remove_dir(box);
        return false;
    }
    return true;
}

void box_remove_dir(box_t *box)
{
    if (box->dir[0] != '\0') {
        remove_box_tree(box->dir);
        box->dir[0] = '\0';
    }
}

long box_new_uid(void)
{
    unsigned int random = 0;
    if (getrandom(&random, sizeof random, 0) != (ssize_t)sizeof random) {
        random = (unsigned int)getpid() * 2654435761U;
    }
    return 1000000L + (long)(random % 1000000000U);
}
