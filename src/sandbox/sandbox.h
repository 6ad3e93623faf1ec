/* sandbox.h -- the sandbox program's own side (build/sandbox): a box owns
 * a run's whole life, as IOI isolate's does: its options, its directory
 * (made, swept, removed), its mode (bubblewrap with the program itself
 * inside as the driver, or limits only), the uid of the program, the copy
 * of a --folder, the driver started, spoken to and stopped. The driver's
 * side (what runs one case) is sandbox_driver.h's. The command line and
 * the protocol: src/sandbox/README.md. */
#ifndef SANDBOX_H
#define SANDBOX_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "sandbox_driver.h"

enum { BOX_TEXT_SIZE = 512, BOX_EXIT_USAGE = 2, BOX_EXIT_FAILED = 1 };

/* What a box is asked for: the command line's options. */
typedef struct {
    bool sandbox;             /* false: --no-sandbox (limits only, no warning) */
    bool quiet;               /* --quiet: no warning line on a fallback */
    bool folder_writable;
    bool memory_by_group;     /* --memory-by-group: no RLIMIT_DATA/AS, the group alone */
    const char *program;      /* PROGRAM (start, run) */
    const char *folder;       /* --folder DIR, or NULL */
    const char *bwrap;        /* --bwrap PATH (default $SANDBOX_BWRAP or bwrap) */
    const char *scratch;      /* --scratch DIR (default $SANDBOX_SCRATCH, /dev/shm...) */
    const char *memcheck_flags; /* --memcheck-flags FILE */
    char timeout_text[32];    /* --timeout as given, for the describe line */
    double timeout_seconds;
    long cpu_seconds;
    long memory_mib;
    long fsize_kib;
    long processes;
    long tmpfs_mib;           /* --tmpfs MIB (default $SANDBOX_TMPFS_MIB or 256) */
} box_options_t;

/* What `sandbox run` adds: where its input comes from, how it runs,
 * where Valgrind's log and (--folder-writable) the folder go afterwards. */
typedef struct {
    const char *input;        /* --input FILE (default /dev/null) */
    bool graded;              /* --graded: PROGRAM input.txt output.txt */
    const char *how;          /* --how plain|unbuffered|memcheck */
    const char *log;          /* --log FILE: Valgrind's log (memcheck) */
    const char *folder_out;   /* --folder-out DIR: the folder, after the run */
} run_options_t;

/* A box's control group (cgroup.c): v2 one directory, v1 the memory
 * controller's and the pids controller's; version 0: none, why says why. */
enum { CGROUP_DIRS = 2 };
typedef struct {
    int version;
    int count;
    char dirs[CGROUP_DIRS][DRIVER_PATH_SIZE];
    char why[BOX_TEXT_SIZE];
} box_cgroup_t;

/* A box: its directory on this side and its running driver. */
typedef struct {
    box_options_t options;
    box_cgroup_t cgroup;             /* the run's memory and processes, as a whole */
    bool bwrap;                      /* the mode: bubblewrap, else limits only */
    char why[BOX_TEXT_SIZE];         /* limits only: why ("--no-sandbox" when asked) */
    char dir[DRIVER_PATH_SIZE];      /* the box's directory */
    char program[DRIVER_PATH_SIZE];  /* the program as the driver reaches it on this side */
    char folder[DRIVER_PATH_SIZE];   /* the folder's copy, or "" */
    char view[DRIVER_PATH_SIZE];     /* the copy the program writes, seen from this side: folder,
                                        or its tmpfs through /proc (box_folder_in_tmpfs) */
    long uid;                        /* the program's uid, or -1: the caller's own */
    pid_t pid;                       /* bubblewrap's, or the limits-only driver's */
    int to_driver, from_driver;      /* the driver's stdin and stdout */
    char said[BOX_TEXT_SIZE];        /* what the driver said before "ready" */
    char buffer[BOX_TEXT_SIZE];      /* from_driver's bytes not yet read as a line */
    size_t buffered;
    unsigned long seq;               /* the driver's last request */
    const char *valgrind_flags[VALGRIND_FLAGS_MAX];
    int valgrind_flag_count;
    char flags_text[2048];           /* what valgrind_flags point into */
} box_t;

