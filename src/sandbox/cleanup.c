/* cleanup.c -- after every run: every process left is killed, and
 * everything the program could have written is removed, so that no case
 * sees what an earlier one left. */
#define _GNU_SOURCE
#include <dirent.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sandbox_driver.h"

enum { KILL_TRIES = 5000, OPEN_FDS = 16, PROCESSES_MAX = 65536 };

/* Processes in the namespace: init and the driver when it is alone. */
static int process_count(void)
{
    DIR *proc = opendir("/proc");
    if (proc == NULL) {
        return -1;
    }
    int count = 0;
    for (struct dirent *entry; (entry = readdir(proc)) != NULL;) {
        if (entry->d_name[0] >= '1' && entry->d_name[0] <= '9') {
            count++;
        }
    }
    closedir(proc);
    return count;
}

/* Limits only: the processes whose parents lead to the driver, read from
 * /proc (the driver is their subreaper: an orphan's parent is the
 * driver). Fills FOUND; returns how many, or -1 when /proc cannot be read. */
static int descendants(pid_t *found)
{
    static pid_t pids[PROCESSES_MAX], parents[PROCESSES_MAX];
    static bool mine[PROCESSES_MAX];
    DIR *proc = opendir("/proc");
    if (proc == NULL) {
        return -1;
    }
    int count = 0;
    for (struct dirent *entry; (entry = readdir(proc)) != NULL && count < PROCESSES_MAX;) {
        char path[64], line[512];
        snprintf(path, sizeof path, "/proc/%.20s/stat", entry->d_name);
        FILE *stat = entry->d_name[0] >= '1' && entry->d_name[0] <= '9' ? fopen(path, "r") : NULL;
        if (stat == NULL) {
            continue;
        }
        char *end = fgets(line, sizeof line, stat) != NULL ? strrchr(line, ')') : NULL;
        int parent = 0;
        if (end != NULL && sscanf(end + 1, " %*c %d", &parent) == 1) {
            pids[count] = atoi(entry->d_name), parents[count] = parent, mine[count] = false;
            count++;
        }
        fclose(stat);
    }
    closedir(proc);
    pid_t self = getpid();
    int found_count = 0;
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < count; i++) {
            for (int j = 0; !mine[i] && j < found_count + 1; j++) {
                pid_t ancestor = j < found_count ? found[j] : self;
                if (parents[i] == ancestor) {
                    mine[i] = grew = true;
                    found[found_count++] = pids[i];
                }
            }
        }
    }
    return found_count;
}

/* Limits only: kills the driver's descendants and reaps them, until none
 * is left. */
static bool kill_descendants(void)
{
    static pid_t found[PROCESSES_MAX];
    const struct timespec millisecond = {0, 1000000};
    for (int tries = 0; tries < KILL_TRIES; tries++) {
        while (waitpid(-1, NULL, WNOHANG) > 0) {
        }
        int count = descendants(found);
        if (count == 0) {
            return true;
        }
        for (int i = 0; i < count; i++) {
            kill(found[i], SIGKILL);
        }
        nanosleep(&millisecond, NULL);
    }
    return false;
}

bool driver_kill_leftovers(const driver_limits_t *limits)
{
    if (!limits->contained) {
        return kill_descendants();
    }
    const struct timespec millisecond = {0, 1000000};
    for (int tries = 0; tries < KILL_TRIES; tries++) {
        int count = process_count();
        if (count >= 0 && count <= 2) {
            return true;
        }
        kill(-1, SIGKILL);
        nanosleep(&millisecond, NULL);
    }
    return false;
}

static int remove_entry(const char *path, const struct stat *info, int kind, struct FTW *where)
{
    (void)info;
    (void)kind;
    (void)where;
    return remove(path) == 0 ? 0 : -1;
}

/* A folder closed to its owner (chmod 000) cannot be emptied: opened first. */
static int open_up_entry(const char *path, const struct stat *info, int kind, struct FTW *where)
{
    (void)where;
    if (kind == FTW_D || kind == FTW_DNR) {
        chmod(path, (info->st_mode & 07777) | S_IRWXU);
    }
    return 0;
}

bool driver_remove_tree(const char *path)
{
    if (nftw(path, remove_entry, OPEN_FDS, FTW_DEPTH | FTW_PHYS) == 0) {
        return true;
    }
    nftw(path, open_up_entry, OPEN_FDS, FTW_PHYS);
    return nftw(path, remove_entry, OPEN_FDS, FTW_DEPTH | FTW_PHYS) == 0;
}

static bool is_exchange_file(const char *name)
{
    static const char *const OURS[] = {"in", "stdout", "case.out", "case.err", "case.log", "case.status", NULL};
    for (int i = 0; OURS[i] != NULL; i++) {
        if (strcmp(name, OURS[i]) == 0) {
            return true;
        }
    }
    return false;
}

