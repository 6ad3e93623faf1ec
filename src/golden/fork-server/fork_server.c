/* fork_server.c -- a library preloaded into an engine under Valgrind: before
 * main, serves golden cases on a Unix socket, one forked child per case
 * (the protocol and the reason: fork_server.h). The server allocates no
 * memory and uses no stdio before a fork, so a child's heap and streams
 * are those of a program about to enter main. SIGTERM ends it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <valgrind/valgrind.h>

#include "fork_server.h"

/* Children not yet reaped, each with the client that waits for it. */
#define MAX_CHILDREN 64

struct child {
    pid_t pid;
    int connection;
};

static struct child children[MAX_CHILDREN];
static int wake_pipe[2] = {-1, -1};
static volatile sig_atomic_t stopping;

static void on_signal(int signal_number)
{
    int saved = errno;
    if (signal_number == SIGTERM) {
        stopping = 1;
    }
    if (write(wake_pipe[1], "x", 1) < 0) {
        /* the pipe is full: the loop is awake already */
    }
    errno = saved;
}

static void fail(const char *what)
{
    char line[160];
    int length = snprintf(line, sizeof line, "fork-server: %s: %s\n", what, strerror(errno));
    if (length > 0 && write(2, line, (size_t)length) < 0) {
        /* nothing left to tell */
    }
    _exit(70);
}

static void send_line(int connection, const char *word, long value)
{
    char line[FORK_SERVER_LINE];
    int length = snprintf(line, sizeof line, "%s %ld\n", word, value);
    if (length > 0 && send(connection, line, (size_t)length, MSG_NOSIGNAL) < 0) {
        /* the client has gone (killed on a timeout); its child is reaped still */
    }
}

static int listen_on(const char *path)
{
    struct sockaddr_un address;
    int socket_fd = -1;
    if (fork_server_socket(path, &address, &socket_fd) < 0 ||
        bind(socket_fd, (struct sockaddr *)&address, sizeof address) < 0 ||
        listen(socket_fd, MAX_CHILDREN) < 0) {
        fail(path);
    }
    return socket_fd;
}

/* Receives the client's three descriptors into fds; 0 on success. */
static int receive_descriptors(int connection, int fds[3])
{
    char byte;
    struct iovec part = {.iov_base = &byte, .iov_len = 1};
    union {
        char buffer[CMSG_SPACE(3 * sizeof(int))];
        struct cmsghdr align;
    } control;
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1,
                             .msg_control = control.buffer, .msg_controllen = sizeof control.buffer};
    if (recvmsg(connection, &message, MSG_CMSG_CLOEXEC) != 1) {
        return -1;
    }
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    if (header == NULL || header->cmsg_type != SCM_RIGHTS ||
        header->cmsg_len != CMSG_LEN(3 * sizeof(int))) {
        return -1;
    }
    memcpy(fds, CMSG_DATA(header), 3 * sizeof(int));
    return 0;
}

/* In the child: the case's descriptors become 0, 1 and 2, the server's
 * are closed and its signal handling undone. */
static void become_case(int listener, int connection, const int fds[3])
{
    for (int i = 0; i < 3; i++) {
        if (dup2(fds[i], i) < 0) {
            fail("dup2");
        }
    }
    for (int i = 0; i < 3; i++) {
        if (fds[i] > 2) {
            close(fds[i]);
        }
    }
    close(listener);
    close(connection);
    close(wake_pipe[0]);
    close(wake_pipe[1]);
    signal(SIGCHLD, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

static struct child *free_slot(void)
{
    for (int i = 0; i < MAX_CHILDREN; i++) {
        if (children[i].pid == 0) {
            return &children[i];
        }
    }
    return NULL;
}

/* Accepts one client; returns 1 in the child, which must run the case. */
static int accept_case(int listener)
{
    int connection = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
    int fds[3];
    struct child *slot = free_slot();
    if (connection < 0) {
        return 0;
    }
    if (slot == NULL || receive_descriptors(connection, fds) != 0) {
        close(connection);
        return 0;
    }
    pid_t pid = fork();
    if (pid == 0) {
        become_case(listener, connection, fds);
        return 1;
    }
    for (int i = 0; i < 3; i++) {
        close(fds[i]);
    }
    if (pid < 0) {
        send_line(connection, "error", errno);
        close(connection);
        return 0;
    }
    slot->pid = pid;
    slot->connection = connection;
    send_line(connection, "pid", pid);
    return 0;
}

static void reap_children(void)
{
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        for (int i = 0; i < MAX_CHILDREN; i++) {
            if (children[i].pid == pid) {
                send_line(children[i].connection, "status", status);
                close(children[i].connection);
                children[i].pid = 0;
            }
        }
    }
}

/* The server's loop; returns only in a child. */
static void serve(const char *path)
{
    int listener = listen_on(path);
    if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) < 0) {
        fail("pipe");
    }
    struct sigaction action = {.sa_handler = on_signal, .sa_flags = SA_RESTART | SA_NOCLDSTOP};
    sigaction(SIGCHLD, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    while (!stopping) {
        struct pollfd watched[2] = {{.fd = listener, .events = POLLIN}, {.fd = wake_pipe[0], .events = POLLIN}};
        if (poll(watched, 2, -1) < 0 && errno != EINTR) {
            fail("poll");
        }
        if (watched[1].revents & POLLIN) {
            char drained[64];
            while (read(wake_pipe[0], drained, sizeof drained) > 0) {
            }
        }
        reap_children();
        if ((watched[0].revents & POLLIN) && accept_case(listener)) {
            return;
        }
    }
    unlink(path);
    exit(0);
}

__attribute__((constructor)) static void fork_server_start(void)
{
    const char *path = getenv(FORK_SERVER_SOCKET_VARIABLE);
    if (path != NULL && RUNNING_ON_VALGRIND) {
        serve(path);
    }
}
