/* peek-sandbox.c -- looks for a way out: the exchange directory and the
 * driver, other processes' descriptors, roots and environments, the home
 * and repository directories. Prints "OPENED path" for anything it could
 * open, "denied path: why" otherwise. */
#include "hostile.h"
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

int main(void) {
    hostile_read_input();
    const char *paths[] = {"/sandbox/io", "/sandbox/io/in", "/sandbox/driver",
                           "/proc/1/environ", "/proc/2/environ", "/proc/1/fd/0",
                           "/proc/2/fd/0", "/proc/2/fd/1", "/proc/1/root/sandbox/io",
                           "/proc/2/cwd", REPO, HOMEDIR, "/root", "/work"};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) hostile_try_open(paths[i]);
    return 0;
}
