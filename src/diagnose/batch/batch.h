/* batch.h -- the batch driver's types: many runs of one C program in one
 * process (src/diagnose/README.md, "Speed"). Built only by
 * src/harness/diagnose/batch.py, with every .c file of this folder, beside
 * a copy of the program's sources compiled with main, exit and atexit
 * renamed (batch_inner_main, batch_exit, batch_atexit).
 *
 *   driver.c    the command line, the runner and the child a run
 *   jobs.c      the jobs read from standard input, a run's files, answers
 *   snapshot.c  the process's writable memory kept and put back */
#ifndef BATCH_H
#define BATCH_H

#include <stddef.h>
#include <sys/types.h>

enum { MAX_FIELDS = 18, PATH_SIZE = 4096 };

typedef struct {
    char *data;
    size_t size;
} bytes_t;

/* One run, as its header describes it. */
typedef struct {
    const char *stdin_path;    /* NULL: the bytes `stdin_data` */
    bytes_t stdin_data;
    const char *setting_name;  /* NULL: none */
    bytes_t setting;
    char *arguments[MAX_FIELDS];
    int argument_count;
} job_t;

/* jobs.c */
bytes_t read_fd(int fd);
int write_all(int fd, const char *data, size_t size);
int parse_jobs(bytes_t all, job_t **jobs, size_t *count);
int prepare_job(const job_t *job, const char *scratch, const char *report);
void answer(int fd, const char *word, const char *scratch, const char *report);
void status_word(pid_t pid, int status, char *word, size_t size);

/* snapshot.c */
int snapshot_take(int keep_fd);
int snapshot_restore(void);

#endif
