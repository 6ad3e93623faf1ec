/* driver.c -- the driver (`sandbox driver`, started by the box, never by
 * hand): its options, its refusal to run outside a bubblewrap PID
 * namespace unless told it runs with limits only, and its request loop
 * (protocol: see sandbox_driver.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox.h"
#include "sandbox_driver.h"

static void usage(FILE *out)
{
    fputs("usage: sandbox driver [--uid N] [--timeout S] [--cpu S] [--memory MIB]\n"
          "                      [--fsize KIB] [--procs N] [--files MIB] [--valgrind-flag F]...\n"
          "                      [--limits-only DIR --program PATH]\n"
          "The box's driver: `sandbox start` and `sandbox run` start it, inside\n"
          "bubblewrap or (--limits-only) alone; it refuses to run outside a\n"
          "bubblewrap PID namespace unless --limits-only says where its folders\n"
          "are (DIR/io, DIR/work, DIR/tmp, DIR/fs) and which program it runs. With\n"
          "--files, a run whose files together pass MIB is stopped (watch.c).\n"
          "Requests on stdin, one a line: \"run SEQ MODE HOW\" or \"quit\"; answers\n"
          "\"ready\", then \"done SEQ STATUS SHA256\" or \"error SEQ WHY\". See\n"
          "src/sandbox/sandbox_driver.h.\n",
          out);
}

static bool parse_number(const char *text, double *value)
{
    char *end = NULL;
    *value = strtod(text, &end);
    return end != text && *end == '\0' && *value >= 0;
}

/* --limits-only DIR: the folders under DIR instead of bubblewrap's. */
static bool place_outside(driver_limits_t *limits, const char *dir)
{
    limits->contained = false;
    return (size_t)snprintf(limits->io, sizeof limits->io, "%s/io", dir) < sizeof limits->io &&
           (size_t)snprintf(limits->work, sizeof limits->work, "%s/work", dir) < sizeof limits->work &&
           (size_t)snprintf(limits->tmp, sizeof limits->tmp, "%s/tmp", dir) < sizeof limits->tmp &&
           (size_t)snprintf(limits->fs, sizeof limits->fs, "%s/fs", dir) < sizeof limits->fs;
}

/* The options that take text; false when ARGUMENT is none of them. */
static bool parse_text_option(const char *argument, const char *value, driver_limits_t *limits,
                              bool *ok)
{
    if (strcmp(argument, "--valgrind-flag") == 0) {
        *ok = limits->valgrind_flag_count < VALGRIND_FLAGS_MAX;
        if (*ok) {
            limits->valgrind_flags[limits->valgrind_flag_count++] = value;
        }
    } else if (strcmp(argument, "--limits-only") == 0) {
        *ok = place_outside(limits, value);
    } else if (strcmp(argument, "--program") == 0) {
        limits->program = value;
        *ok = true;
    } else {
        return false;
    }
    return true;
}

static bool parse_options(int argc, char **argv, driver_limits_t *limits)
{
    for (int i = 1; i < argc; i += 2) {
        double value = 0;
        bool ok = false;
        if (i + 1 < argc && parse_text_option(argv[i], argv[i + 1], limits, &ok)) {
            if (!ok) {
                return false;
            }
            continue;
        }
        if (i + 1 >= argc || !parse_number(argv[i + 1], &value)) {
            return false;
        }
        if (strcmp(argv[i], "--uid") == 0) {
            limits->uid = (long)value;
        } else if (strcmp(argv[i], "--timeout") == 0) {
            limits->timeout_seconds = value;
        } else if (strcmp(argv[i], "--cpu") == 0) {
            limits->cpu_seconds = (long)value;
        } else if (strcmp(argv[i], "--memory") == 0) {
            limits->memory_mib = (long)value;
        } else if (strcmp(argv[i], "--fsize") == 0) {
            limits->fsize_kib = (long)value;
        } else if (strcmp(argv[i], "--procs") == 0) {
            limits->processes = (long)value;
        } else if (strcmp(argv[i], "--files") == 0) {
            limits->files_mib = (long)value;
        } else {
            return false;
        }
    }
    /* Outside bubblewrap the program is named; inside it is always there. */
    return limits->contained == (strcmp(limits->program, SANDBOX_PROGRAM) == 0);
}

