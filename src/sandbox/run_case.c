/* run_case.c -- one run of the program under test: a child with the
 * limits, the descriptors and no privileges, waited for at most the
 * timeout (then everything is killed: a hang, 124). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sandbox_driver.h"

/* argv: valgrind, its flags, --log-fd=3, the program, two file names, NULL. */
enum { HANG_STATUS = 124, MAX_ARGS = VALGRIND_FLAGS_MAX + 6, COPY_CHUNK = 65536 };
/* How often a run's files are looked at, where they are watched (watch.c). */
static const double WATCH_SECONDS = 0.01;

/* The command line for HOW and MODE into argv; false when unknown. */
static bool build_command(const driver_limits_t *limits, const char *how, bool graded,
                          const char **argv)
{
    int n = 0;
    if (strcmp(how, "unbuffered") == 0) {
        argv[n++] = "stdbuf";
        argv[n++] = "-o0";
    } else if (strcmp(how, "memcheck") == 0) {
        argv[n++] = "valgrind";
        for (int i = 0; i < limits->valgrind_flag_count; i++) {
            argv[n++] = limits->valgrind_flags[i];
        }
        argv[n++] = "--log-fd=3";
    } else if (strcmp(how, "plain") != 0) {
        return false;
    }
    argv[n++] = limits->program;
    if (graded) {
        argv[n++] = "input.txt";
        argv[n++] = "output.txt";
    }
    argv[n] = NULL;
    return true;
}

/* Copies FROM to TO; FROM must be a regular file, not a link (what the
 * program left may be anything). An empty TO when it is not. */
static bool copy_regular_file(const char *from, const char *to, mode_t mode)
{
    int out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, mode);
    if (out < 0) {
        return false;
    }
    int in = open(from, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    struct stat info;
    bool ok = fchmod(out, mode) == 0;  /* the mode itself, not masked */
    if (in >= 0 && fstat(in, &info) == 0 && S_ISREG(info.st_mode)) {
        static char chunk[COPY_CHUNK];
        ssize_t got;
        while ((got = read(in, chunk, sizeof chunk)) > 0) {
            ok = ok && write(out, chunk, (size_t)got) == got;
        }
        ok = ok && got == 0;
    }
    if (in >= 0) {
        close(in);
    }
    return close(out) == 0 && ok;
}

static bool set_limit(int resource, rlim_t soft, rlim_t hard)
{
    struct rlimit limit = {soft, hard};
    return setrlimit(resource, &limit) == 0;
}

static bool set_limits(const driver_limits_t *limits)
{
    /* The driver's own processes count against ulimit -u when the program
     * shares its uid. */
    long processes = limits->uid >= 0 ? limits->processes : limits->processes + 4;
    rlim_t cpu = (rlim_t)limits->cpu_seconds;
    /* The memory a program may use is its data (heap, anonymous and
     * writable mappings: what a memory bomb in any language grows); its
     * address space, reservations included, may be a few times more, so
     * that a JVM, which reserves far more than it touches, can start. */
    rlim_t data = limits->memory_mib > 0 ? (rlim_t)limits->memory_mib << 20 : RLIM_INFINITY;
    rlim_t space = limits->memory_mib > 0 ? data * SANDBOX_ADDRESS_SPACE_FACTOR : RLIM_INFINITY;
    return set_limit(RLIMIT_CPU, cpu, cpu + 1) &&
           set_limit(RLIMIT_DATA, data, data) &&
           set_limit(RLIMIT_AS, space, space) &&
           set_limit(RLIMIT_FSIZE, (rlim_t)limits->fsize_kib << 10, (rlim_t)limits->fsize_kib << 10) &&
           set_limit(RLIMIT_NPROC, (rlim_t)processes, (rlim_t)processes) &&
           set_limit(RLIMIT_CORE, 0, 0);
}

static bool redirect(int fd, const char *path, int flags)
{
    int opened = open(path, flags | O_NOFOLLOW, 0600);
    if (opened < 0) {
        return false;
    }
    if (opened != fd && (dup2(opened, fd) < 0 || close(opened) != 0)) {
        return false;
    }
    return true;
}

