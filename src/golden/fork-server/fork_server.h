/* fork_server.h -- the protocol between the memcheck fork server
 * (fork_server.c, preloaded into an engine that runs under Valgrind) and
 * its client (fork_client.c, one per golden case).
 *
 * Why: Valgrind spends most of a short case starting up (reading glibc's
 * debug information, translating the start-up code); the memcheck suite
 * paid that 2000 times. The server pays it once: the engine starts under
 * Valgrind, and before main the preloaded library waits on a Unix socket.
 * Each case's client connects and sends its stdin, stdout and stderr (as
 * SCM_RIGHTS); the server forks, and the child returns into the engine's
 * start-up, so the case runs main in a fresh copy of the untouched
 * process, still under Valgrind (which follows forks, checks the child's
 * memory and leaks at its exit, logs to its own %p log and sets its
 * --error-exitcode). A fork of a process that has not reached main is
 * what a new exec of the same program would be, without the start-up.
 *
 * The conversation, in text lines on the connection:
 *   client -> server   one byte, carrying file descriptors 0, 1 and 2
 *   server -> client   "pid PID\n"       the child that runs the case
 *   server -> client   "status STATUS\n" its raw wait status, at its end
 */
#ifndef FORK_SERVER_H
#define FORK_SERVER_H

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

/* The socket's path; without it (or outside Valgrind) the library does
 * nothing and the program runs as usual. */
#define FORK_SERVER_SOCKET_VARIABLE "FORK_SERVER_SOCKET"

/* The longest line of the conversation, with its newline. */
#define FORK_SERVER_LINE 64

/* The socket's address for PATH, and a new stream socket in *socket_fd;
 * -1 (errno set) when PATH is too long or no socket can be made. Shared by
 * the server (bind) and the client (connect). */
static inline int fork_server_socket(const char *path, struct sockaddr_un *address, int *socket_fd)
{
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    if (strlen(path) >= sizeof address->sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(address->sun_path, path);
    *socket_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    return *socket_fd < 0 ? -1 : 0;
}

#endif
