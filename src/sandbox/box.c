/* box.c -- a box's life: opened as asked (bubblewrap, or limits only
 * said loudly on stderr unless --no-sandbox or --quiet asked for it),
 * one run after another (the input put in, the driver asked, its answer
 * read; a driver that fails is restarted in the same mode and directory),
 * closed (the driver stopped, its control group and directory removed). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox.h"

enum { ANSWER_GRACE_SECONDS = 30 };

/* NAME found as a command: a path that can be run, or on PATH. */
bool box_command_exists(const char *name)
{
    if (strchr(name, '/') != NULL) {
        return access(name, X_OK) == 0;
    }
    const char *path = getenv("PATH");
    char copy[8192], file[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", path != NULL ? path : "/usr/bin:/bin");
    for (char *save = NULL, *dir = strtok_r(copy, ":", &save); dir != NULL;
         dir = strtok_r(NULL, ":", &save)) {
        struct stat info;
        if ((size_t)snprintf(file, sizeof file, "%s/%s", dir, name) < sizeof file &&
            stat(file, &info) == 0 && S_ISREG(info.st_mode) && access(file, X_OK) == 0) {
            return true;
        }
    }
    return false;
}

/* The mode: bubblewrap when asked and it starts, else limits only. */
static bool start_mode(box_t *box)
{
    box->bwrap = false;
    if (!box->options.sandbox) {
        snprintf(box->why, sizeof box->why, "--no-sandbox");
    } else if (!box_command_exists(box->options.bwrap)) {
        snprintf(box->why, sizeof box->why, "%s not found", box->options.bwrap);
    } else if (box_start_bwrap(box)) {
        box->bwrap = true;
        return true;
    }
    if (box->options.sandbox && !box->options.quiet) {
        fprintf(stderr, "sandbox: bubblewrap unavailable (%s); running with limits only\n", box->why);
    }
    char why[BOX_TEXT_SIZE];
    snprintf(why, sizeof why, "%s", box->why);
    if (!box_start_limits(box)) {
        fprintf(stderr, "sandbox: the driver did not start with limits only: %s\n", box->why);
        return false;
    }
    snprintf(box->why, sizeof box->why, "%s", why);
    return true;
}

bool box_open(box_t *box, const box_options_t *options)
{
    memset(box, 0, sizeof *box);
    box->options = *options;
    box->uid = -1;
    box->to_driver = box->from_driver = -1;
    if (realpath(options->program, box->program) == NULL) {
        fprintf(stderr, "sandbox: '%s' is not an executable file\n", options->program);
        return false;
    }
    if (!box_read_memcheck_flags(box) || !box_make_dir(box)) {
        return false;
    }
    /* (none: the describe line says why) */
    box_cgroup_make(&box->cgroup, options);
    if (options->memory_by_group && box->cgroup.version == 0) {
        fprintf(stderr, "sandbox: --memory-by-group needs a control group, and there is none here (%s)\n",
                box->cgroup.why);
        box_close(box);
        return false;
    }
    if ((options->folder != NULL && !box_copy_folder(box)) || !start_mode(box)) {
        box_close(box);
        return false;
    }
    return true;
}

/* INPUT to the exchange directory's "in": never through a link or into
 * anything but a regular file (the program may have left one there). */
static bool put_input(const box_t *box, const char *input)
{
    char in[DRIVER_PATH_SIZE];
    struct stat info;
    driver_path(in, box->dir, "io/in");
    if (lstat(in, &info) == 0 && !S_ISREG(info.st_mode) && !driver_remove_tree(in)) {
        return false;
    }
    int from = open(input, O_RDONLY | O_CLOEXEC);
    int to = from < 0 ? -1 : open(in, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    bool ok = to >= 0;
    char chunk[65536];
    ssize_t got = 0;
    while (ok && (got = read(from, chunk, sizeof chunk)) > 0) {
        ok = write(to, chunk, (size_t)got) == got;
    }
    ok = ok && got == 0;
    if (to >= 0) {
        ok = close(to) == 0 && ok;
    }
    if (from >= 0) {
        close(from);
    }
    return ok;
}

/* The run's stderr says that the out-of-memory killer ended a process of
 * it (its status says only SIGKILL): for the group's limit when the
 * group's memory reached it during the run (LIMIT_HIT), else for the
 * machine's memory, which the run did not cause. */
static void say_out_of_memory(const box_t *box, bool limit_hit)
{
    char io[DRIVER_PATH_SIZE], err[DRIVER_PATH_SIZE], text[BOX_TEXT_SIZE];
    int fd = open(driver_path(err, driver_path(io, box->dir, "io"), "case.err"),
                  O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat info;
    int length;
    if (fd < 0) {
        return;
    }
    if (limit_hit) {
        length = snprintf(text, sizeof text, "sandbox: out of memory: the run's processes together "
                          "passed its %lld MiB (%ld MiB and the box's files); the kernel killed one\n",
                          box_cgroup_memory_bytes(&box->options) >> 20, box->options.memory_mib);
    } else {
        length = snprintf(text, sizeof text, "sandbox: the machine ran out of memory and the kernel "
                          "killed a process of the run, which stayed within its %lld MiB: not the "
                          "program's fault; run it again\n", box_cgroup_memory_bytes(&box->options) >> 20);
    }
    if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        (void)!write(fd, text, (size_t)length);
    }
    close(fd);
}

/* The driver's answer to request SEQ: "done SEQ STATUS DIGEST" or "error
 * SEQ WHY"; lines for another request are stale (or forged): skipped. */
static bool read_answer(box_t *box, int *status, char *why, size_t why_size)
{
    char line[BOX_TEXT_SIZE], verb[16] = "";
    unsigned long seq = 0;
    int offset = 0;
    double wait = box->options.timeout_seconds + ANSWER_GRACE_SECONDS;
    while (box_read_line(box, line, sizeof line, wait) == 1) {
        if (sscanf(line, "%15s %lu %n", verb, &seq, &offset) < 2 || seq != box->seq) {
            continue;
        }
        if (strcmp(verb, "done") == 0 && sscanf(line + offset, "%d", status) == 1) {
            return true;
        }
        snprintf(why, why_size, "%s", strcmp(verb, "error") == 0 ? line + offset : "a garbled answer");
        return false;
    }
    snprintf(why, why_size, "the sandbox stopped answering");
    return false;
}

bool box_run(box_t *box, const char *mode, const char *how, const char *input,
             int *status, char *why, size_t why_size)
{
    char request[128];
    if (box->pid <= 0) {
        snprintf(why, why_size, "the sandbox is down (it could not be restarted)");
        return false;
    }
    if (input[0] != '\0' && !put_input(box, input)) {
        snprintf(why, why_size, "cannot put the input '%s' in", input);
        return false;
    }
    box->seq++;
    long long kills = box_cgroup_oom_kills(&box->cgroup), hits = box_cgroup_limit_hits(&box->cgroup);
    int length = snprintf(request, sizeof request, "run %lu %s %s\n", box->seq, mode, how);
    if (write(box->to_driver, request, (size_t)length) == length &&
        read_answer(box, status, why, why_size)) {
        if (kills >= 0 && box_cgroup_oom_kills(&box->cgroup) > kills) {
            say_out_of_memory(box, hits < 0 || box_cgroup_limit_hits(&box->cgroup) > hits);
        }
        return true;
    }
    if (why[0] == '\0') {
        snprintf(why, why_size, "the sandbox stopped answering");
    }
    /* Restarted, in the same mode, directory and group, for the next run
     * (what the old driver left in the group killed). */
    box_stop_driver(box);
    box_cgroup_kill(&box->cgroup);
    box->options.quiet = true;
    if (!(box->bwrap ? box_start_bwrap(box) : box_start_limits(box))) {
        box->pid = 0;
    }
    return false;
}

void box_close(box_t *box)
{
    box_stop_driver(box);
    box_cgroup_remove(&box->cgroup);
    box_remove_dir(box);
}
