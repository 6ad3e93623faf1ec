/* driver_io.c -- this side of the pipes to the driver: its lines read
 * with a deadline (the driver may hang or die: it never blocks the box),
 * its "ready" awaited, and its end (asked, then forced). */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sandbox.h"

enum { QUIT_SECONDS = 5 };

static double now_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

void box_io_reset(box_t *box)
{
    box->buffered = 0;
    box->said[0] = '\0';
}

/* A whole line in the buffer: moved to LINE. */
static bool take_line(box_t *box, char *line, size_t size)
{
    char *end = memchr(box->buffer, '\n', box->buffered);
    if (end == NULL) {
        return false;
    }
    size_t length = (size_t)(end - box->buffer);
    size_t kept = length < size - 1 ? length : size - 1;
    memcpy(line, box->buffer, kept);
    line[kept] = '\0';
    box->buffered -= length + 1;
    memmove(box->buffer, end + 1, box->buffered);
    return true;
}

int box_read_line(box_t *box, char *line, size_t size, double seconds)
{
    double deadline = now_seconds() + seconds;
    while (!take_line(box, line, size)) {
        if (box->buffered == sizeof box->buffer) {
            box->buffered = 0;  /* a line longer than any answer: dropped */
        }
        double left = deadline - now_seconds();
        struct pollfd wait_for = {.fd = box->from_driver, .events = POLLIN};
        int ready = left > 0 ? poll(&wait_for, 1, (int)(left * 1000) + 1) : 0;
        if (ready < 0 && errno == EINTR) {
            continue;
        }
        if (ready <= 0) {
            return -1;
        }
        ssize_t got = read(box->from_driver, box->buffer + box->buffered,
                           sizeof box->buffer - box->buffered);
        if (got <= 0) {
            return 0;
        }
        box->buffered += (size_t)got;
    }
    return 1;
}

bool box_await_ready(box_t *box, double seconds)
{
    char line[BOX_TEXT_SIZE];
    int got = 0;
    while ((got = box_read_line(box, line, sizeof line, seconds)) == 1 && strcmp(line, "ready") != 0) {
        size_t used = strlen(box->said);
        snprintf(box->said + used, sizeof box->said - used, "%s", line);
    }
    if (got == 1) {
        return true;
    }
    /* Why: bubblewrap's (or the driver's) first line, else its end. */
    char log[DRIVER_PATH_SIZE];
    FILE *file = fopen(driver_path(log, box->dir, "driver.log"), "r");
    box->why[0] = '\0';
    if (file != NULL) {
        if (fgets(box->why, sizeof box->why, file) == NULL) {
            box->why[0] = '\0';
        }
        box->why[strcspn(box->why, "\n")] = '\0';
        fclose(file);
    }
    int status = 0;
    if (box->why[0] == '\0' && got < 0) {
        snprintf(box->why, sizeof box->why, "its driver did not answer in %.0f s", seconds);
    } else if (box->why[0] == '\0') {
        waitpid(box->pid, &status, 0);
        box->pid = 0;
        snprintf(box->why, sizeof box->why, "it ended with status %d, without a message",
                 WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    }
    if (box->said[0] != '\0') {
        size_t used = strlen(box->why);
        snprintf(box->why + used, sizeof box->why - used, " (it said: %.200s)", box->said);
    }
    box_stop_driver(box);
    return false;
}

void box_stop_driver(box_t *box)
{
    if (box->to_driver > 0) {
        (void)!write(box->to_driver, "quit\n", 5);
        close(box->to_driver);
    }
    /* An end of file once the driver, bubblewrap's init and bubblewrap are gone. */
    char line[BOX_TEXT_SIZE];
    if (box->from_driver > 0) {
        double deadline = now_seconds() + QUIT_SECONDS;
        while (box_read_line(box, line, sizeof line, deadline - now_seconds()) == 1) {
        }
        close(box->from_driver);
    }
    if (box->pid > 0) {
        kill(box->pid, SIGKILL);
        waitpid(box->pid, NULL, 0);
    }
    box->to_driver = box->from_driver = -1;
    box->pid = 0;
}