/* In the child: never returns. Messages go to the run's stderr. */
static void run_child(const driver_limits_t *limits, bool graded, bool memcheck,
                      const char **argv)
{
    const int out_flags = O_WRONLY | O_CREAT | O_TRUNC;
    char err[DRIVER_PATH_SIZE], in[DRIVER_PATH_SIZE], out[DRIVER_PATH_SIZE], log[DRIVER_PATH_SIZE];
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    /* A group of its own: with limits only, kill(0, ...) by the program
     * must not reach the driver's group (the worker that started it). */
    setpgid(0, 0);
    if (!redirect(2, driver_path(err, limits->io, "case.err"), out_flags) ||
        !redirect(0, graded ? "/dev/null" : driver_path(in, limits->io, "in"), O_RDONLY) ||
        !redirect(1, driver_path(out, limits->io, graded ? "stdout" : "case.out"), out_flags) ||
        (memcheck && !redirect(3, driver_path(log, limits->io, "case.log"), out_flags))) {
        _exit(126);
    }
    /* The out-of-memory killer takes the run's processes before the
     * driver (raising one's own score needs no privilege). */
    int score = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
    if (score >= 0) {
        (void)!write(score, "1000", 4);
        close(score);
    }
    if (chdir(limits->work) != 0 || !set_limits(limits) || !driver_drop_privileges(limits) ||
        !driver_refuse_syscalls()) {
        fprintf(stderr, "sandbox-driver: cannot prepare the run: %s\n", strerror(errno));
        _exit(126);
    }
    execvp(argv[0], (char *const *)argv);
    fprintf(stderr, "sandbox-driver: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(errno == ENOENT ? 127 : 126);
}

static double now_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Every process of the run killed, CHILD reaped (its wait status in
 * *WAIT_STATUS). Contained: the namespace's every process but init and
 * the driver; else the driver's descendants, reaped there. */
static void kill_run(const driver_limits_t *limits, pid_t child, int *wait_status)
{
    if (limits->contained) {
        kill(-1, SIGKILL);
    } else {
        driver_kill_leftovers(limits);
    }
    waitpid(child, wait_status, 0);
}

/* Waits for CHILD (SIGCHLD is blocked) until the timeout; a hang kills
 * every process the run left. Where the run's files are watched, they
 * are looked at every WATCH_SECONDS, and past the cap the run is killed
 * (137; the driver says why after it: watch.c), with what was seen in
 * *OVER (else 0). Returns the run's status. */
static int wait_with_timeout(const driver_limits_t *limits, pid_t child, double timeout_seconds,
                             long long *over)
{
    sigset_t children;
    sigemptyset(&children);
    sigaddset(&children, SIGCHLD);
    double deadline = now_seconds() + timeout_seconds;
    int wait_status = 0;
    for (;;) {
        pid_t done = waitpid(child, &wait_status, WNOHANG);
        if (done == child) {
            break;
        }
        double left = deadline - now_seconds();
        if (done < 0 || left <= 0) {
            kill_run(limits, child, &wait_status);
            return HANG_STATUS;
        }
        long long bytes = 0;
        if (driver_files_over(limits, &bytes)) {
            kill_run(limits, child, &wait_status);
            *over = bytes;
            return 128 + SIGKILL;
        }
        if (limits->files_mib > 0 && left > WATCH_SECONDS) {
            left = WATCH_SECONDS;
        }
        struct timespec wait_for = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
        sigtimedwait(&children, NULL, &wait_for);
    }
    if (WIFSIGNALED(wait_status)) {
        return 128 + WTERMSIG(wait_status);
    }
    return WEXITSTATUS(wait_status);
}

bool driver_run_case(const driver_limits_t *limits, const char *mode,
                     const char *how, int *status, long long *over, const char **why)
{
    *over = 0;
    const char *argv[MAX_ARGS];
    bool graded = strcmp(mode, "graded") == 0;
    if (!graded && strcmp(mode, "stdin") != 0) {
        *why = "unknown mode";
        return false;
    }
    if (!build_command(limits, how, graded, argv)) {
        *why = "unknown way to run";
        return false;
    }
    char in[DRIVER_PATH_SIZE], input_txt[DRIVER_PATH_SIZE], out[DRIVER_PATH_SIZE], output_txt[DRIVER_PATH_SIZE];
    driver_path(in, limits->io, "in");
    driver_path(input_txt, limits->work, "input.txt");
    driver_path(out, limits->io, "case.out");
    driver_path(output_txt, limits->work, "output.txt");
    if (graded && !copy_regular_file(in, input_txt, 0644)) {
        *why = "cannot copy the input";
        return false;
    }
    fflush(stdout);
    pid_t child = fork();
    if (child < 0) {
        *why = "cannot fork";
        return false;
    }
    if (child == 0) {
        run_child(limits, graded, strcmp(how, "memcheck") == 0, argv);
    }
    *status = wait_with_timeout(limits, child, limits->timeout_seconds, over);
    if (graded && !copy_regular_file(output_txt, out, 0600)) {
        *why = "cannot copy output.txt";
        return false;
    }
    return true;
}
