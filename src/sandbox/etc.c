/* etc.c -- the box's /etc in bubblewrap (issue 40): not the host's, but
 * the box directory's etc, bound read-only. In it, files the sandbox
 * writes itself: passwd and group naming only root, the program's uid
 * ("sandbox") and nobody; nsswitch.conf (files only: no DNS, no systemd);
 * hosts (localhost and the box's hostname, both loopback). And, bound
 * read-only over places made for them, the few of the host's that the
 * supported languages need (found by running each in a box without them):
 * ld.so.cache (the dynamic linker's list of libraries), alternatives
 * (Debian's java, javac, cc and c++ are links through it), java-* (the
 * JDK's conf, java.security among it, links there) and mono (Mono's
 * config and machine.config: mcs fails without). Nothing else of the
 * host's: no shadow, ssh keys, ssl/private, hostname, machine-id,
 * resolv.conf, localtime (programs see UTC, as on every machine). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox.h"

/* The host's entries bound into the box's /etc (patterns of glob(3)). */
static const char *const HOST_ENTRIES[] = {"/etc/ld.so.cache", "/etc/alternatives", "/etc/java-*",
                                           "/etc/mono", NULL};

/* The host's entries that exist, into PATHS (at most BOX_ETC_BINDS);
 * returns their count. */
static int host_entries(char paths[][PATH_MAX])
{
    int count = 0;
    for (int e = 0; HOST_ENTRIES[e] != NULL; e++) {
        glob_t found;
        if (glob(HOST_ENTRIES[e], 0, NULL, &found) != 0) {
            continue;
        }
        for (size_t f = 0; f < found.gl_pathc && count < BOX_ETC_BINDS; f++) {
            struct stat info;
            if (stat(found.gl_pathv[f], &info) == 0 && (S_ISDIR(info.st_mode) || S_ISREG(info.st_mode)) &&
                strlen(found.gl_pathv[f]) < PATH_MAX) {
                strcpy(paths[count++], found.gl_pathv[f]);
            }
        }
        globfree(&found);
    }
    return count;
}

/* DIR/NAME written with TEXT, readable by all (replaced when there). */
static bool write_file(const char *dir, const char *name, const char *text)
{
    char path[DRIVER_PATH_SIZE];
    int fd = open(driver_path(path, dir, name), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
                  0644);
    if (fd < 0) {
        return false;
    }
    size_t length = strlen(text);
    bool ok = fchmod(fd, 0644) == 0 && write(fd, text, length) == (ssize_t)length;
    return close(fd) == 0 && ok;
}

/* passwd, group, nsswitch.conf and hosts into DIR, for the program's UID
 * and GID (no line of its own when it is nobody's). */
static bool write_files(const char *dir, long uid, long gid)
{
    char passwd[512], group[256], own_user[160] = "", own_group[64] = "";
    if (uid != 0 && uid != 65534) {
        snprintf(own_user, sizeof own_user, "sandbox:x:%ld:%ld:the program:/tmp:/bin/sh\n", uid, gid);
    }
    if (gid != 0 && gid != 65534) {
        snprintf(own_group, sizeof own_group, "sandbox:x:%ld:\n", gid);
    }
    snprintf(passwd, sizeof passwd, "root:x:0:0:root:/root:/bin/sh\n%s"
             "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n", own_user);
    snprintf(group, sizeof group, "root:x:0:\n%snogroup:x:65534:\n", own_group);
    return write_file(dir, "passwd", passwd) && write_file(dir, "group", group) &&
           write_file(dir, "nsswitch.conf", "passwd: files\ngroup: files\nshadow: files\n"
                                            "hosts: files\nnetworks: files\n") &&
           write_file(dir, "hosts", "127.0.0.1\tlocalhost sandbox\n::1\tlocalhost ip6-localhost ip6-loopback\n");
}

/* Where HOST (an entry of the host's /etc) is bound in DIR: a folder or
 * an empty file, as it is. */
static bool make_mount_point(const char *dir, const char *host)
{
    char path[DRIVER_PATH_SIZE];
    struct stat info;
    driver_path(path, dir, strrchr(host, '/') + 1);
    if (stat(host, &info) != 0) {
        return false;
    }
    if (S_ISDIR(info.st_mode)) {
        return (mkdir(path, 0755) == 0 || errno == EEXIST) && chmod(path, 0755) == 0;
    }
    return write_file(dir, strrchr(host, '/') + 1, "");
}

bool box_make_etc(const box_t *box)
{
    char dir[DRIVER_PATH_SIZE], paths[BOX_ETC_BINDS][PATH_MAX];
    long uid = box->uid >= 0 ? box->uid : (long)getuid();
    long gid = box->uid >= 0 ? box->uid : (long)getgid();
    driver_path(dir, box->dir, "etc");
    if ((mkdir(dir, 0755) != 0 && errno != EEXIST) || chmod(dir, 0755) != 0 ||
        !write_files(dir, uid, gid)) {
        return false;
    }
    int count = host_entries(paths);
    for (int p = 0; p < count; p++) {
        if (!make_mount_point(dir, paths[p])) {
            return false;
        }
    }
    return true;
}

int box_etc_args(const box_t *box, const char **args, int n)
{
    static char dir[DRIVER_PATH_SIZE], paths[BOX_ETC_BINDS][PATH_MAX];
    driver_path(dir, box->dir, "etc");
    args[n++] = "--ro-bind", args[n++] = dir, args[n++] = "/etc";
    int count = host_entries(paths);
    for (int p = 0; p < count; p++) {
        /* (only over a place made for it: the box's /etc is read-only) */
        char point[DRIVER_PATH_SIZE];
        if (lstat(driver_path(point, dir, strrchr(paths[p], '/') + 1), &(struct stat){0}) == 0) {
            args[n++] = "--ro-bind", args[n++] = paths[p], args[n++] = paths[p];
        }
    }
    return n;
}
