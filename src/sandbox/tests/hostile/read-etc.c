/* read-etc.c -- looks through /etc for what a box should not show: lists
 * it ("ETC name" for each entry), tries the host's secrets and the facts
 * about the machine ("OPENED path" for what it could open, "denied path:
 * why" otherwise), and prints the users and groups it can see ("PASSWD
 * name uid", "GROUP name gid"). Exit 0. */
#include "hostile.h"
#include <dirent.h>
#include <fcntl.h>

/* "TAG name id" for each line of PATH (name:x:id:...). */
static void print_names(const char *path, const char *tag) {
    FILE *file = fopen(path, "r");
    char line[4096], name[256];
    long id = 0;
    if (file == NULL) {
        printf("denied %s: %s\n", path, strerror(errno));
        return;
    }
    while (fgets(line, sizeof line, file) != NULL) {
        if (sscanf(line, "%255[^:]:%*[^:]:%ld:", name, &id) == 2) {
            printf("%s %s %ld\n", tag, name, id);
        }
    }
    fclose(file);
}

int main(void) {
    hostile_read_input();
    DIR *dir = opendir("/etc");
    if (dir == NULL) {
        printf("denied /etc: %s\n", strerror(errno));
    }
    for (struct dirent *entry; dir != NULL && (entry = readdir(dir)) != NULL;) {
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0) {
            printf("ETC %s\n", entry->d_name);
        }
    }
    if (dir != NULL) closedir(dir);
    const char *paths[] = {"/etc/shadow", "/etc/gshadow", "/etc/hostname", "/etc/machine-id",
                           "/etc/ssh", "/etc/ssh/sshd_config", "/etc/ssl/private",
                           "/etc/resolv.conf", "/etc/sudoers", "/etc/subuid"};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) hostile_try_open(paths[i]);
    print_names("/etc/passwd", "PASSWD");
    print_names("/etc/group", "GROUP");
    return 0;
}
