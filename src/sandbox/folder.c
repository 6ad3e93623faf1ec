/* folder.c -- the program's folder (--folder DIR): a copy in the box,
 * readable by every uid (the program's may be another) and written by
 * none but its owner, never the caller's own files; handed to the
 * program's uid when --folder-writable; an ordinary user's writable copy
 * put into the size-capped tmpfs bubblewrap mounts for it. A copy in or out stops at the
 * box's size (box_dir_bytes). Links are copied as links;
 * anything but files, folders and links is left out. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox.h"

enum { COPY_CHUNK = 65536 };

/* a+rX,go-w of MODE. */
static mode_t readable_mode(mode_t mode, bool folder)
{
    mode_t result = (mode & 0777) | 0444;
    if (folder || (mode & 0111) != 0) {
        result |= 0111;
    }
    return result & ~(mode_t)0022;
}

/* box_copy_file, its bytes taken from *BUDGET (NULL: no budget). */
static bool copy_file(const char *from, const char *to, mode_t mode, long long *budget)
{
    unlink(to);  /* (a copy made before, by a box restarted) */
    int in = open(from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    int out = in < 0 ? -1 : open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    bool ok = out >= 0;
    static char chunk[COPY_CHUNK];
    ssize_t got = 0;
    while (ok && (got = read(in, chunk, sizeof chunk)) > 0) {
        if (budget != NULL && (*budget -= got) < 0) {
            ok = false;
            errno = EFBIG;
            break;
        }
        ok = write(out, chunk, (size_t)got) == got;
    }
    ok = ok && got == 0 && fchmod(out, mode) == 0;
    if (out >= 0) {
        ok = close(out) == 0 && ok;
    }
    if (in >= 0) {
        close(in);
    }
    return ok;
}

bool box_copy_file(const char *from, const char *to, mode_t mode)
{
    return copy_file(from, to, mode, NULL);
}

static bool copy_entries(const char *from, const char *to, long long *budget);

static bool copy_link(const char *from, const char *to)
{
    char target[PATH_MAX];
    ssize_t length = readlink(from, target, sizeof target - 1);
    if (length < 0) {
        return false;
    }
    target[length] = '\0';
    return symlink(target, to) == 0;
}

bool box_copy_tree(const char *from, const char *to, long long *budget)
{
    struct stat info;
    if (lstat(from, &info) != 0) {
        return false;
    }
    if (S_ISLNK(info.st_mode)) {
        return copy_link(from, to);
    }
    if (S_ISREG(info.st_mode)) {
        return copy_file(from, to, readable_mode(info.st_mode, false), budget);
    }
    if (!S_ISDIR(info.st_mode)) {
        return true;
    }
    return mkdir(to, 0700) == 0 && copy_entries(from, to, budget) &&
           chmod(to, readable_mode(info.st_mode, true)) == 0;
}

/* The entries of folder FROM copied into the folder TO. */
static bool copy_entries(const char *from, const char *to, long long *budget)
{
    DIR *dir = opendir(from);
    bool ok = dir != NULL;
    for (struct dirent *entry; ok && (entry = readdir(dir)) != NULL;) {
        char from_path[PATH_MAX], to_path[PATH_MAX];
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) {
            continue;
        }
        ok = (size_t)snprintf(from_path, sizeof from_path, "%s/%s", from, entry->d_name) < sizeof from_path &&
             (size_t)snprintf(to_path, sizeof to_path, "%s/%s", to, entry->d_name) < sizeof to_path &&
             box_copy_tree(from_path, to_path, budget);
    }
    if (dir != NULL) {
        closedir(dir);
    }
    return ok;
}

bool box_copy_folder(box_t *box)
{
    struct stat info;
    box->folder[0] = '\0';
    if (stat(box->options.folder, &info) != 0 || !S_ISDIR(info.st_mode)) {
        fprintf(stderr, "sandbox: no folder '%s'\n", box->options.folder);
        return false;
    }
    char folder[DRIVER_PATH_SIZE];
    long long budget = box_dir_bytes(&box->options);
    char fs[DRIVER_PATH_SIZE];
    if (!box_copy_tree(box->options.folder, driver_path(folder, driver_path(fs, box->dir, "fs"), "folder"),
                       &budget)) {
        fprintf(stderr, "sandbox: cannot copy the folder '%s'%s\n", box->options.folder,
                budget < 0 ? ": larger than the box (--tmpfs)" : "");
        return false;
    }
    strcpy(box->folder, folder);
    strcpy(box->view, folder);
    return true;
}

bool box_fill_folder(box_t *box)
{
    char children[DRIVER_PATH_SIZE];
    long first = 0;
    if (!box_folder_in_tmpfs(box)) {
        strcpy(box->view, box->folder);
        return true;
    }
    /* bubblewrap's one child: the namespace's first process, in its mounts */
    snprintf(children, sizeof children, "/proc/%ld/task/%ld/children", (long)box->pid, (long)box->pid);
    FILE *file = fopen(children, "r");
    bool found = file != NULL && fscanf(file, "%ld", &first) == 1 && first > 0;
    if (file != NULL) {
        fclose(file);
    }
    long long budget = box_dir_bytes(&box->options);
    if (!found || (size_t)snprintf(box->view, sizeof box->view, "/proc/%ld/root/sandbox/folder", first) >=
                      sizeof box->view || !copy_entries(box->folder, box->view, &budget)) {
        snprintf(box->why, sizeof box->why, "cannot copy the folder into the box's tmpfs%s",
                 found ? "" : ": bubblewrap's process not found");
        return false;
    }
    return true;
}

static bool give_tree(const char *path, uid_t uid)
{
    struct stat info;
    if (lstat(path, &info) != 0 || lchown(path, uid, (gid_t)uid) != 0) {
        return false;
    }
    if (!S_ISDIR(info.st_mode)) {
        return true;
    }
    DIR *dir = opendir(path);
    bool ok = dir != NULL;
    for (struct dirent *entry; ok && (entry = readdir(dir)) != NULL;) {
        char inner[PATH_MAX];
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0) {
            ok = (size_t)snprintf(inner, sizeof inner, "%s/%s", path, entry->d_name) < sizeof inner &&
                 give_tree(inner, uid);
        }
    }
    if (dir != NULL) {
        closedir(dir);
    }
    return ok;
}

bool box_give_folder(const box_t *box, long uid)
{
    if (box->folder[0] == '\0' || !box->options.folder_writable || uid < 0) {
        return true;
    }
    if (!give_tree(box->folder, (uid_t)uid)) {
        fprintf(stderr, "sandbox: cannot give the folder to uid %ld: %s\n", uid, strerror(errno));
        return false;
    }
    return true;
}