/* options.c: parses ARGV (the options shared by start, run and describe,
 * and run's own when RUN is not NULL; positional arguments into
 * *positional, at most MAX of them, counted in *count; "--" ends the
 * options). False, with a message on stderr, on bad usage. */
bool box_parse_options(int argc, char **argv, box_options_t *options, run_options_t *run,
                       char **positional, int max, int *count);
/* The limits in words: "10 s CPU, 1024 MiB memory and 64 processes for
 * the whole run (cgroup v1), ...", or, without GROUP's version, "1024 MiB
 * memory per process only: no control group (WHY), ...". */
void box_limits_text(const box_options_t *options, const box_cgroup_t *group, char *text,
                     size_t size);
/* The Valgrind flags (one a line, # comments) into BOX; false when unreadable. */
bool box_read_memcheck_flags(box_t *box);

/* owner.c: this process's PID namespace (a number; 0 when unreadable);
 * whether a box's owner (NAMESPACE, PID) is of this namespace and no
 * longer runs, so that its leftovers may be swept. */
unsigned long box_pid_namespace(void);
bool box_owner_gone(unsigned long namespace, long pid);

/* box_dir.c: the scratch directory, the sweep of boxes whose owner died,
 * the box's own directory (io, work, tmp, owner), its removal. */
bool box_make_dir(box_t *box);
void box_remove_dir(box_t *box);
/* The size of each tmpfs of a box's directory as root (--tmpfs); the
 * folder's copies in and out stop there too. */
long long box_dir_bytes(const box_options_t *options);
/* A uid for the program, unlikely to be anyone's. */
long box_new_uid(void);

/* folder.c: --folder DIR copied into the box (readable by every uid),
 * and handed to UID when writable; false with a message on stderr. */
bool box_copy_folder(box_t *box);
bool box_give_folder(const box_t *box, long uid);
/* BOX's view: its folder's copy, or (box_folder_in_tmpfs) the tmpfs of the
 * running bubblewrap's namespace, reached through /proc/PID/root of its
 * first process, filled with a copy of the folder's; false with the
 * reason in box->why. */
bool box_fill_folder(box_t *box);
/* FROM (a file, a link or a folder) copied to TO, readable by all; false
 * when its files pass *BUDGET bytes (taken from it). */
bool box_copy_tree(const char *from, const char *to, long long *budget);
/* Copies the regular file FROM to TO with MODE; false on error. */
bool box_copy_file(const char *from, const char *to, mode_t mode);

/* cgroup_find.c: where a box's group goes (GROUP's version, count and
 * dirs: the parents), else false with the reason in GROUP's why. */
bool box_cgroup_find(box_cgroup_t *group);

/* cgroup.c: the box's control group. box_cgroup_make: found, swept of
 * dead boxes' groups, made with OPTIONS' limits; else false with the
 * reason in GROUP's why (no group: describe says so). box_cgroup_enter:
 * this process into it (in the child before it runs the driver).
 * box_cgroup_kill: everything in it killed; box_cgroup_remove: killed and
 * removed. box_cgroup_oom_kills: the OOM killer's kills of its processes
 * so far, the machine's own out-of-memory kills included (-1: unknown);
 * box_cgroup_limit_hits: the times its memory reached its limit (v2:
 * memory.events' oom; v1: memory.failcnt; -1: unknown). The limits:
 * memory in bytes, processes. */
bool box_cgroup_make(box_cgroup_t *group, const box_options_t *options);
bool box_cgroup_enter(const box_cgroup_t *group);
void box_cgroup_kill(const box_cgroup_t *group);
void box_cgroup_remove(box_cgroup_t *group);
long long box_cgroup_oom_kills(const box_cgroup_t *group);
long long box_cgroup_limit_hits(const box_cgroup_t *group);
long long box_cgroup_memory_bytes(const box_options_t *options);
long box_cgroup_processes(const box_options_t *options);

