/* fork-each.c -- many runs of one C program in one process, each run in a
 * forked child of its own: the diagnosis's batch of a draughts faulted
 * reference (or of the judge) in a program's own order of moves
 * (src/diagnose/README.md, "Speed"). Not a program's file: built only by
 * src/harness/diagnose/batch.py, beside a copy of the program's sources
 * compiled with -Dmain=batch_inner_main, so that this file's main runs
 * the program's main once per job, each in a fresh child.
 *
 *     fork-each SECONDS SCRATCH [REPORT] < JOBS
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
 * Each run is a child forked from this process (which never runs the
 * program's code itself, so each child starts with the program's static
 * state as a fresh process does), its standard output the file
 * SCRATCH/stdout, its standard error /dev/null, killed after SECONDS,
 * calling the program's main with the program name and the ARGUMENTs.
 * Per job, in order, on standard output: a line `STATUS LENGTH`, STATUS
 * the exit status, `-N` for a child killed by signal N (as Python's
 * subprocess tells it), `hang` for one killed at SECONDS, then the LENGTH
 * bytes of the file SCRATCH/stdout, or of SCRATCH/REPORT (removed before
 * each run: none, no bytes) when REPORT is given. Exit status 0 once every
 * job has its answer, 2 on bad usage or bad JOBS. */
#undef main

#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int batch_inner_main(int argc, char **argv);

enum { MAX_FIELDS = 18, PATH_SIZE = 4096 };

typedef struct {
    char *data;
    size_t size;
} bytes_t;

/* Everything on file descriptor `fd`, read with read(2) (no stdio stream
 * of the children's is touched); data NULL when it cannot be. */
static bytes_t read_fd(int fd)
{
    bytes_t all = {NULL, 0};
    size_t capacity = 0;
    for (;;) {
        if (capacity - all.size < 65536) {
            capacity = capacity == 0 ? 65536 : 2 * capacity;
            char *grown = realloc(all.data, capacity + 1);
            if (grown == NULL) {
                free(all.data);
                return (bytes_t){NULL, 0};
            }
            all.data = grown;
        }
        ssize_t got = read(fd, all.data + all.size, capacity - all.size);
        if (got < 0) {
            free(all.data);
            return (bytes_t){NULL, 0};
        }
        if (got == 0) {
            return all;
        }
        all.size += (size_t)got;
    }
}

static int write_file(const char *name, const char *data, size_t size)
{
    FILE *stream = fopen(name, "wb");
    if (stream == NULL) {
        return 0;
    }
    size_t written = fwrite(data, 1, size, stream);
    return (fclose(stream) == 0) & (written == size);
}

/* `name` opened as file descriptor `target`; false when it cannot be. */
static int redirect(const char *name, int flags, int target)
{
    int fd = open(name, flags, 0644);
    if (fd < 0 || dup2(fd, target) < 0) {
        return 0;
    }
    if (fd != target) {
        close(fd);
    }
    return 1;
}

/* One run, as the header describes it. */
typedef struct {
    const char *stdin_path;
    const char *setting_name;  /* NULL: none */
    char *arguments[MAX_FIELDS];
    int argument_count;
} job_t;

/* In the child: the job's files, its environment, its alarm, then the
 * program's main; never returns. */
static void child(const job_t *job, const char *scratch, unsigned seconds)
{
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/stdout", scratch);
    if (!redirect(job->stdin_path, O_RDONLY, STDIN_FILENO) ||
        !redirect(path, O_WRONLY | O_CREAT | O_TRUNC, STDOUT_FILENO) ||
        !redirect("/dev/null", O_WRONLY, STDERR_FILENO)) {
        _exit(127);
    }
    snprintf(path, sizeof path, "%s/setting", scratch);
    if (job->setting_name != NULL && setenv(job->setting_name, path, 1) != 0) {
        _exit(127);
    }
    alarm(seconds);
    exit(batch_inner_main(job->argument_count, (char **)job->arguments));
}

/* The child's exit as a status word. */
static void print_status(pid_t pid, int status)
{
    if (pid < 0) {
        printf("127");
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
        printf("hang");
    } else if (WIFSIGNALED(status)) {
        printf("-%d", WTERMSIG(status));
    } else {
        printf("%d", WEXITSTATUS(status));
    }
}

