/* cgroup_find.c -- where a box's control group may go: the hierarchies
 * this process sees (/proc/self/mountinfo) and its own group in each
 * (/proc/self/cgroup). cgroup v1 where the memory controller has a
 * hierarchy of its own (with the pids controller's): the box's groups go
 * below this process's own group in each, as on this machine. cgroup v2
 * otherwise: below this process's own group when its children have the
 * memory and pids controllers (the root group), else beside it, below
 * its parent, when the parent's children have them and this user may
 * write there (root, or a delegated group whose leaf this process is in).
 * Where none fits, the reason, which describe prints. For tests only,
 * SANDBOX_TEST_CGROUP2=DIR stands for a cgroup2 mount and
 * SANDBOX_TEST_CGROUP2_SELF (default "/") for this process's group in it. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sandbox.h"

/* A mount of a hierarchy: its root (the group it shows) and where it is. */
typedef struct {
    char root[DRIVER_PATH_SIZE];
    char point[DRIVER_PATH_SIZE];
} hierarchy_t;

/* WORD in the list TEXT (words separated by any of SEPARATORS). */
static bool has_word(const char *text, const char *word, const char *separators)
{
    size_t length = strlen(word);
    for (const char *at = text; (at = strstr(at, word)) != NULL; at += length) {
        bool starts = at == text || strchr(separators, at[-1]) != NULL;
        if (starts && (at[length] == '\0' || strchr(separators, at[length]) != NULL)) {
            return true;
        }
    }
    return false;
}

/* The hierarchies of /proc/self/mountinfo: v1's with CONTROLLER (memory
 * and pids) and cgroup2's; false for each that is not mounted. */
static void find_mounts(hierarchy_t *memory, hierarchy_t *pids, hierarchy_t *unified)
{
    FILE *file = fopen("/proc/self/mountinfo", "r");
    char line[3 * DRIVER_PATH_SIZE];
    memory->point[0] = pids->point[0] = unified->point[0] = '\0';
    while (file != NULL && fgets(line, sizeof line, file) != NULL) {
        char root[DRIVER_PATH_SIZE], point[DRIVER_PATH_SIZE], type[32], options[512];
        const char *dash = strstr(line, " - ");
        if (dash == NULL || sscanf(line, "%*s %*s %*s %4095s %4095s", root, point) != 2 ||
            sscanf(dash, " - %31s %*s %511s", type, options) != 2) {
            continue;
        }
        hierarchy_t *found = NULL;
        if (strcmp(type, "cgroup2") == 0) {
            found = unified;
        } else if (strcmp(type, "cgroup") == 0 && has_word(options, "memory", ",")) {
            found = memory;
        } else if (strcmp(type, "cgroup") == 0 && has_word(options, "pids", ",")) {
            found = pids;
        }
        if (found != NULL && found->point[0] == '\0') {
            snprintf(found->root, sizeof found->root, "%s", root);
            snprintf(found->point, sizeof found->point, "%s", point);
        }
    }
    if (file != NULL) {
        fclose(file);
    }
}

/* This process's group in the hierarchy of CONTROLLER ("" for cgroup2's)
 * as a directory of HIERARCHY, into DIR; false when it is not found. */
static bool own_group(const hierarchy_t *hierarchy, const char *controller, char *dir, size_t size)
{
    FILE *file = fopen("/proc/self/cgroup", "r");
    char line[DRIVER_PATH_SIZE + 256], path[DRIVER_PATH_SIZE] = "";
    bool found = false;
    while (!found && file != NULL && fgets(line, sizeof line, file) != NULL) {
        char controllers[256] = "";
        line[strcspn(line, "\n")] = '\0';
        if (sscanf(line, "%*[0-9]:%255[^:]:%4095s", controllers, path) == 2) {
            found = controller[0] != '\0' && has_word(controllers, controller, ",");
        } else if (sscanf(line, "%*[0-9]::%4095s", path) == 1) {
            found = controller[0] == '\0';
        }
    }
    if (file != NULL) {
        fclose(file);
    }
    /* The group as seen from the mount's root (a container's mount shows
     * its own group as "/"). */
    size_t root = strlen(hierarchy->root);
    const char *inside = path;
    if (strcmp(hierarchy->root, "/") != 0 && strncmp(path, hierarchy->root, root) == 0 &&
        (path[root] == '/' || path[root] == '\0')) {
        inside = path + root;
    } else if (strcmp(hierarchy->root, "/") != 0) {
        inside = "";
    }
    return found && (size_t)snprintf(dir, size, "%s%s", hierarchy->point,
                                     strcmp(inside, "/") == 0 ? "" : inside) < size;
}

