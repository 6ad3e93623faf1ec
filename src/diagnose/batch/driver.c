/* driver.c -- many runs of one C program in one process: the diagnosis's
 * batch of a draughts faulted reference (or of the judge) in a program's
 * own order of moves (src/diagnose/README.md, "Speed"; batch.h).
 *
 *     batch [--fork-each] SECONDS SCRATCH [REPORT] < JOBS
 *
 * JOBS, on standard input, is a header line a run, its fields separated
 * by tabs, each followed by the bytes it announces:
 *
 *     STDIN  SETTING  ARGUMENT...
 *
 * STDIN is the path of the run's standard input, or `@N`: the N bytes
 * after the header, written to SCRATCH/stdin. SETTING is `-`, or
 * `NAME@N`: the N bytes after those, written to SCRATCH/setting, and the
 * environment variable NAME set to that file's path.
 *
 * Each run calls the program's main with the program name and the
 * ARGUMENTs, its standard output the file SCRATCH/stdout, its standard
 * error /dev/null, killed after SECONDS, and ends as exit would end it
 * (the handlers the run gave atexit, then every stream flushed). The runs
 * are made in a child forked from this process, which never runs the
 * program's code: the runner. Before each run but its first the runner
 * puts its memory back as it was at its start (snapshot.c), so each run
 * starts from the state a child forked for it alone would have: its own
 * static data and the C library's, its heap, as fresh. A run that ends
 * the runner (exit, a signal, the alarm) is answered here, and a new
 * runner goes on from the next; when the memory cannot be put back
 * exactly, or with --fork-each, each run is a child of its own.
 *
 * Per job, in order, on standard output: a line `STATUS LENGTH`, STATUS
 * the exit status, `-N` for a run killed by signal N (as Python's
 * subprocess tells it), `hang` for one killed at SECONDS, then the LENGTH
 * bytes of the file SCRATCH/stdout, or of SCRATCH/REPORT (removed before
 * each run: none, no bytes) when REPORT is given. Exit status 0 once every
 * job has its answer, 2 on bad usage or bad JOBS. */
#undef main
#undef exit
#undef atexit

#define _DEFAULT_SOURCE 1

#include "batch.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

int batch_inner_main(int argc, char **argv);

/* The runner's answers go out on a descriptor this high, so that the
 * files a run opens are numbered as in a fresh process. */
enum { MAX_HANDLERS = 64, ANSWERS_FD = 100, WORD_SIZE = 32 };

typedef struct {
    unsigned seconds;
    const char *scratch;
    const char *report;  /* NULL: none */
} options_t;

/* Where the runner is, in memory it shares with the driver. */
typedef struct {
    size_t done;  /* jobs answered */
    int in_run;   /* from a run's preparation to its end */
} progress_t;

/* The program's atexit handlers (its atexit renamed batch_atexit), run as
 * exit runs them; static, so that each run starts with none. */
static void (*handlers[MAX_HANDLERS])(void);
static int handler_count;

int batch_atexit(void (*handler)(void))
{
    if (handler_count == MAX_HANDLERS) {
        return -1;
    }
    handlers[handler_count++] = handler;
    return 0;
}

static void run_handlers(void)
{
    while (handler_count > 0) {
        handlers[--handler_count]();
    }
}

/* The program's exit (renamed batch_exit). */
_Noreturn void batch_exit(int status)
{
    run_handlers();
    exit(status);
}

/* The job run in a child of its own; its answer on standard output. */
static void run_alone(const job_t *job, const options_t *options)
{
    pid_t pid = fork();
    if (pid == 0) {
        if (!prepare_job(job, options->scratch, options->report)) {
            _exit(127);
        }
        alarm(options->seconds);
        batch_exit(batch_inner_main(job->argument_count, (char **)job->arguments));
    }
    int status = 0;
    if (pid > 0 && waitpid(pid, &status, 0) != pid) {
        pid = -1;
    }
    char word[WORD_SIZE];
    status_word(pid, status, word, sizeof word);
    answer(STDOUT_FILENO, word, options->scratch, options->report);
}

/* In the runner: the jobs from `first` on, each answered in turn, the
 * memory put back before each but the first; ends when they are done or
 * the memory cannot be put back exactly. */
static _Noreturn void runner(const job_t *jobs, size_t count, size_t first,
                             const options_t *options, volatile progress_t *progress)
{
    int answers = fcntl(STDOUT_FILENO, F_DUPFD, ANSWERS_FD);
    if (answers < 0 || !snapshot_take(answers)) {
        _exit(0);
    }
    for (size_t i = first; i < count; i++) {
        if (i > first && !snapshot_restore()) {
            _exit(0);
        }
        progress->in_run = 1;
        if (!prepare_job(&jobs[i], options->scratch, options->report)) {
            _exit(127);
        }
        alarm(options->seconds);
        int status = batch_inner_main(jobs[i].argument_count, (char **)jobs[i].arguments);
        run_handlers();
        fflush(NULL);
        alarm(0);
        progress->in_run = 0;
        char word[WORD_SIZE];
        snprintf(word, sizeof word, "%d", status & 0xff);
        answer(answers, word, options->scratch, options->report);
        progress->done = i + 1;
    }
    _exit(0);
}

/* A runner from job `first`; the first job it left unanswered. A run
 * that ended it is answered here; `*alone` set when the runner stopped
 * between runs (its memory not put back) or could not start. */
static size_t run_from(const job_t *jobs, size_t count, size_t first, const options_t *options,
                       progress_t *progress, int *alone)
{
    *progress = (progress_t){first, 0};
    pid_t pid = fork();
    if (pid == 0) {
        runner(jobs, count, first, options, progress);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) {
        *alone = 1;
        return first;
    }
    if (progress->done >= count || !progress->in_run) {
        *alone = progress->done < count;
        return progress->done;
    }
    char word[WORD_SIZE];
    status_word(pid, status, word, sizeof word);
    answer(STDOUT_FILENO, word, options->scratch, options->report);
    return progress->done + 1;
}

int main(int argc, char **argv)
{
    int alone = argc > 1 && strcmp(argv[1], "--fork-each") == 0;
    argc -= alone;
    argv += alone;
    if (argc != 3 && argc != 4) {
        fputs("usage: batch [--fork-each] SECONDS SCRATCH [REPORT] < JOBS\n", stderr);
        return 2;
    }
    options_t options = {(unsigned)strtoul(argv[1], NULL, 10), argv[2], argc == 4 ? argv[3] : NULL};
    /* Read whole, with read(2), and parsed before the first fork. */
    bytes_t all = read_fd(STDIN_FILENO);
    job_t *jobs = NULL;
    size_t count = 0;
    if (all.data == NULL || !parse_jobs(all, &jobs, &count)) {
        fputs("batch: the jobs cannot be read, or a job's header is not one\n", stderr);
        free(all.data);
        return 2;
    }
    progress_t *progress = mmap(NULL, sizeof *progress, PROT_READ | PROT_WRITE,
                                MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    alone |= progress == MAP_FAILED;
    for (size_t next = 0; next < count;) {
        if (alone) {
            run_alone(&jobs[next++], &options);
        } else {
            next = run_from(jobs, count, next, &options, progress, &alone);
        }
    }
    free(jobs);
    free(all.data);
    return 0;
}