/* Runs `job`; prints its status line and its report's bytes. */
static void run_job(const job_t *job, const char *scratch, const char *report,
                    unsigned seconds)
{
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", scratch, report != NULL ? report : "stdout");
    if (report != NULL) {
        unlink(path);
    }
    fflush(stdout);  /* nothing of ours left buffered for the child to write */
    pid_t pid = fork();
    if (pid == 0) {
        child(job, scratch, seconds);
    }
    int status = 0;
    if (pid > 0 && waitpid(pid, &status, 0) != pid) {
        pid = -1;
    }
    print_status(pid, status);
    int fd = open(path, O_RDONLY);
    bytes_t out = fd >= 0 ? read_fd(fd) : (bytes_t){NULL, 0};
    if (fd >= 0) {
        close(fd);
    }
    printf(" %zu\n", out.size);
    fwrite(out.data != NULL ? out.data : "", 1, out.size, stdout);
    free(out.data);
}

/* `text` (after the header's `@`) as a length within `left` bytes. */
static int payload_size(const char *text, size_t left, size_t *size)
{
    char *end;
    unsigned long long value = strtoull(text, &end, 10);
    *size = (size_t)value;
    return end != text && *end == '\0' && value <= left;
}

/* The job whose header starts at `*at`, its payloads written to SCRATCH;
 * `*at` moved past it. False for a header that is not one. */
static int next_job(char **at, char *end, const char *scratch, job_t *job,
                    char *stdin_path)
{
    char *line_end = memchr(*at, '\n', (size_t)(end - *at));
    if (line_end == NULL) {
        return 0;
    }
    *line_end = '\0';
    char *fields[MAX_FIELDS];
    int count = 0;
    for (char *field = strtok(*at, "\t"); field != NULL && count < MAX_FIELDS;
         field = strtok(NULL, "\t")) {
        fields[count++] = field;
    }
    char *data = line_end + 1;
    size_t size = 0;
    if (count < 2) {
        return 0;
    }
    job->stdin_path = fields[0];
    if (fields[0][0] == '@') {
        if (!payload_size(fields[0] + 1, (size_t)(end - data), &size)) {
            return 0;
        }
        snprintf(stdin_path, PATH_SIZE, "%s/stdin", scratch);
        if (!write_file(stdin_path, data, size)) {
            return 0;
        }
        job->stdin_path = stdin_path;
        data += size;
    }
    job->setting_name = NULL;
    char *mark = strchr(fields[1], '@');
    if (mark != NULL) {
        *mark = '\0';
        char setting[PATH_SIZE];
        snprintf(setting, sizeof setting, "%s/setting", scratch);
        if (!payload_size(mark + 1, (size_t)(end - data), &size) ||
            !write_file(setting, data, size)) {
            return 0;
        }
        job->setting_name = fields[1];
        data += size;
    }
    job->arguments[0] = "batch";
    for (int i = 2; i < count; i++) {
        job->arguments[i - 1] = fields[i];
    }
    job->argument_count = count - 1;
    job->arguments[job->argument_count] = NULL;
    *at = data;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fputs("usage: fork-each SECONDS SCRATCH [REPORT] < JOBS\n", stderr);
        return 2;
    }
    unsigned seconds = (unsigned)strtoul(argv[1], NULL, 10);
    /* Read whole, with read(2), before the first fork. */
    bytes_t jobs = read_fd(STDIN_FILENO);
    if (jobs.data == NULL) {
        fputs("fork-each: cannot read the jobs\n", stderr);
        return 2;
    }
    char *at = jobs.data;
    char *end = jobs.data + jobs.size;
    int good = 1;
    while (at < end && good) {
        job_t job;
        char stdin_path[PATH_SIZE];
        good = next_job(&at, end, argv[2], &job, stdin_path);
        if (good) {
            run_job(&job, argv[2], argc == 4 ? argv[3] : NULL, seconds);
        }
    }
    free(jobs.data);
    if (!good) {
        fputs("fork-each: a job's header is not one\n", stderr);
    }
    return fflush(stdout) == 0 && good ? 0 : 2;
}
