/* probe.c -- the program the service runs in its sandbox at start, as it
 * runs a submission, to prove that the box contains it
 * (harness.serve.containment). Its input names what to try, a line each:
 *   read PATH      open a file of this machine's (the repository's)
 *   connect PORT   connect to 127.0.0.1:PORT, where the service listens
 *   namespace      make a user and a mount namespace of its own
 *   memory N MIB   hold N blocks of MIB MiB at once, each in a process of
 *                  its own (every page written): more than the run may
 *                  have, though each block is within one process's limit
 * and for each it prints "escaped WHAT" when it got out, "held WHAT" when
 * it was held. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static int tried_read(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        return 0;
    }
    close(fd);
    return 1;
}

static int tried_connect(const char *port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        return 0;
    }
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((unsigned short)atoi(port))};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int connected = connect(fd, (struct sockaddr *)&address, sizeof address) == 0;
    close(fd);
    return connected;
}

/* In a child, so that the probe itself stays where it was. */
static int tried_namespace(void)
{
    fflush(stdout);  /* (the child must not print the parent's lines again) */
    pid_t child = fork();
    if (child == 0) {
        _exit(unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0 ? 0 : 1);
    }
    int status = 0;
    return child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* A child's part of tried_memory: MIB MiB written page by page, a byte
 * said on WRITER once held, then held until killed. The block is asked
 * for in huge pages where the kernel gives them (madvise is a hint; the
 * memory is charged to the run's group the same): a fault each 2 MiB, not
 * each 4 KiB, which on a virtual machine was most of the proof's cost.
 * Not a byte more than MIB is mapped: a process may have no more than
 * its own limit, and a failed map would read as held. */
static void hold_block(int writer, size_t mib)
{
    size_t size = mib << 20;
    char *block = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) {
        _exit(1);
    }
    (void)madvise(block, size, MADV_HUGEPAGE);
    for (size_t at = 0; at < size; at += 4096) {
        block[at] = 1;
    }
    if (write(writer, "h", 1) != 1) {
        _exit(1);
    }
    for (;;) {
        pause();
    }
}

/* Children of tried_memory that held their block (a byte each on READER)
 * or died (then reaped, and 0 in CHILDREN), until all have done one or
 * the other (or ten seconds): the number that held. */
static int count_held(int reader, pid_t *children, int started)
{
    int held = 0, dead = 0;
    struct pollfd readable = {.fd = reader, .events = POLLIN};
    for (int tick = 0; held + dead < started && tick < 500; tick++) {
        char said;
        if (poll(&readable, 1, 20) == 1 && read(reader, &said, 1) == 1) {
            held++;
        }
        for (int i = 0; i < started; i++) {
            if (children[i] > 0 && waitpid(children[i], NULL, WNOHANG) == children[i]) {
                children[i] = 0;  /* (reaped: never killed below) */
                dead++;
            }
        }
    }
    return held;
}

/* Whether all COUNT blocks were held at once. */
static int tried_memory(const char *words)
{
    int count = 0, mib = 0, pipe_ends[2];
    if (sscanf(words, "%d %d", &count, &mib) != 2 || count < 1 || count > 64 || mib < 1 || pipe(pipe_ends) != 0) {
        return 0;
    }
    fflush(stdout);
    pid_t children[64];
    int started = 0;
    for (; started < count; started++) {
        children[started] = fork();
        if (children[started] == 0) {
            close(pipe_ends[0]);
            hold_block(pipe_ends[1], (size_t)mib);
        }
        if (children[started] < 0) {
            break;
        }
    }
    close(pipe_ends[1]);
    int held = count_held(pipe_ends[0], children, started);
    for (int i = 0; i < started; i++) {
        if (children[i] > 0) {
            kill(children[i], SIGKILL);
            waitpid(children[i], NULL, 0);
        }
    }
    close(pipe_ends[0]);
    return held == count;
}

int main(void)
{
    char line[4096];
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        int escaped = 0;
        if (strncmp(line, "read ", 5) == 0) {
            escaped = tried_read(line + 5);
        } else if (strncmp(line, "connect ", 8) == 0) {
            escaped = tried_connect(line + 8);
        } else if (strcmp(line, "namespace") == 0) {
            escaped = tried_namespace();
        } else if (strncmp(line, "memory ", 7) == 0) {
            escaped = tried_memory(line + 7);
        } else {
            continue;
        }
        printf("%s %s\n", escaped ? "escaped" : "held", line);
    }
    return 0;
}
