/* probe.c -- the program the service runs in its sandbox at start, as it
 * runs a submission, to prove that the box contains it
 * (harness.serve.containment). Its input names what to try, a line each:
 *   read PATH      open a file of this machine's (the repository's)
 *   connect PORT   connect to 127.0.0.1:PORT, where the service listens
 *   namespace      make a user and a mount namespace of its own
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
        } else {
            continue;
        }
        printf("%s %s\n", escaped ? "escaped" : "held", line);
    }
    return 0;
}
