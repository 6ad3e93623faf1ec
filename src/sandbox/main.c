/* main.c -- the sandbox program's command line: start (a box kept up,
 * serving runs), run (one run in a box of its own), describe (the line
 * for reports), and the driver it starts inside a box. Every option, the
 * protocol and the exit statuses: src/sandbox/README.md. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox.h"

enum { POSITIONAL_MAX = 4 };

static void usage(FILE *out)
{
    fputs("usage: sandbox start [OPTION...] PROGRAM\n"
          "       sandbox run [OPTION...] [--input FILE] [--graded] [--how HOW]\n"
          "                   [--log FILE] [--folder-out DIR] [--] PROGRAM\n"
          "       sandbox describe [OPTION...]\n"
          "A box for an untrusted PROGRAM: bubblewrap (no network, the system\n"
          "read-only, nothing of the repository or home, a PID namespace; as root\n"
          "the program runs as a uid of its own), or, where bubblewrap cannot\n"
          "start, limits only, said on stderr. start serves runs on stdin and\n"
          "stdout, one tab-separated line each way, until quit or the end of\n"
          "stdin; run runs PROGRAM once and exits with its status; describe\n"
          "prints the one line a report gives about the box it would get.\n"
          "Options: --no-sandbox  --quiet  --timeout S (10)  --cpu S (timeout+1)\n"
          "  --memory MIB (1024) [--memory-by-group]  --fsize KIB (65536)  --procs N (64)\n"
          "  --folder DIR [--folder-writable]  --bwrap PATH  --scratch DIR\n"
          "  --tmpfs MIB (256)  --memcheck-flags FILE\n"
          "Exit: 0, or (run) the program's status (124 a hang, 128+N signal N);\n"
          "1 the box could not be made; 2 bad usage; 125 (run) the box failed.\n"
          "The protocol and every option: src/sandbox/README.md.\n",
          out);
}

static bool executable_file(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 && S_ISREG(info.st_mode) && access(path, X_OK) == 0;
}

/* start and run: PROGRAM, the box opened, served. */
static int box_command(bool serve, int argc, char **argv)
{
    box_options_t options;
    run_options_t run;
    char *positional[POSITIONAL_MAX];
    int count = 0;
    if (!box_parse_options(argc, argv, &options, serve ? NULL : &run, positional, POSITIONAL_MAX, &count)) {
        return BOX_EXIT_USAGE;
    }
    if (count != 1) {
        fputs(count == 0 ? "sandbox: no PROGRAM\n" : "sandbox: one PROGRAM only\n", stderr);
        return BOX_EXIT_USAGE;
    }
    if (!executable_file(positional[0])) {
        fprintf(stderr, "sandbox: '%s' is not an executable file\n", positional[0]);
        return BOX_EXIT_USAGE;
    }
    if (!serve && run.folder_out != NULL && (options.folder == NULL || !options.folder_writable)) {
        fputs("sandbox: --folder-out needs --folder DIR --folder-writable\n", stderr);
        return BOX_EXIT_USAGE;
    }
    options.program = positional[0];
    static box_t box;
    if (!box_open(&box, &options)) {
        return BOX_EXIT_FAILED;
    }
    return serve ? box_serve(&box) : box_run_once(&box, &run);
}

static int describe_command(int argc, char **argv)
{
    box_options_t options;
    char *positional[POSITIONAL_MAX];
    int count = 0;
    if (!box_parse_options(argc, argv, &options, NULL, positional, POSITIONAL_MAX, &count)) {
        return BOX_EXIT_USAGE;
    }
    if (count != 0) {
        fputs("sandbox: describe takes options only\n", stderr);
        return BOX_EXIT_USAGE;
    }
    box_describe(NULL, &options, stdout);
    return 0;
}

int main(int argc, char **argv)
{
    const char *command = argc >= 2 ? argv[1] : "";
    if (strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0 ||
        (argc == 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0) &&
         strcmp(command, "driver") != 0)) {
        usage(stdout);
        return 0;
    }
    if (strcmp(command, "driver") == 0) {
        return driver_main(argc - 1, argv + 1);
    }
    driver_close_inherited_descriptors();
    /* A driver gone mid-request is an answer, not the end of the box. */
    signal(SIGPIPE, SIG_IGN);
    if (strcmp(command, "start") == 0 || strcmp(command, "run") == 0) {
        return box_command(strcmp(command, "start") == 0, argc - 2, argv + 2);
    }
    if (strcmp(command, "describe") == 0) {
        return describe_command(argc - 2, argv + 2);
    }
    if (command[0] == '\0') {
        fputs("sandbox: no command (start, run or describe)\n", stderr);
    } else {
        fprintf(stderr, "sandbox: unknown command '%s'\n", command);
    }
    usage(stderr);
    return BOX_EXIT_USAGE;
}
