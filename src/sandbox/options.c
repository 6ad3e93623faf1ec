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

/* The option at ARGV[*i] with its value; false (with a message) when bad. */
static bool value_option(char **argv, int argc, int *i, box_options_t *options)
{
    static const char *const NUMBERS[] = {"--cpu", "--memory", "--fsize", "--procs", "--tmpfs", NULL};
    long *const targets[] = {&options->cpu_seconds, &options->memory_mib, &options->fsize_kib,
                             &options->processes, &options->tmpfs_mib};
    const char *name = argv[*i];
    if (*i + 1 >= argc) {
        fprintf(stderr, "sandbox: %s needs a value\n", name);
        return false;
    }
    const char *value = argv[++*i];
    for (int n = 0; NUMBERS[n] != NULL; n++) {
        if (strcmp(name, NUMBERS[n]) == 0) {
            if (!whole_number(value, targets[n])) {
                fprintf(stderr, "sandbox: %s needs a positive whole number\n", name);
                return false;
            }
            return true;
        }
    }
    if (strcmp(name, "--timeout") == 0 && !seconds(value, options)) {
        fputs("sandbox: --timeout needs a positive number of seconds\n", stderr);
        return false;
    }
    if (strcmp(name, "--folder") == 0) {
        options->folder = value;
    } else if (strcmp(name, "--bwrap") == 0) {
        options->bwrap = value;
    } else if (strcmp(name, "--scratch") == 0) {
        options->scratch = value;
    } else if (strcmp(name, "--memcheck-flags") == 0) {
        options->memcheck_flags = value;
    }
    return true;
}

static bool takes_value(const char *name)
{
    static const char *const NAMES[] = {"--cpu", "--memory", "--fsize", "--procs", "--tmpfs",
                                        "--timeout", "--folder", "--bwrap", "--scratch",
                                        "--memcheck-flags", NULL};
    for (int n = 0; NAMES[n] != NULL; n++) {
        if (strcmp(name, NAMES[n]) == 0) {
            return true;
        }
    }
    return false;
}

/* run's own options; false (with a message) when bad. */
static bool run_option(char **argv, int argc, int *i, run_options_t *run)
{
    const char *name = argv[*i];
    if (strcmp(name, "--graded") == 0) {
        run->graded = true;
        return true;
    }
    if (*i + 1 >= argc) {
        fprintf(stderr, "sandbox: %s needs a value\n", name);
        return false;
    }
    const char *value = argv[++*i];
    if (strcmp(name, "--input") == 0) {
        run->input = value;
    } else if (strcmp(name, "--log") == 0) {
        run->log = value;
    } else if (strcmp(name, "--folder-out") == 0) {
        run->folder_out = value;
    } else if (strcmp(value, "plain") == 0 || strcmp(value, "unbuffered") == 0 ||
               strcmp(value, "memcheck") == 0) {
        run->how = value;
    } else {
        fputs("sandbox: --how is plain, unbuffered or memcheck\n", stderr);
        return false;
    }
    return true;
}

static bool is_run_option(const char *name)
{
    return strcmp(name, "--graded") == 0 || strcmp(name, "--input") == 0 ||
           strcmp(name, "--log") == 0 || strcmp(name, "--folder-out") == 0 ||
           strcmp(name, "--how") == 0;
}

bool box_parse_options(int argc, char **argv, box_options_t *options, run_options_t *run,
                       char **positional, int max, int *count)
{
    set_defaults(options);
    if (run != NULL) {
        *run = (run_options_t){.how = "plain"};
    }
    bool cpu_given = false;
    *count = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        bool options_end = strcmp(arg, "--") == 0;
        if (options_end || arg[0] != '-' || arg[1] == '\0') {
            for (int j = options_end ? i + 1 : i; j < (options_end ? argc : i + 1); j++) {
                if (*count >= max) {
                    fputs("sandbox: too many arguments\n", stderr);
                    return false;
                }
                positional[(*count)++] = argv[j];
            }
            if (options_end) {
                break;
            }
        } else if (strcmp(arg, "--no-sandbox") == 0) {
            options->sandbox = false;
        } else if (strcmp(arg, "--quiet") == 0) {
            options->quiet = true;
        } else if (strcmp(arg, "--folder-writable") == 0) {
            options->folder_writable = true;
        } else if (run != NULL && is_run_option(arg)) {
            if (!run_option(argv, argc, &i, run)) {
                return false;
            }
        } else if (takes_value(arg)) {
            cpu_given = cpu_given || strcmp(arg, "--cpu") == 0;
            if (!value_option(argv, argc, &i, options)) {
                return false;
            }
        } else {
            fprintf(stderr, "sandbox: unknown option '%s'\n", arg);
            return false;
        }
    }
    if (!cpu_given) {
        options->cpu_seconds = (long)options->timeout_seconds + 1 +
                               (strchr(options->timeout_text, '.') != NULL ? 1 : 0);
    }
    return true;
}

void box_limits_text(const box_options_t *options, char *text, size_t size)
{
    snprintf(text, size, "%ld s CPU, %ld MiB memory, %ld KiB per file, %ld processes, %s s timeout",
             options->cpu_seconds, options->memory_mib, options->fsize_kib, options->processes,
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
    char path[PATH_MAX];
    FILE *file = flags_path(box, path, sizeof path) ? fopen(path, "r") : NULL;
    if (file == NULL) {
        fprintf(stderr, "sandbox: cannot read Valgrind's flags (%s)\n", path);
        return false;
    }
    size_t length = 0;
    box->flags_text = NULL;
    FILE *text = open_memstream(&box->flags_text, &length);
    char line[256];
    while (text != NULL && fgets(line, sizeof line, file) != NULL) {
        if (line[0] != '#' && line[0] != '\n') {
            fputs(line, text);
        }
    }
    fclose(file);
    if (text == NULL || fclose(text) != 0) {
        return false;
    }
    box->valgrind_flag_count = 0;
    for (char *save = NULL, *flag = strtok_r(box->flags_text, "\n", &save);
         flag != NULL && box->valgrind_flag_count < VALGRIND_FLAGS_MAX;
         flag = strtok_r(NULL, "\n", &save)) {
        box->valgrind_flags[box->valgrind_flag_count++] = flag;
    }
    return true;
}
