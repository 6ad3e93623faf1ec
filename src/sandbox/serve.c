/* serve.c -- `sandbox start`: a box kept up for a worker's life, serving
 * runs on stdin and stdout, one tab-separated line each way (the protocol:
 * src/sandbox/README.md); and `sandbox run`: one run in a box of its own. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sandbox.h"

enum { RUN_EXIT_FAILED = 125, REQUEST_FIELDS = 5 };

/* TEXT as one field: no tab or newline in it. */
static void field(FILE *out, const char *text)
{
    for (const char *c = text; *c != '\0'; c++) {
        fputc(*c == '\t' || *c == '\n' ? ' ' : *c, out);
    }
}

static void print_ready(const box_t *box)
{
    char io[DRIVER_PATH_SIZE], describe[2 * BOX_TEXT_SIZE] = "";
    FILE *line = fmemopen(describe, sizeof describe - 1, "w");
    if (line != NULL) {
        box_describe(box, &box->options, line);
        fclose(line);
    }
    describe[strcspn(describe, "\n")] = '\0';
    printf("ready\tmode=%s\tdir=%s\tio=%s\tfolder=%s\tuid=", box->bwrap ? "bwrap" : "limits",
           box->dir, driver_path(io, box->dir, "io"), box->view);
    if (box->uid >= 0) {
        printf("%ld", box->uid);
    }
    fputs("\twhy=", stdout);
    field(stdout, box->bwrap ? "" : box->why);
    fputs("\tdescribe=", stdout);
    field(stdout, describe);
    printf("\tpid=%ld\tcgroup=", (long)getpid());
    for (int d = 0; d < box->cgroup.count; d++) {
        printf("%s", d > 0 ? ":" : "");
        field(stdout, box->cgroup.dirs[d]);
    }
    putchar('\n');
    fflush(stdout);
}

static bool valid_run(const char *mode, const char *how)
{
    return (strcmp(mode, "stdin") == 0 || strcmp(mode, "graded") == 0) &&
           (strcmp(how, "plain") == 0 || strcmp(how, "unbuffered") == 0 ||
            strcmp(how, "memcheck") == 0);
}

/* One request line, split at tabs into FIELDS; answered on stdout. */
static void answer(box_t *box, char *line)
{
    char *fields[REQUEST_FIELDS] = {"", "-", "", "", ""};
    int count = 0;
    for (char *save = NULL, *part = strtok_r(line, "\t", &save);
         part != NULL && count < REQUEST_FIELDS; part = strtok_r(NULL, "\t", &save)) {
        fields[count++] = part;
    }
    char why[BOX_TEXT_SIZE] = "";
    int status = 0;
    if (strcmp(fields[0], "describe") == 0) {
        fputs("describe\t", stdout);
        box_describe(box, &box->options, stdout);
    } else if (strcmp(fields[0], "run") != 0 || count < 4 || !valid_run(fields[2], fields[3])) {
        printf("error\t%s\tbad request (run SEQ stdin|graded plain|unbuffered|memcheck [INPUT])\n",
               fields[1]);
    } else if (box_run(box, fields[2], fields[3], fields[4], &status, why, sizeof why)) {
        printf("done\t%s\t%d\n", fields[1], status);
    } else {
        printf("error\t%s\t", fields[1]);
        field(stdout, why);
        puts(box->pid > 0 ? " (the sandbox was restarted)" : "");
    }
    fflush(stdout);
}

/* SIGTERM, SIGINT or SIGHUP: the box ends as with quit (its directory
 * removed), after the run under way. */
static volatile sig_atomic_t ending;

static void end_box(int signal_number)
{
    (void)signal_number;
    ending = 1;
    close(STDIN_FILENO);  /* (a signal just before the wait for a request ends it too) */
}

static void catch_ending_signals(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = end_box;  /* no SA_RESTART: the wait for a request ends */
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int box_serve(box_t *box)
{
    catch_ending_signals();
    print_ready(box);
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while (!ending && (length = getline(&line, &capacity, stdin)) > 0) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strcmp(line, "quit") == 0) {
            break;
        }
        answer(box, line);
    }
    free(line);
    box_close(box);
    return 0;
}

/* The run's file NAME of the exchange directory, copied to OUT. */
static void pass_on(const box_t *box, const char *name, FILE *out)
{
    char io[DRIVER_PATH_SIZE], path[DRIVER_PATH_SIZE], chunk[65536];
    FILE *file = fopen(driver_path(path, driver_path(io, box->dir, "io"), name), "r");
    size_t got;
    while (file != NULL && (got = fread(chunk, 1, sizeof chunk, file)) > 0) {
        fwrite(chunk, 1, got, out);
    }
    if (file != NULL) {
        fclose(file);
    }
    fflush(out);
}

int box_run_once(box_t *box, const run_options_t *run)
{
    char why[BOX_TEXT_SIZE] = "";
    int status = 0;
    bool ran = box_run(box, run->graded ? "graded" : "stdin", run->how,
                       run->input != NULL ? run->input : "/dev/null", &status, why, sizeof why);
    if (ran) {
        pass_on(box, "case.out", stdout);
        pass_on(box, "case.err", stderr);
        if (run->log != NULL) {
            FILE *log = fopen(run->log, "w");
            if (log != NULL) {
                pass_on(box, "case.log", log);
                fclose(log);
            }
        }
    } else {
        fprintf(stderr, "sandbox: %s\n", why);
    }
    long long budget = box_dir_bytes(&box->options);
    if (ran && run->folder_out != NULL && !box_copy_tree(box->view, run->folder_out, &budget)) {
        fprintf(stderr, "sandbox: cannot copy the folder to '%s'%s\n", run->folder_out,
                budget < 0 ? ": larger than the box (--tmpfs)" : "");
        ran = false;
    }
    box_close(box);
    return ran ? status : RUN_EXIT_FAILED;
}
