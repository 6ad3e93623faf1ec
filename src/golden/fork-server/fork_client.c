/* fork_client.c -- runs one golden case on the memcheck fork server
 * (fork_server.h): sends this process's stdin, stdout and stderr, writes
 * the pid of the child that runs the case to PIDFILE, and ends as the
 * child ended: its exit status, or 128 + the signal that killed it, as a
 * shell reports a command. SIGTERM, SIGINT or SIGHUP (a timeout) kill the
 * child first. Status 70 when the server cannot be reached or answers
 * nonsense.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fork_server.h"

static volatile pid_t child_pid;

static void on_stop(int signal_number)
{
    if (child_pid > 0) {
        kill(child_pid, SIGKILL);
    }
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void fail(const char *what)
{
    fprintf(stderr, "fork-client: %s: %s\n", what, errno ? strerror(errno) : "unexpected answer");
    exit(70);
}

static int connect_to(const char *path)
{
    struct sockaddr_un address;
    int socket_fd = -1;
    if (fork_server_socket(path, &address, &socket_fd) < 0 ||
        connect(socket_fd, (struct sockaddr *)&address, sizeof address) < 0) {
        fail(path);
    }
    return socket_fd;
}

static void send_descriptors(int connection)
{
    int fds[3] = {0, 1, 2};
    char byte = 'c';
    struct iovec part = {.iov_base = &byte, .iov_len = 1};
    union {
        char buffer[CMSG_SPACE(sizeof fds)];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1,
                             .msg_control = control.buffer, .msg_controllen = sizeof control.buffer};
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof fds);
    memcpy(CMSG_DATA(header), fds, sizeof fds);
    if (sendmsg(connection, &message, 0) != 1) {
        fail("sendmsg");
    }
}

/* Reads "WORD NUMBER\n" from the server; returns NUMBER. */
static long read_line(FILE *answers, const char *word)
{
    char line[FORK_SERVER_LINE] = "", found[16];
    long value = 0;
    errno = 0;
    if (fgets(line, sizeof line, answers) == NULL ||
        sscanf(line, "%15s %ld", found, &value) != 2 || strcmp(found, word) != 0) {
        fail(line[0] ? line : "the server closed the connection");
    }
    return value;
}

int main(int argc, char **argv)
{
    if (argc != 3 || strcmp(argv[1], "--help") == 0) {
        fprintf(argc == 2 ? stdout : stderr,
                "usage: fork-client SOCKET PIDFILE\n"
                "Runs a case on the memcheck fork server at SOCKET with this process's\n"
                "stdin, stdout and stderr; writes the child's pid to PIDFILE; exits as the\n"
                "child did (128 + N for signal N). Status 70: no server.\n");
        return argc == 2 ? 0 : 2;
    }
    int connection = connect_to(argv[1]);
    send_descriptors(connection);
    FILE *answers = fdopen(connection, "r");
    if (answers == NULL) {
        fail("fdopen");
    }
    struct sigaction action = {.sa_handler = on_stop};
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    child_pid = (pid_t)read_line(answers, "pid");
    FILE *pid_file = fopen(argv[2], "w");
    if (pid_file == NULL || fprintf(pid_file, "%ld\n", (long)child_pid) < 0 || fclose(pid_file) != 0) {
        kill(child_pid, SIGKILL);
        fail(argv[2]);
    }
    int status = (int)read_line(answers, "status");
    fclose(answers);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}
