/* fill-files.c -- fills one of the run's writable places with many files,
 * each far under the file-size limit, as its input says in one line:
 *   PLACE KIND MIB HOLD
 * PLACE: work (its working directory), tmp ($TMPDIR), io (the exchange
 * directory, ../io from the working directory in both modes) or folder
 * ($SANDBOX_FOLDER); KIND: small (files of 256 KiB), nested (the same,
 * each in a folder of its own, closed afterwards: chmod 000), unlinked
 * (files of 4 MiB removed while kept open), sparse (files of 32 MiB that
 * hold one byte), holes (files of 32 MiB that hold 4 MiB), links (one
 * file of MIB MiB, then 200 more names of it), fallocate (one file's
 * blocks, its size kept at 0: past --fsize on ext4);
 * MIB: how much to write (the files' size for sparse; stops at the first
 * failure); HOLD: seconds to stay up afterwards, files kept open. Prints
 * "wrote N MiB", then "done" after HOLD. */
#include "hostile.h"
#include <stdbool.h>
#include <sys/stat.h>

enum { KIB = 1024, MIB = 1024 * 1024, SMALL = 256 * KIB, UNLINKED = 4 * MIB, SPARSE = 32 * MIB };

static char chunk[UNLINKED];

static bool write_file(const char *path, size_t size, bool keep_open, bool unlink_it)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        return false;
    }
    bool ok = write(fd, chunk, size) == (ssize_t)size;
    if (unlink_it) {
        unlink(path);
    }
    if (!keep_open) {
        close(fd);
    }
    return ok;
}

/* A file of SPARSE bytes holding one (at its end), or HOLDING bytes in its middle. */
static bool sparse_file(const char *path, size_t holding)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    bool ok = fd >= 0 && ftruncate(fd, SPARSE - 1) == 0 && pwrite(fd, "x", 1, SPARSE - 1) == 1 &&
              pwrite(fd, chunk, holding, SPARSE / 2) == (ssize_t)holding;
    if (fd >= 0) {
        close(fd);
    }
    return ok;
}

/* Writes KIND into DIR until MIB MiB; returns the MiB written. */
static long fill(const char *dir, const char *kind, long mib)
{
    char path[4096], folder[2048];
    long long written = 0, goal = (long long)mib * MIB;
    bool ok = true;
    for (int n = 0; ok && written < goal; n++) {
        snprintf(path, sizeof path, "%s/fill-%d", dir, n);
        if (strcmp(kind, "small") == 0) {
            ok = write_file(path, SMALL, false, false);
            written += SMALL;
        } else if (strcmp(kind, "nested") == 0) {
            snprintf(folder, sizeof folder, "%s/sub-%d", dir, n);
            snprintf(path, sizeof path, "%s/file", folder);
            ok = mkdir(folder, 0755) == 0 && write_file(path, SMALL, false, false) && chmod(folder, 0) == 0;
            written += SMALL;
        } else if (strcmp(kind, "unlinked") == 0) {
            ok = write_file(path, UNLINKED, true, true);
            written += UNLINKED;
        } else if (strcmp(kind, "sparse") == 0) {
            ok = sparse_file(path, 0);
            written += SPARSE;
        } else if (strcmp(kind, "holes") == 0) {
            ok = sparse_file(path, UNLINKED);
            written += UNLINKED;
        } else if (strcmp(kind, "fallocate") == 0) {
            int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ok = fd >= 0 && fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, goal) == 0;
            close(fd);
            return ok ? mib : -1;
        } else if (strcmp(kind, "links") == 0) {
            int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            for (long m = 0; fd >= 0 && ok && m < mib; m++) {
                ok = write(fd, chunk, MIB) == MIB;
            }
            for (int l = 0; fd >= 0 && ok && l < 200; l++) {
                snprintf(folder, sizeof folder, "%s/link-%d", dir, l);
                ok = link(path, folder) == 0;
            }
            if (fd >= 0) {
                close(fd);
            }
            return ok ? mib : 0;
        } else {
            return -1;
        }
    }
    return (long)(written / MIB) - (ok ? 0 : 1);
}

int main(void)
{
    char place[16] = "", kind[16] = "", dir[1024];
    long mib = 0;
    int hold = 0;
    hostile_mark();
    if (scanf("%15s %15s %ld %d", place, kind, &mib, &hold) != 4) {
        puts("usage: PLACE KIND MIB HOLD on stdin");
        return 2;
    }
    memset(chunk, 'x', sizeof chunk);
    const char *folder = getenv("SANDBOX_FOLDER"), *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s",
             strcmp(place, "work") == 0 ? "." : strcmp(place, "io") == 0 ? "../io"
             : strcmp(place, "folder") == 0 && folder != NULL ? folder
             : tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
    printf("wrote %ld MiB\n", fill(dir, kind, mib));
    fflush(stdout);
    sleep((unsigned)hold);
    puts("done");
    return 0;
}
