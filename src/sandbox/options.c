/* options.c -- the options that start, run and describe share: the
 * limits, the mode, the folder and where things are; checked here, so
 * that a bad one is refused before anything is made (exit 2). */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sandbox.h"

static void set_defaults(box_options_t *options)
{
    const char *bwrap = getenv("SANDBOX_BWRAP");
    const char *scratch = getenv("SANDBOX_SCRATCH");
    const char *tmpfs = getenv("SANDBOX_TMPFS_MIB");
    *options = (box_options_t){.sandbox = true, .timeout_seconds = 10, .cpu_seconds = 0,
                               .memory_mib = 1024, .fsize_kib = 65536, .processes = 64,
                               .tmpfs_mib = 256};
    strcpy(options->timeout_text, "10");
    options->bwrap = bwrap != NULL && *bwrap != '\0' ? bwrap : "bwrap";
    options->scratch = scratch != NULL && *scratch != '\0' ? scratch : NULL;
    if (tmpfs != NULL && atol(tmpfs) > 0) {
        options->tmpfs_mib = atol(tmpfs);
    }
}

/* A positive whole number (no sign, no leading zero). */
static bool whole_number(const char *text, long *value)
{
    if (text[0] < '1' || text[0] > '9' || strspn(text, "0123456789") != strlen(text) ||
        strlen(text) > 12) {
        return false;
    }
    *value = atol(text);
    return true;
}

/* Seconds: digits, at most one point, not zero; and the CPU default: a
 * second above the timeout, rounded up (a program spinning on one core is
 * a hang: the timeout comes first, not in a race with SIGXCPU). */
static bool seconds(const char *text, box_options_t *options)
{
    size_t digits = strspn(text, "0123456789.");
    const char *point = strchr(text, '.');
    if (digits != strlen(text) || digits == 0 || digits >= sizeof options->timeout_text ||
        (point != NULL && strchr(point + 1, '.') != NULL) || text[digits - 1] == '.' ||
        strtod(text, NULL) <= 0) {
        return false;
    }
    strcpy(options->timeout_text, text);
    options->timeout_seconds = strtod(text, NULL);
    return true;
}

/* An option that takes a value: its name, and where the value goes (a
 * number, a text, or neither: the timeout). */
typedef struct {
    const char *name;
    long *number;
    const char **text;
} value_option_t;

enum { VALUE_OPTIONS_MAX = 16 };

/* The options that take a value: start's, and run's when RUN; into TABLE. */
static int value_options(box_options_t *options, run_options_t *run, value_option_t *table)
{
    const value_option_t box[] = {
        {"--cpu", &options->cpu_seconds, NULL}, {"--memory", &options->memory_mib, NULL},
        {"--fsize", &options->fsize_kib, NULL}, {"--procs", &options->processes, NULL},
        {"--tmpfs", &options->tmpfs_mib, NULL}, {"--timeout", NULL, NULL},
        {"--folder", NULL, &options->folder}, {"--bwrap", NULL, &options->bwrap},
        {"--scratch", NULL, &options->scratch},
        {"--memcheck-flags", NULL, &options->memcheck_flags}};
    int count = (int)(sizeof box / sizeof box[0]);
    memcpy(table, box, sizeof box);
    if (run != NULL) {
        const value_option_t one_run[] = {{"--input", NULL, &run->input}, {"--log", NULL, &run->log},
                                          {"--folder-out", NULL, &run->folder_out},
                                          {"--how", NULL, &run->how}};
        memcpy(table + count, one_run, sizeof one_run);
        count += (int)(sizeof one_run / sizeof one_run[0]);
    }
    return count;
}

/* ARGV[*i], an option that takes a value, with it; false (with a
 * message) when it is unknown or its value is bad. */
static bool value_option(char **argv, int argc, int *i, box_options_t *options, run_options_t *run)
{
    value_option_t table[VALUE_OPTIONS_MAX];
    int count = value_options(options, run, table);
    const char *name = argv[*i];
    for (int n = 0; n < count; n++) {
        if (strcmp(name, table[n].name) != 0) {
            continue;
        }
        if (*i + 1 >= argc) {
            fprintf(stderr, "sandbox: %s needs a value\n", name);
            return false;
        }
        const char *value = argv[++*i];
        if (table[n].text != NULL) {
            *table[n].text = value;
            return true;
        }
        if (table[n].number != NULL ? whole_number(value, table[n].number) : seconds(value, options)) {
            return true;
        }
        fprintf(stderr, "sandbox: %s needs a positive %s\n", name,
                table[n].number != NULL ? "whole number" : "number of seconds");
        return false;
    }
    fprintf(stderr, "sandbox: unknown option '%s'\n", name);
    return false;
}

