/* tmp-stash.c -- lists what an earlier run left in /tmp, the working
 * directory, /dev/shm and System V shared memory ("FOUND ..."), then
 * leaves files and a shared memory segment there itself for the next run
 * to find. Run as `tmp-stash input.txt output.txt` (the grader's form),
 * it reads input.txt and writes output.txt instead. */
#include "hostile.h"
#include <dirent.h>
#include <sys/ipc.h>
#include <sys/shm.h>

static void list(const char *directory) {
    DIR *dir = opendir(directory);
    if (dir == NULL) return;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0)
            printf("FOUND %s/%s\n", directory, entry->d_name);
    }
    closedir(dir);
}

static void stash(const char *path) {
    FILE *file = fopen(path, "w");
    if (file == NULL) return;
    fputs("left for the next case\n", file);
    fclose(file);
}

static void list_shared_memory(void) {
    FILE *file = fopen("/proc/sysvipc/shm", "r");
    char line[512];
    if (file == NULL) return;
    for (int number = 0; fgets(line, sizeof line, file) != NULL; number++)
        if (number > 0) printf("FOUND shared memory: %s", line);
    fclose(file);
}

int main(int argc, char **argv) {
    if (argc == 3 && (freopen(argv[1], "r", stdin) == NULL || freopen(argv[2], "w", stdout) == NULL))
        return 2;
    hostile_read_input();
    list("/tmp");
    list(".");
    list("/dev/shm");
    list_shared_memory();
    stash("/tmp/stash");
    stash("./stash");
    stash("/dev/shm/stash");
    if (shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600) < 0) puts("no shared memory");
    puts("stashed");
    return 0;
}
