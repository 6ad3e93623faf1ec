/* tcp-connect.c -- opens a TCP connection to 127.0.0.1 on the port given
 * as its input; prints "connected" and what the server says, or why not. */
#include "hostile.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void) {
    int port = 0;
    hostile_mark();
    if (scanf("%d", &port) != 1) return 2;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        printf("socket failed: %s\n", strerror(errno));
        return 1;
    }
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((unsigned short)port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        printf("connect failed: %s\n", strerror(errno));
        return 1;
    }
    char reply[256] = {0};
    ssize_t got = read(fd, reply, sizeof reply - 1);
    printf("connected: %s\n", got > 0 ? reply : "");
    close(fd);
    return 0;
}
