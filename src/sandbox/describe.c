/* describe.c -- the one line a report prints about the sandbox: the mode,
 * who the program runs as, what it cannot see or reach, and the limits;
 * of a running box, or (describe) of the box that start would get, trying
 * bubblewrap and a control group once. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sandbox.h"

/* MODE bubblewrap or not, WHY the reason for limits only, UID the
 * program's ("" when the caller's own, or words), GROUP the control group. */
static void describe_line(FILE *out, const box_options_t *options, const box_cgroup_t *group,
                          bool bwrap, const char *why, const char *uid)
{
    char limits[BOX_TEXT_SIZE];
    box_limits_text(options, group, limits, sizeof limits);
    if (bwrap) {
        if (uid[0] == '\0') {
            fprintf(out, "sandbox: bubblewrap (user namespace, the program as the driver's uid; ");
        } else {
            fprintf(out, "sandbox: bubblewrap (the program as %s%s without capabilities; ",
                    strspn(uid, "0123456789") == strlen(uid) ? "uid " : "", uid);
        }
        fprintf(out, "read-only system, a minimal /etc of its own, no repository or home, "
                     "private /tmp, no network, own PID namespace, no new namespace, mount "
                     "or ptrace (seccomp)%s; %s)\n",
                geteuid() == 0 || box_bwrap_sizes(options->bwrap)
                    ? "" : ", /tmp, the working directory and the folder's copy not size-capped "
                           "(bubblewrap without --size)", limits);
        return;
    }
    char who[160] = "";
    if (uid[0] != '\0') {
        snprintf(who, sizeof who, "as uid %s, ", uid);
    } else if (geteuid() != 0) {
        /* (no tmpfs of its own: the driver watches them, watch.c) */
        snprintf(who, sizeof who, "its files together stopped past %ld MiB by a watch, not a tmpfs, ",
                 options->tmpfs_mib);
    }
    if (strcmp(why, "--no-sandbox") == 0) {
        fprintf(out, "sandbox: none (--no-sandbox); limits only (%s%s)\n", who, limits);
    } else {
        fprintf(out, "sandbox: bubblewrap unavailable (%s); running with limits only (%s%s)\n",
                why, who, limits);
    }
}

void box_describe(const box_t *box, const box_options_t *options, FILE *out)
{
    char uid[32] = "", why[BOX_TEXT_SIZE] = "";
    if (box != NULL) {
        if (box->uid >= 0) {
            snprintf(uid, sizeof uid, "%ld", box->uid);
        }
        describe_line(out, &box->options, &box->cgroup, box->bwrap, box->why, uid);
        return;
    }
    /* The group a box would get: one made and removed. */
    box_cgroup_t group;
    box_cgroup_make(&group, options);
    if (!options->sandbox) {
        describe_line(out, options, &group, false, "--no-sandbox", "");
    } else if (!box_command_exists(options->bwrap)) {
        snprintf(why, sizeof why, "%s not found", options->bwrap);
        describe_line(out, options, &group, false, why, "");
    } else if (box_bwrap_works(options, why, sizeof why)) {
        describe_line(out, options, &group, true, "", geteuid() == 0 ? "a uid of its own" : "");
    } else {
        describe_line(out, options, &group, false, why, "");
    }
    box_cgroup_remove(&group);
}
