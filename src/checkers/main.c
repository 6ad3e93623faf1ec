/* main.c -- wires the stages: setup, input actions, then A or P.
 *
 *   checkers [--depth N] [--explain] < actions
 *
 * With --explain, standard error also carries, before each computed
 * action (or win line), why it was chosen: the root's candidates with
 * their costs; and before an input error, the checks that led to it
 * (explain.h has the formats). Standard output is the same
 * byte for byte, and a diagnostic, when there is one, is still the last
 * line on standard error.
 *
 * Exit status: 0 input fully processed (a win included), 1 one of the six
 * input errors, 2 malformed line or bad option, 3 out of memory, 4 standard
 * input or output failed. Every stage returns its status here, and only
 * here does the program end, so no path skips the final flush. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action_check.h"
#include "board.h"
#include "checkers.h"
#include "explain.h"
#include "input_line.h"
#include "printer.h"
#include "rules.h"
#include "search.h"

enum { MAX_SEARCH_DEPTH = 8, PLAY_ACTIONS = 10 };

typedef struct {
    board_t board;
    long next_number;  /* number of the next action; odd: black to move */
    int search_depth;
    bool explain;      /* --explain: each decision on standard error */
} game_t;

#define USAGE_LINE "usage: checkers [--depth N] [--explain] < actions"

static const char USAGE[] =
    USAGE_LINE "\n"
    "Reads actions such as G6-F5, one per line, optionally followed by A\n"
    "(compute the next action) or P (play ten), and prints every board.\n"
    "  --depth N  minimax tree depth, 1..8 (default 3)\n"
    "  --explain  also write to standard error, for each computed action,\n"
    "             every candidate with its minimax cost and the one chosen,\n"
    "             and for a refused action, the checks up to the one failed\n";

/* A next action by minimax, or the win of the other side when the side to
 * move has none: one step for A, up to ten for P. With --explain, the
 * decision is explained first, the boards so far flushed before it so
 * that a shared stream shows each explanation before its action. */
static int play_computed(game_t *game, char command)
{
    int steps = command == 'A' ? 1 : PLAY_ACTIONS;
    for (int step = 1; step <= steps; step++) {
        colour_t side = side_of_action_number(game->next_number);
        search_decision_t decision;
        search_outcome_t outcome = search_decide(
            &game->board, side, game->search_depth, &decision);
        if (game->explain && outcome != SEARCH_OUT_OF_MEMORY) {
            fflush(stdout);
            explain_decision(stderr,
                             &(explain_step_t){game->next_number, command,
                                               step},
                             &decision);
        }
        switch (outcome) {
        case SEARCH_NO_ACTION:
            printer_win(stdout, opponent_of(side));
            return EXIT_DONE;
        case SEARCH_OUT_OF_MEMORY:
            return EXIT_OUT_OF_MEMORY;
        case SEARCH_FOUND: {
            action_t action = decision.children[decision.chosen].action;
            rules_apply(&game->board, action);
            printer_action(stdout, game->next_number++, action, true,
                           &game->board);
            break;
        }
        }
    }
    return EXIT_DONE;
}

static int play_typed(game_t *game, const typed_action_t *typed)
{
    colour_t side = side_of_action_number(game->next_number);
    action_t action;
    action_error_t error = action_check(&game->board, side, typed, &action);
    if (error != ACTION_OK) {
        if (game->explain) {
            fflush(stdout);  /* the explanation after what came before */
            explain_error(stderr, game->next_number, &game->board, typed, error);
        }
        printer_error(stdout, error);
        return EXIT_INPUT_ERROR;
    }
    rules_apply(&game->board, action);
    printer_action(stdout, game->next_number++, action, false, &game->board);
    return EXIT_DONE;
}

static int play_input(game_t *game, input_t *input)
{
    for (;;) {
        input_line_t line;
        input_read_line(input, &line);
        switch (line.kind) {
        case LINE_BLANK:
            break;
        case LINE_ACTION: {
            int status = play_typed(game, &line.action);
            if (status != EXIT_DONE) {
                return status;
            }
            break;
        }
        case LINE_COMMAND:
            return play_computed(game, line.command);
        case LINE_MALFORMED:
            fflush(stdout);  /* the boards so far come before the complaint */
            input_report_malformed(stderr, &line);
            return EXIT_MALFORMED;
        case LINE_END:
            return EXIT_DONE;
        case LINE_READ_ERROR:
            fflush(stdout);
            fprintf(stderr, "checkers: cannot read standard input: %s\n",
                    strerror(errno));
            return EXIT_IO_ERROR;
        }
    }
}

typedef enum { OPTIONS_PLAY, OPTIONS_HELP_SHOWN, OPTIONS_INVALID } options_t;

/* Prints the diagnostic itself when the options are not usable. */
static options_t parse_options(int argc, char **argv, game_t *game)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(USAGE, stdout);
            return OPTIONS_HELP_SHOWN;
        }
        if (strcmp(argv[i], "--explain") == 0) {
            game->explain = true;
            continue;
        }
        if (strcmp(argv[i], "--depth") == 0) {
            const char *value = i + 1 < argc ? argv[++i] : "";
            char *end;
            long depth = strtol(value, &end, 10);
            if (*value != '\0' && *end == '\0' && depth >= 1 &&
                depth <= MAX_SEARCH_DEPTH) {
                game->search_depth = (int)depth;
                continue;
            }
            fprintf(stderr, "checkers: --depth wants 1..%d, not \"%s\"\n",
                    MAX_SEARCH_DEPTH, value);
            return OPTIONS_INVALID;
        }
        fprintf(stderr, "checkers: unknown option \"%s\" (" USAGE_LINE ")\n",
                argv[i]);
        return OPTIONS_INVALID;
    }
    return OPTIONS_PLAY;
}

/* Output errors surface at the final flush at the latest: a failed write
 * sets the stream's error indicator, whether during the run or here. */
static int finish(int status)
{
    fflush(stdout);
    if (ferror(stdout)) {
        fprintf(stderr, "checkers: cannot write standard output: %s\n",
                strerror(errno));
        return EXIT_IO_ERROR;
    }
    if (status == EXIT_OUT_OF_MEMORY) {
        fputs("checkers: out of memory\n", stderr);
    }
    return status;
}

int main(int argc, char **argv)
{
    game_t game = {board_initial(), 1, DEFAULT_SEARCH_DEPTH, false};
    switch (parse_options(argc, argv, &game)) {
    case OPTIONS_HELP_SHOWN:
        return finish(EXIT_DONE);
    case OPTIONS_INVALID:
        return finish(EXIT_MALFORMED);
    case OPTIONS_PLAY:
        break;
    }
    printer_setup(stdout, &game.board);
    input_t input;
    input_open(&input, stdin);
    return finish(play_input(&game, &input));
}
