/* jobs.c -- the batch driver's jobs (batch.h): read whole from standard
 * input, parsed before the first run; a run's files and environment; its
 * answer. Only read(2), write(2) and open(2) on files: no stdio stream the
 * program's runs use is touched, and a run's preparation allocates
 * nothing but what setenv does, as a fresh child's would. */
#undef main
#undef exit
#undef atexit

#define _POSIX_C_SOURCE 200809L

#include "batch.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Everything on file descriptor `fd`; data NULL when it cannot be. */
bytes_t read_fd(int fd)
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

int write_all(int fd, const char *data, size_t size)
{
    while (size > 0) {
        ssize_t put = write(fd, data, size);
        if (put <= 0) {
            return 0;
        }
        data += put;
        size -= (size_t)put;
    }
    return 1;
}

static int write_file(const char *name, bytes_t bytes)
{
    int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        return 0;
    }
    int good = write_all(fd, bytes.data, bytes.size);
    return (close(fd) == 0) & good;
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

/* `text` (after the header's `@`) as a length within `left` bytes. */
static int payload_size(const char *text, size_t left, size_t *size)
{
    char *end;
    unsigned long long value = strtoull(text, &end, 10);
    *size = (size_t)value;
    return end != text && *end == '\0' && value <= left;
}

/* The job whose header starts at `*at`; `*at` moved past it and its
 * bytes. False for a header that is not one. */
static int next_job(char **at, char *end, job_t *job)
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
    if (count < 2) {
        return 0;
    }
    *job = (job_t){.stdin_path = fields[0]};
    if (fields[0][0] == '@') {
        job->stdin_path = NULL;
        job->stdin_data.data = data;
        if (!payload_size(fields[0] + 1, (size_t)(end - data), &job->stdin_data.size)) {
            return 0;
        }
        data += job->stdin_data.size;
    }
    char *mark = strchr(fields[1], '@');
    if (mark != NULL) {
        *mark = '\0';
        job->setting_name = fields[1];
        job->setting.data = data;
        if (!payload_size(mark + 1, (size_t)(end - data), &job->setting.size)) {
            return 0;
        }
        data += job->setting.size;
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

/* Every job in `all` (which they point into); false, and none, on a
 * header that is not one or no memory. */
int parse_jobs(bytes_t all, job_t **jobs, size_t *count)
{
    size_t capacity = 0;
    char *at = all.data;
    char *end = all.data + all.size;
    *jobs = NULL;
    *count = 0;
    while (at < end) {
        if (*count == capacity) {
            capacity = capacity == 0 ? 64 : 2 * capacity;
            job_t *grown = realloc(*jobs, capacity * sizeof **jobs);
            if (grown == NULL) {
                break;
            }
            *jobs = grown;
        }
        if (!next_job(&at, end, &(*jobs)[*count])) {
            break;
        }
        ++*count;
    }
    if (at < end) {
        free(*jobs);
        *jobs = NULL;
        *count = 0;
        return 0;
    }
    return 1;
}

/* In the process that runs `job` next: its files (SCRATCH/stdin and
 * SCRATCH/setting from its bytes; SCRATCH/REPORT removed), its standard
 * input, output (SCRATCH/stdout) and error (/dev/null), its environment
 * variable. False when one cannot be. */
int prepare_job(const job_t *job, const char *scratch, const char *report)
{
    char path[PATH_SIZE];
    const char *input = job->stdin_path;
    if (report != NULL) {
        snprintf(path, sizeof path, "%s/%s", scratch, report);
        unlink(path);
    }
    if (input == NULL) {
        snprintf(path, sizeof path, "%s/stdin", scratch);
        if (!write_file(path, job->stdin_data)) {
            return 0;
        }
        input = path;
    }
    if (!redirect(input, O_RDONLY, STDIN_FILENO)) {
        return 0;
    }
    snprintf(path, sizeof path, "%s/stdout", scratch);
    if (!redirect(path, O_WRONLY | O_CREAT | O_TRUNC, STDOUT_FILENO) ||
        !redirect("/dev/null", O_WRONLY, STDERR_FILENO)) {
        return 0;
    }
    if (job->setting_name == NULL) {
        return 1;
    }
    snprintf(path, sizeof path, "%s/setting", scratch);
    return write_file(path, job->setting) && setenv(job->setting_name, path, 1) == 0;
}

/* A run's end as its status word: the exit status, `-N` for signal N (as
 * Python's subprocess tells it), `hang` for the alarm's, 127 for no run. */
void status_word(pid_t pid, int status, char *word, size_t size)
{
    if (pid < 0) {
        snprintf(word, size, "127");
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
        snprintf(word, size, "hang");
    } else if (WIFSIGNALED(status)) {
        snprintf(word, size, "-%d", WTERMSIG(status));
    } else {
        snprintf(word, size, "%d", WEXITSTATUS(status));
    }
}

/* On `fd`: `WORD LENGTH`, a line end, then the bytes of SCRATCH/stdout,
 * or of SCRATCH/REPORT when REPORT is given (none: no bytes). */
void answer(int fd, const char *word, const char *scratch, const char *report)
{
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", scratch, report != NULL ? report : "stdout");
    int file = open(path, O_RDONLY);
    bytes_t out = file >= 0 ? read_fd(file) : (bytes_t){NULL, 0};
    if (file >= 0) {
        close(file);
    }
    char line[64];
    int length = snprintf(line, sizeof line, "%s %zu\n", word, out.size);
    write_all(fd, line, (size_t)length);
    write_all(fd, out.data != NULL ? out.data : "", out.size);
    free(out.data);
}
