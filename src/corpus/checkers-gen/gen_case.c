/* gen_case.c -- one generated case: its input and its reason. */
#define _POSIX_C_SOURCE 200809L
#include "gen_case.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gen_tree.h"

void case_begin(case_t *kase, const char *category)
{
    memset(kase, 0, sizeof *kase);
    text_init(&kase->input);
    kase->category = category;
    game_start(&kase->game);
}

void case_end(case_t *kase)
{
    text_free(&kase->input);
    memset(kase, 0, sizeof *kase);
}

void case_input_action(case_t *kase, action_t action)
{
    char text[6];
    action_text(action, text);
    text_printf(&kase->input, "%s\n", text);
    game_play(&kase->game, action);
}

void case_input_game(case_t *kase, const game_t *source, int count)
{
    for (int i = 0; i < count; i++) {
        case_input_action(kase, source->history[i]);
    }
}

void case_input_error(case_t *kase, const char *line)
{
    text_printf(&kase->input, "%s\n", line);
}

void case_input_unread(case_t *kase, const char *line)
{
    text_printf(&kase->input, "%s\n", line);
}

static void note_facts(command_report_t *report, action_facts_t facts)
{
    report->promotions += facts.promotes;
    report->captures += facts.capture;
    report->tower_captures += facts.by_tower && facts.capture;
    report->backward_tower_actions += facts.by_tower && facts.backward;
}

/* One step of A or P; false when the side to move could not act. */
static bool command_step(case_t *kase, command_report_t *report)
{
    colour_t side = game_side(&kase->game);
    scored_action_t scored[MAX_ACTIONS];
    int count = 0;
    bool found = tree_root_costs(&kase->game.board, side, scored, &count);
    report->steps++;
    if (!found) {
        report->win = true;
        report->winner = opponent_of(side);
        report->loser_has_pieces = kase->game.board.occupied_by[side] != 0;
        return false;
    }
    /* The engine's costs; the choice among them is the one the
     * specification asks for, so that ties can be counted. */
    int costs[MAX_ACTIONS], sharing = 0;
    for (int i = 0; i < count; i++) {
        costs[i] = scored[i].cost;
    }
    int best = leftmost_best(costs, count, side, &sharing);
    report->ties += sharing > 1;
    report->ties_not_first += sharing > 1 && best > 0;
    note_facts(report, action_facts(&kase->game.board, scored[best].action));
    game_play(&kase->game, scored[best].action);
    report->computed++;
    return true;
}

command_report_t case_input_command(case_t *kase, char command)
{
    command_report_t report;
    memset(&report, 0, sizeof report);
    report.first_number = kase->game.played + 1;
    text_printf(&kase->input, "%c\n", command);
    int steps = command == 'A' ? 1 : 10;
    while (report.steps < steps && command_step(kase, &report)) {
    }
    if (!report.win) {
        action_t actions[MAX_ACTIONS];
        report.next_side_stuck = game_actions(&kase->game, actions) == 0;
    }
    return report;
}

void case_set_name(case_t *kase, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(kase->name, sizeof kase->name, format, args);
    va_end(args);
}

void case_set_reason(case_t *kase, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(kase->reason, sizeof kase->reason, format, args);
    va_end(args);
}

/* Inputs already emitted in this run, by hash: no two cases share one. */
static uint64_t *emitted;
static size_t emitted_count, emitted_capacity;

static bool remember_input(const text_t *input)
{
    uint64_t hash = hash_bytes(input->bytes, input->length);
    for (size_t i = 0; i < emitted_count; i++) {
        if (emitted[i] == hash) {
            return false;
        }
    }
    if (emitted_count == emitted_capacity) {
        emitted_capacity = emitted_capacity == 0 ? 1024 : 2 * emitted_capacity;
        uint64_t *grown = realloc(emitted, emitted_capacity * sizeof *grown);
        if (grown == NULL) {
            fail_out_of_memory();
        }
        emitted = grown;
    }
    emitted[emitted_count++] = hash;
    return true;
}

void cases_forget(void)
{
    free(emitted);
    emitted = NULL;
    emitted_count = emitted_capacity = 0;
}

bool case_emit(case_t *kase, const char *directory)
{
    if (!remember_input(&kase->input)) {
        return false;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", directory, kase->category);
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "corpus-gen: cannot create %s: %s\n", path,
                strerror(errno));
        exit(EXIT_FAILURE);
    }
    snprintf(path, sizeof path, "%s/%s/%s.in", directory, kase->category,
             kase->name);
    text_write(&kase->input, path);
    snprintf(path, sizeof path, "%s/%s/%s.reason", directory, kase->category,
             kase->name);
    text_t reason;
    text_init(&reason);
    text_add(&reason, kase->reason);
    text_add(&reason, "\n");
    text_write(&reason, path);
    text_free(&reason);
    return true;
}
