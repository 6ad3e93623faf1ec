/* sandbox_driver.h -- the driver: the sandbox program itself, started by
 * its box (`sandbox driver`, the hidden subcommand) as the only child of
 * bubblewrap's init, PID 1 of the box's PID namespace, where it runs the
 * program under test once per request, with limits, as a uid of its own.
 * Where bubblewrap cannot run, the same driver runs outside it
 * (--limits-only DIR --program PATH): the same protocol and limits, its
 * folders under DIR, and instead of the namespace's end every process
 * descended from it is killed after each run (it is their subreaper, so
 * an orphan that double-forked still is).
 *
 * Files inside the box: the program is /sandbox/program, the exchange
 * directory /sandbox/io (in: the input; case.out, case.err, case.log: what
 * a run wrote, read there by the caller; stdout: a graded run's stdout,
 * thrown away), the program's working directory /sandbox/work. The driver
 * never sees an expected output.
 *
 * Protocol with the box, one line each way: stdin "run SEQ MODE HOW" or
 * "quit"; stdout "ready" once, then per request "done SEQ STATUS" or
 * "error SEQ WHY". MODE: stdin (io/in on stdin, stdout to io/case.out) or
 * graded (io/in copied to input.txt, run as `PROGRAM input.txt
 * output.txt`, output.txt copied to io/case.out). HOW: plain, unbuffered
 * (stdbuf -o0) or memcheck (Valgrind, its log to io/case.log). STATUS: the
 * exit status, 128+N for a death by signal N, 124 for a hang. */
#ifndef SANDBOX_DRIVER_H
#define SANDBOX_DRIVER_H

#include <stdbool.h>

/* Where things are inside bubblewrap; outside it, under --limits-only DIR. */
#define SANDBOX_PROGRAM "/sandbox/program"
#define SANDBOX_IO "/sandbox/io"
#define SANDBOX_WORK "/sandbox/work"
#define SANDBOX_TMP "/tmp"
/* The address space a run may have, in times its memory (data) limit. */
#define SANDBOX_ADDRESS_SPACE_FACTOR 4

enum { DRIVER_PATH_SIZE = 4096 };

/* Valgrind's options: the client passes src/golden/memcheck.flags, one
 * --valgrind-flag each, so that the list exists once. */
enum { VALGRIND_FLAGS_MAX = 16 };

/* What one run may use, and where; uid < 0: the program runs as the
 * driver's uid. contained: inside bubblewrap (its namespaces end what the
 * program leaves); else limits only. */
typedef struct {
    bool contained;
    const char *program;
    char io[DRIVER_PATH_SIZE];
    char work[DRIVER_PATH_SIZE];
    char tmp[DRIVER_PATH_SIZE];
    char fs[DRIVER_PATH_SIZE];   /* limits only: the folder's copy's place; else "" */
    const char *valgrind_flags[VALGRIND_FLAGS_MAX];
    int valgrind_flag_count;
    long uid;
    double timeout_seconds;
    long cpu_seconds;
    long memory_mib;
    long fsize_kib;
    long processes;
    long files_mib;              /* the run's files together (watch.c); 0: not watched */
} driver_limits_t;

/* Runs the program once (MODE and HOW as in the protocol). Returns true
 * with its status in *status, or false with the reason in *why; *over:
 * the run's files when their watch stopped it (watch.c), else 0. */
bool driver_run_case(const driver_limits_t *limits, const char *mode,
                     const char *how, int *status, long long *over, const char **why);

/* DIR/NAME into PATH (DRIVER_PATH_SIZE bytes); returns PATH. */
const char *driver_path(char *path, const char *dir, const char *name);

/* Contained: kills every process of the namespace but init and the
 * driver, and waits (at most 5 s) until init has reaped them. Limits
 * only: kills every process descended from the driver and reaps them.
 * False when some remain. */
bool driver_kill_leftovers(const driver_limits_t *limits);

/* watch.c: the run's files together (the program shares the driver's
 * uid: no tmpfs of its own caps them). driver_files_bytes: their size as
 * the cap counts it, -1 when they cannot all be counted. driver_files_over:
 * past files_mib MiB (or uncountable), with the size in *BYTES; false when
 * not watched. driver_files_verdict: after a run, its processes gone: when
 * OVER (the watch stopped it: what it saw) or the files are over now,
 * *STATUS becomes 137 (a kill) and the run's stderr says why. */
long long driver_files_bytes(const driver_limits_t *limits);
bool driver_files_over(const driver_limits_t *limits, long long *bytes);
void driver_files_verdict(const driver_limits_t *limits, long long over, int *status);

/* Empties what the program could write: its working directory, its
 * /tmp, and from the exchange directory all that is not the driver's;
 * contained (or as a uid of its own), also /dev/shm, /dev/mqueue and
 * System V IPC, which are the sandbox's own. False when something cannot
 * be removed. */
bool driver_clean(const driver_limits_t *limits);

/* Closes every descriptor above 2: nothing of the caller's goes further
 * (an inherited descriptor could lead out of the box). */
void driver_close_inherited_descriptors(void);

/* Removes PATH and all below it (opening closed folders first). */
bool driver_remove_tree(const char *path);

/* In a child about to run something for the program: gives up every
 * privilege (uid, groups, capabilities, new privileges). False on error. */
bool driver_drop_privileges(const driver_limits_t *limits);

/* Reads, once, what driver_drop_privileges needs to know of the kernel
 * (so that each child does not read it again). */
void driver_drop_privileges_prepare(void);

/* The seccomp filter of the calls a run may not make (seccomp.c),
 * compiled once at the driver's start: false when it cannot be, and the
 * driver then refuses to run anything. */
bool driver_prepare_filter(void);

/* In a child about to run the program, its privileges gone: that filter
 * installed. False on error. */
bool driver_refuse_syscalls(void);

#endif