/* bwrap.c: bubblewrap's argument vector for BOX (mounts, namespaces,
 * capabilities) up to its "--", into ARGS (at most MAX, NULL-terminated;
 * -1 when MAX is under BOX_BWRAP_ARGS, what it may need); PROGRAM: the
 * host path bound as /sandbox/program; the box's etc made before. */
enum { BOX_BWRAP_ARGS = 160 };
int box_bwrap_args(const box_t *box, const char *program, const char **args, int max);
/* This bubblewrap can cap a tmpfs's size (--size, bubblewrap 0.5). */
bool box_bwrap_sizes(const char *bwrap);
/* BOX's writable folder is a size-capped tmpfs inside bubblewrap (an
 * ordinary user's: as root the box's directory holds a tmpfs for it),
 * filled from this side once bubblewrap is up (box_fill_folder). */
bool box_folder_in_tmpfs(const box_t *box);
/* Tries bubblewrap once as a box would use it (running /bin/true); true
 * when it works, else the reason (its first line) in WHY. */
bool box_bwrap_works(const box_options_t *options, char *why, size_t size);

/* etc.c: the box's /etc (bubblewrap). box_make_etc: BOX's directory's
 * etc made (passwd, group, nsswitch.conf, hosts for the program's uid,
 * places for the host's entries); false on error. box_etc_args: its binds
 * into ARGS from N (at most 3 + 3 * BOX_ETC_BINDS); returns the new count. */
enum { BOX_ETC_BINDS = 12 };
bool box_make_etc(const box_t *box);
int box_etc_args(const box_t *box, const char **args, int n);

/* launch.c: starts the driver (bubblewrap with it inside) and waits for
 * its "ready"; box_start_driver: COMMAND forked with the driver's
 * environment (HOME and TMPDIR HOME, SANDBOX_FOLDER FOLDER unless ""),
 * FD3 and FD4 (unless -1) as its descriptors 3 and 4. False with the
 * reason in box->why. */
bool box_start_bwrap(box_t *box);
bool box_start_driver(box_t *box, const char *const *command, const char *home,
                      const char *folder, int fd3, int fd4);
/* The driver's options (the limits, PROCESSES, the uid, Valgrind's
 * flags) into ARGV from N; returns the new count (ARGV NULL-terminated). */
int box_driver_options(const box_t *box, long processes, const char **argv, int n);

/* limits.c: the driver alone, with limits only (as root: the program as
 * a uid of its own, where that uid can reach it). */
bool box_start_limits(box_t *box);

/* driver_io.c: the pipes to the driver. box_read_line: the driver's next
 * line (without its newline) within SECONDS: 1, or 0 at its end, -1 at
 * the deadline. box_await_ready: true once it said "ready" (what it said
 * before in box->said), else the reason in box->why. box_stop_driver:
 * asks it to quit, waits (at most 5 s), else kills it. */
void box_io_reset(box_t *box);
int box_read_line(box_t *box, char *line, size_t size, double seconds);
bool box_await_ready(box_t *box, double seconds);
void box_stop_driver(box_t *box);

/* box.c: opens a box as OPTIONS ask (the mode chosen, said loudly when
 * weaker than asked); runs one case; closes it (driver stopped, directory
 * removed). box_run: true with the status, else false with the reason in
 * WHY (the driver is restarted). */
bool box_open(box_t *box, const box_options_t *options);
bool box_run(box_t *box, const char *mode, const char *how, const char *input,
             int *status, char *why, size_t why_size);
void box_close(box_t *box);
/* NAME found as a command: a path that can be run, or on PATH. */
bool box_command_exists(const char *name);
/* The describe line of a box (running, or as it would be: BOX NULL). */
void box_describe(const box_t *box, const box_options_t *options, FILE *out);

/* serve.c: the subcommands start and run. */
int box_serve(box_t *box);
int box_run_once(box_t *box, const run_options_t *run);

/* driver.c: the driver inside the box (the hidden subcommand "driver"). */
int driver_main(int argc, char **argv);

#endif