/* DIR's children may have the memory and pids controllers, and this user
 * may make them. */
static bool fits_v2(const char *dir)
{
    char path[DRIVER_PATH_SIZE], line[512] = "";
    FILE *file = fopen(driver_path(path, dir, "cgroup.subtree_control"), "r");
    bool read = file != NULL && fgets(line, sizeof line, file) != NULL;
    if (file != NULL) {
        fclose(file);
    }
    return read && has_word(line, "memory", " \n") && has_word(line, "pids", " \n") &&
           access(dir, W_OK) == 0;
}

/* Version 2 at MOUNT, this process's group OWN (a directory of it). */
static bool find_v2(box_cgroup_t *group, const char *mount, const char *own)
{
    char parent[DRIVER_PATH_SIZE], path[DRIVER_PATH_SIZE], line[512] = "";
    snprintf(parent, sizeof parent, "%s", own);
    char *slash = strrchr(parent, '/');
    if (slash != NULL && strlen(own) > strlen(mount)) {
        *slash = '\0';
    }
    const char *fits = fits_v2(own) ? own : fits_v2(parent) ? parent : NULL;
    if (fits != NULL) {
        group->version = 2, group->count = 1;
        snprintf(group->dirs[0], sizeof group->dirs[0], "%s", fits);
        return true;
    }
    FILE *file = fopen(driver_path(path, mount, "cgroup.controllers"), "r");
    if (file == NULL || fgets(line, sizeof line, file) == NULL) {
        line[0] = '\0';
    }
    if (file != NULL) {
        fclose(file);
    }
    const char *missing = !has_word(line, "memory", " \n") ? "memory" :
                          !has_word(line, "pids", " \n") ? "pids" : NULL;
    if (missing != NULL) {
        snprintf(group->why, sizeof group->why, "cgroup v2 without the %s controller", missing);
    } else {
        snprintf(group->why, sizeof group->why, "%s cgroup v2 group with the memory and pids "
                 "controllers for its children", geteuid() == 0 ? "no" : "not root, and no delegated");
    }
    return false;
}

/* Version 1: the memory and pids controllers' hierarchies. */
static bool find_v1(box_cgroup_t *group, const hierarchy_t *memory, const hierarchy_t *pids)
{
    if (pids->point[0] == '\0') {
        snprintf(group->why, sizeof group->why, "cgroup v1 without the pids controller");
        return false;
    }
    if (!own_group(memory, "memory", group->dirs[0], sizeof group->dirs[0]) ||
        !own_group(pids, "pids", group->dirs[1], sizeof group->dirs[1])) {
        snprintf(group->why, sizeof group->why, "this process's cgroup v1 groups not found");
        return false;
    }
    if (access(group->dirs[0], W_OK) != 0 || access(group->dirs[1], W_OK) != 0) {
        snprintf(group->why, sizeof group->why, "%s cgroup v1 group",
                 geteuid() == 0 ? "cannot write in this process's" : "not root, and no delegated");
        return false;
    }
    group->version = 1, group->count = 2;
    return true;
}

bool box_cgroup_find(box_cgroup_t *group)
{
    hierarchy_t memory, pids, unified;
    char own[DRIVER_PATH_SIZE];
    const char *test = getenv("SANDBOX_TEST_CGROUP2");
    const char *test_self = getenv("SANDBOX_TEST_CGROUP2_SELF");
    memset(group, 0, sizeof *group);
    if (test != NULL && test[0] != '\0') {
        snprintf(own, sizeof own, "%s%s", test,
                 test_self == NULL || strcmp(test_self, "/") == 0 ? "" : test_self);
        return find_v2(group, test, own);
    }
    find_mounts(&memory, &pids, &unified);
    if (memory.point[0] != '\0') {
        return find_v1(group, &memory, &pids);
    }
    if (unified.point[0] == '\0') {
        snprintf(group->why, sizeof group->why, "no cgroup file system mounted");
        return false;
    }
    if (!own_group(&unified, "", own, sizeof own)) {
        snprintf(group->why, sizeof group->why, "this process's cgroup v2 group not found");
        return false;
    }
    return find_v2(group, unified.point, own);
}