/* Positional arguments (all after "--") into POSITIONAL; false when too many. */
static bool add_positional(char **arguments, int count, char **positional, int max, int *used)
{
    for (int j = 0; j < count; j++) {
        if (*used >= max) {
            fputs("sandbox: too many arguments\n", stderr);
            return false;
        }
        positional[(*used)++] = arguments[j];
    }
    return true;
}

static bool valid_how(const char *how)
{
    return strcmp(how, "plain") == 0 || strcmp(how, "unbuffered") == 0 ||
           strcmp(how, "memcheck") == 0;
}

bool box_parse_options(int argc, char **argv, box_options_t *options, run_options_t *run,
                       char **positional, int max, int *count)
{
    set_defaults(options);
    if (run != NULL) {
        *run = (run_options_t){.how = "plain"};
    }
    bool cpu_given = false, ok = true;
    *count = 0;
    for (int i = 0; ok && i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) {
            ok = add_positional(argv + i + 1, argc - i - 1, positional, max, count);
            break;
        }
        if (arg[0] != '-' || arg[1] == '\0') {
            ok = add_positional(argv + i, 1, positional, max, count);
        } else if (strcmp(arg, "--no-sandbox") == 0) {
            options->sandbox = false;
        } else if (strcmp(arg, "--quiet") == 0) {
            options->quiet = true;
        } else if (strcmp(arg, "--folder-writable") == 0) {
            options->folder_writable = true;
        } else if (strcmp(arg, "--memory-by-group") == 0) {
            options->memory_by_group = true;
        } else if (run != NULL && strcmp(arg, "--graded") == 0) {
            run->graded = true;
        } else {
            cpu_given = cpu_given || strcmp(arg, "--cpu") == 0;
            ok = value_option(argv, argc, &i, options, run);
        }
    }
    if (ok && run != NULL && !valid_how(run->how)) {
        fputs("sandbox: --how is plain, unbuffered or memcheck\n", stderr);
        ok = false;
    }
    if (!cpu_given) {
        options->cpu_seconds = (long)options->timeout_seconds + 1 +
                               (strchr(options->timeout_text, '.') != NULL ? 1 : 0);
    }
    return ok;
}

void box_limits_text(const box_options_t *options, const box_cgroup_t *group, char *text,
                     size_t size)
{
    if (group->version != 0) {
        snprintf(text, size, "%ld s CPU, %ld MiB memory and %ld processes for the whole run "
                 "(cgroup v%d%s), %ld KiB per file, %s s timeout", options->cpu_seconds,
                 options->memory_mib, options->processes, group->version,
                 options->memory_by_group ? "; no limit per process" : "", options->fsize_kib,
                 options->timeout_text);
        return;
    }
    snprintf(text, size, "%ld s CPU, %ld MiB memory per process only: no control group (%.200s), "
             "%ld KiB per file, %ld processes, %s s timeout", options->cpu_seconds,
             options->memory_mib, group->why, options->fsize_kib, options->processes,
             options->timeout_text);
}

/* --memcheck-flags, else src/golden/memcheck.flags beside the program's
 * build folder (build/sandbox: ../src/golden/memcheck.flags). */
static bool flags_path(const box_t *box, char *path, size_t size)
{
    if (box->options.memcheck_flags != NULL) {
        return (size_t)snprintf(path, size, "%s", box->options.memcheck_flags) < size;
    }
    char self[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) {
        return false;
    }
    self[length] = '\0';
    char *slash = strrchr(self, '/');
    if (slash != NULL) {
        *slash = '\0';
    }
    return (size_t)snprintf(path, size, "%s/../src/golden/memcheck.flags", self) < size;
}

bool box_read_memcheck_flags(box_t *box)
{
    char path[PATH_MAX] = "";
    FILE *file = flags_path(box, path, sizeof path) ? fopen(path, "r") : NULL;
    if (file == NULL) {
        fprintf(stderr, "sandbox: cannot read Valgrind's flags (%s)\n", path);
        return false;
    }
    size_t used = 0;
    char line[256];
    box->valgrind_flag_count = 0;
    while (fgets(line, sizeof line, file) != NULL && box->valgrind_flag_count < VALGRIND_FLAGS_MAX) {
        size_t length = strcspn(line, "\n");
        if (line[0] == '#' || length == 0 || used + length + 1 > sizeof box->flags_text) {
            continue;
        }
        memcpy(box->flags_text + used, line, length);
        box->flags_text[used + length] = '\0';
        box->valgrind_flags[box->valgrind_flag_count++] = box->flags_text + used;
        used += length + 1;
    }
    fclose(file);
    return true;
}
