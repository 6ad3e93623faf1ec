/* fill-folder.c -- a build gone hostile: writes files of 8 MiB into its
 * writable folder ($SANDBOX_FOLDER) and /tmp until a write fails or 256
 * MiB are written in each, then says how much: "folder N MiB", "tmp N
 * MiB". Each file stays under the run's file-size limit, so only a cap
 * on the place itself stops it. */
#include "hostile.h"
#include <fcntl.h>

enum { CHUNK = 1 << 20, FILE_MIB = 8, MOST_MIB = 256 };

static long fill(const char *folder) {
    static char chunk[CHUNK];
    long written = 0;
    memset(chunk, 'x', sizeof chunk);
    for (int n = 0; written < MOST_MIB; n++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/fill-%d", folder, n);
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) return written;
        for (int mib = 0; mib < FILE_MIB; mib++, written++) {
            if (write(fd, chunk, sizeof chunk) != (ssize_t)sizeof chunk) {
                close(fd);
                return written;
            }
        }
        close(fd);
    }
    return written;
}

int main(void) {
    const char *folder = getenv("SANDBOX_FOLDER");
    const char *tmp = getenv("TMPDIR");
    hostile_read_input();
    printf("folder %ld MiB\n", fill(folder != NULL ? folder : "."));
    printf("tmp %ld MiB\n", fill(tmp != NULL && *tmp != '\0' ? tmp : "/tmp"));
    return 0;
}
