/* driver_path.c -- a path DIR/NAME in a buffer of DRIVER_PATH_SIZE: the
 * one way every part of the sandbox names a file of its box. */
#include <stdio.h>

#include "sandbox_driver.h"

const char *driver_path(char *path, const char *dir, const char *name)
{
    /* Too long: an empty path, which no open finds (DIR is at most
     * DRIVER_PATH_SIZE - 1 and NAME a few bytes: not in practice). */
    if (snprintf(path, DRIVER_PATH_SIZE, "%s/%s", dir, name) >= DRIVER_PATH_SIZE) {
        path[0] = '\0';
    }
    return path;
}