/* Removes every entry of FOLDER (all of them, or in the exchange
 * directory those that are not the driver's). */
static bool empty_folder(const char *folder, bool keep_exchange_files)
{
    DIR *dir = opendir(folder);
    if (dir == NULL) {
        return true;  /* /dev/shm or /dev/mqueue may not exist */
    }
    bool ok = true;
    for (struct dirent *entry; (entry = readdir(dir)) != NULL;) {
        const char *name = entry->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0 ||
            (keep_exchange_files && is_exchange_file(name))) {
            continue;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", folder, name);
        ok = driver_remove_tree(path) && ok;
    }
    closedir(dir);
    return ok;
}

/* The input emptied now, not truncated when the next is written: ext4
 * flushes a file truncated and written again when it is closed (2 ms). */
static void empty_file(const char *path)
{
    struct stat info;
    if (lstat(path, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) {
        truncate(path, 0);
    }
}

enum { IPC_LINE = 1024, IPC_WORDS = 24, IPC_WORD = 32 };

/* The first IPC_WORDS blank-separated words of LINE into WORDS: their
 * count. */
static int ipc_split(const char *line, char words[IPC_WORDS][IPC_WORD])
{
    int count = 0;
    for (const char *at = line; count < IPC_WORDS;) {
        at += strspn(at, " \t\n");
        size_t length = strcspn(at, " \t\n");
        if (length == 0) {
            break;
        }
        snprintf(words[count++], IPC_WORD, "%.*s", (int)length, at);
        at += length;
    }
    return count;
}

/* Whether word PLACE of a table's row (WORDS, COUNT of them) is UID. */
static bool ipc_is(char words[IPC_WORDS][IPC_WORD], int count, int place, long uid)
{
    return place >= 0 && place < count && strtol(words[place], NULL, 10) == uid;
}

/* Whether TABLE lists an object the run may have made: any, when UID < 0
 * (the run's own IPC namespace); else one that UID owns or created (the
 * header's columns uid and cuid: either may remove it), and any when the
 * header names neither. */
static bool ipc_table_has(const char *table_path, long uid)
{
    FILE *table = fopen(table_path, "r");
    if (table == NULL) {
        return false;
    }
    char line[IPC_LINE], words[IPC_WORDS][IPC_WORD];
    int owner = -1, creator = -1;
    bool found = false;
    if (fgets(line, sizeof line, table) != NULL) {
        int count = ipc_split(line, words);
        for (int i = 0; i < count; i++) {
            owner = strcmp(words[i], "uid") == 0 ? i : owner;
            creator = strcmp(words[i], "cuid") == 0 ? i : creator;
        }
        while (!found && fgets(line, sizeof line, table) != NULL) {
            count = ipc_split(line, words);
            found = uid < 0 || (owner < 0 && creator < 0) || ipc_is(words, count, owner, uid) ||
                    ipc_is(words, count, creator, uid);
        }
    }
    fclose(table);
    return found;
}

/* Inside bubblewrap the tables are the run's IPC namespace's: any object
 * is the run's. With limits only they are the host's: another user's
 * objects (a database's shared memory) are neither the run's nor its
 * uid's to remove, and ipcrm is not started for them on every run. */
static bool has_ipc_objects(const driver_limits_t *limits)
{
    static const char *const TABLES[] = {"/proc/sysvipc/shm", "/proc/sysvipc/msg",
                                         "/proc/sysvipc/sem", NULL};
    long uid = limits->contained ? -1 : limits->uid;
    for (int i = 0; TABLES[i] != NULL; i++) {
        if (ipc_table_has(TABLES[i], uid)) {
            return true;
        }
    }
    return false;
}

/* System V IPC objects outlive their processes: removed by their owner
 * (root without CAP_SYS_ADMIN may not), through ipcrm. */
static void remove_ipc_objects(const driver_limits_t *limits)
{
    if (!has_ipc_objects(limits)) {
        return;
    }
    pid_t child = fork();
    if (child == 0) {
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        if (driver_drop_privileges(limits)) {
            execlp("ipcrm", "ipcrm", "--all", (char *)NULL);
        }
        _exit(127);
    }
    if (child > 0) {
        waitpid(child, NULL, 0);
    }
}

bool driver_clean(const driver_limits_t *limits)
{
    char path[DRIVER_PATH_SIZE];
    empty_file(driver_path(path, limits->io, "in"));
    empty_file(driver_path(path, limits->io, "stdout"));
    bool ok = empty_folder(limits->work, false);
    ok = empty_folder(limits->tmp, false) && ok;
    ok = empty_folder(limits->io, true) && ok;
    if (limits->contained) {
        /* The namespace's own: outside it they are everyone's. */
        ok = empty_folder("/dev/shm", false) && ok;
        ok = empty_folder("/dev/mqueue", false) && ok;
    }
    if (limits->contained || limits->uid >= 0) {
        remove_ipc_objects(limits);
    }
    return ok;
}