/* `kill(-1, SIGKILL)` after each run must only ever reach the sandbox's
 * own processes: the driver runs only as the child of bubblewrap's init. */
static bool inside_bubblewrap(void)
{
    char name[32] = "";
    FILE *comm = fopen("/proc/1/comm", "r");
    if (comm == NULL) {
        return false;
    }
    bool named = fgets(name, sizeof name, comm) != NULL;
    fclose(comm);
    return named && strcmp(name, "bwrap\n") == 0 && getppid() == 1;
}

/* Nothing of the caller's beyond stdin, stdout and stderr: an inherited
 * descriptor could lead out of the sandbox. */
void driver_close_inherited_descriptors(void)
{
    DIR *fds = opendir("/proc/self/fd");
    if (fds == NULL) {
        return;
    }
    int open_fds[256];
    int count = 0;
    for (struct dirent *entry; (entry = readdir(fds)) != NULL && count < 256;) {
        int fd = atoi(entry->d_name);
        if (fd > 2 && fd != dirfd(fds)) {
            open_fds[count++] = fd;
        }
    }
    closedir(fds);
    for (int i = 0; i < count; i++) {
        close(open_fds[i]);
    }
}

static void answer_request(const driver_limits_t *limits, const char *line)
{
    char verb[16] = "", seq[32] = "0", mode[16] = "", how[16] = "";
    int fields = sscanf(line, "%15s %31s %15s %15s", verb, seq, mode, how);
    if (fields == 4 && strcmp(verb, "run") == 0) {
        int status = 0;
        long long over = 0;
        const char *why = NULL;
        bool ran = driver_run_case(limits, mode, how, &status, &over, &why);
        bool killed = ran && driver_kill_leftovers(limits);
        if (killed) {
            /* (nothing of the run writes any more: the last look) */
            driver_files_verdict(limits, over, &status);
        }
        if (!ran) {
            printf("error %s %s\n", seq, why);
        } else if (!killed) {
            printf("error %s processes left that cannot be killed\n", seq);
        } else if (!driver_clean(limits)) {
            printf("error %s cannot empty the program's directories\n", seq);
        } else {
            printf("done %s %d\n", seq, status);
        }
    } else {
        printf("error %s unknown request '%s'\n", seq, verb);
    }
    fflush(stdout);
}

int driver_main(int argc, char **argv)
{
    driver_limits_t limits = {.contained = true, .program = SANDBOX_PROGRAM, .io = SANDBOX_IO,
                              .work = SANDBOX_WORK, .tmp = SANDBOX_TMP, .uid = -1,
                              .timeout_seconds = 10, .cpu_seconds = 10, .memory_mib = 1024,
                              .fsize_kib = 65536, .processes = 64};
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return 0;
    }
    if (!parse_options(argc, argv, &limits)) {
        usage(stderr);
        return 2;
    }
    if (limits.contained && !inside_bubblewrap()) {
        fputs("sandbox driver: not inside a bubblewrap PID namespace; refusing to run\n", stderr);
        return 2;
    }
    /* Outside bubblewrap, an orphan the program leaves becomes the
     * driver's child, so that it is found and killed. */
    if (!limits.contained && prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
        fputs("sandbox driver: cannot become the subreaper of the runs\n", stderr);
        return 1;
    }
    driver_close_inherited_descriptors();
    umask(077);
    driver_drop_privileges_prepare();
    if (!driver_prepare_filter()) {
        fputs("sandbox driver: cannot compile the seccomp filter\n", stderr);
        return 1;
    }
    /* SIGCHLD stays blocked: driver_run_case waits for it with a timeout. */
    sigset_t children;
    sigemptyset(&children);
    sigaddset(&children, SIGCHLD);
    sigprocmask(SIG_BLOCK, &children, NULL);
    if (!driver_clean(&limits)) {
        fputs("sandbox driver: cannot empty the program's directories\n", stderr);
        return 1;
    }
    puts("ready");
    fflush(stdout);
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, stdin) > 0) {
        if (strncmp(line, "quit", 4) == 0) {
            break;
        }
        answer_request(&limits, line);
    }
    free(line);
    return 0;
}
