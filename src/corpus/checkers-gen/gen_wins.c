/* gen_wins.c -- wins: games that end, and how the end is reported.
 *
 * Finishing games (stronger players, up to 300 actions) are played until
 * one side cannot act; the cases then put the end at every place the
 * specification and NOTES.md distinguish: inside the input with nothing,
 * an A or an action line after it; at each step 1..10 of P; on the tenth
 * P action or A's action (the next side is not examined: no message).
 * Both winners, and both ways to win: the loser's last piece captured, or
 * all of the loser's pieces blocked. More cases of the end A reports at
 * once come from gen_wins_after_end.c. */
#include "gen_categories.h"

#include <stdio.h>
#include <string.h>

#include "gen_endings.h"
#include "gen_error_lines.h"

typedef enum { FOLLOW_NOTHING, FOLLOW_A, FOLLOW_ACTION, FOLLOW_A_ACTS } follow_t;

typedef struct {
    colour_t winner;
    method_t method;
    follow_t follow;
} ending_kind_t;

enum { P_STEPS = 10, P_STEP_QUOTA = 2, TENTH_QUOTA = 3, P_BUDGET = 4000 };

/* An action line after the end: any of the six errors that fits. */
static bool add_error_line(case_t *kase, rng_t *rng, char *text, size_t size)
{
    const game_t *game = &kase->game;
    action_t last = game->history[game->played - 1];
    for (int tries = 0; tries < 30; tries++) {
        const error_builder_t *builder =
            error_builder(rng_below(rng, error_builder_count()));
        error_try_t attempt = {&game->board, game_side(game), last.source,
                               last.target, -1, rng, "", ""};
        if (builder->build(&attempt)) {
            case_input_error(kase, attempt.line);
            snprintf(text, size, "the action line \"%s\" after it is checked "
                     "like any other: error %d (%s)", attempt.line,
                     (int)builder->error, attempt.what);
            return true;
        }
    }
    return false;
}

static bool ended_case(case_t *kase, rng_t *rng, const void *detail)
{
    const ending_kind_t *kind = detail;
    game_t game;
    char players[64], ending[160], after[400] = "";
    if (!finished_game_won(&game, rng, players, kind->winner,
                           kind->method)) {
        return false;
    }
    ending_text(&game, ending, sizeof ending);
    case_input_game(kase, &game, game.played);
    switch (kind->follow) {
    case FOLLOW_NOTHING:
        snprintf(after, sizeof after, "nothing follows: no win message, "
                 "exit 0");
        break;
    case FOLLOW_A:
        case_input_command(kase, 'A');
        snprintf(after, sizeof after, "the A after it prints %s WIN! at "
                 "once, with no action", kind->winner == BLACK ? "BLACK"
                                                                : "WHITE");
        break;
    default:
        if (!add_error_line(kase, rng, after, sizeof after)) {
            return false;
        }
        break;
    }
    case_set_reason(kase, "the game ends inside the input (%s): %s; %s",
                    players, ending, after);
    return true;
}

/* A, one action before the end: A plays a winning action and stops. */
static bool a_ends_game_case(case_t *kase, rng_t *rng, const void *detail)
{
    const ending_kind_t *kind = detail;
    game_t game;
    char players[64], ending[160];
    if (!finishing_game(&game, rng, players) || game.played < 2) {
        return false;
    }
    case_input_game(kase, &game, game.played - 1);
    command_report_t report = case_input_command(kase, 'A');
    if (!report.next_side_stuck ||
        opponent_of(game_side(&kase->game)) != kind->winner ||
        ending_method(&kase->game) != kind->method) {
        return false;
    }
    ending_text(&kase->game, ending, sizeof ending);
    case_set_reason(kase, "A for %s after %d actions (%s): the computed %s; "
                    "A has played its one action: no win message, exit 0",
                    colour_name(kind->winner), game.played - 1, players,
                    ending);
    return true;
}

typedef struct {
    int step[P_STEPS + 1][2][2];  /* [step that found no action][winner]
                                     [method] */
    int tenth[2][2];              /* the tenth action ends the game */
    int open;                     /* bins not yet full */
} p_bins_t;

/* The bin counter for this P run, or NULL when it is not a wins case. */
static int *p_bin(p_bins_t *bins, const case_t *kase,
                  const command_report_t *report, int *quota)
{
    if (!report->win && !report->next_side_stuck) {
        return NULL;
    }
    colour_t winner = opponent_of(game_side(&kase->game));
    method_t method = ending_method(&kase->game);
    if (report->win) {
        *quota = P_STEP_QUOTA;
        return &bins->step[report->steps][winner][method];
    }
    *quota = TENTH_QUOTA;
    return &bins->tenth[winner][method];
}

static void name_p_case(case_t *kase, const command_report_t *report,
                        int prefix, int candidate)
{
    colour_t winner = opponent_of(game_side(&kase->game));
    const char *method = METHOD_SLUG[ending_method(&kase->game)];
    char ending[160];
    if (report->win) {
        case_set_name(kase, "p-step%d-%s-wins-%s-after-%d-s%d", report->steps,
                      colour_name(winner), method, prefix, candidate);
        if (report->computed == 0) {
            ending_text(&kase->game, ending, sizeof ending);
        } else {
            snprintf(ending, sizeof ending, "the computed ");
            size_t used = strlen(ending);
            ending_text(&kase->game, ending + used, sizeof ending - used);
        }
        case_set_reason(kase, "P after %d actions: %s; step %d of P finds no "
                        "action for %s: %s WIN! after %d computed action%s",
                        prefix, ending, report->steps,
                        colour_name(opponent_of(winner)),
                        winner == BLACK ? "BLACK" : "WHITE", report->computed,
                        report->computed == 1 ? "" : "s");
        return;
    }
    case_set_name(kase, "p-tenth-action-ends-game-%s-%s-after-%d-s%d",
                  colour_name(winner), method, prefix, candidate);
    ending_text(&kase->game, ending, sizeof ending);
    case_set_reason(kase, "P after %d actions: the tenth computed %s; P has "
                    "played its ten actions, the next side is not examined: "
                    "no win message", prefix, ending);
}

/* P from each of the last positions of a finishing game. */
static void p_from_ending(generator_t *generator, p_bins_t *bins,
                          const game_t *game, int candidate)
{
    for (int back = 0; back <= 12 && back <= game->played; back++) {
        int prefix = game->played - back;
        case_t kase;
        case_begin(&kase, "wins");
        case_input_game(&kase, game, prefix);
        command_report_t report = case_input_command(&kase, 'P');
        int quota, *bin = p_bin(bins, &kase, &report, &quota);
        if (bin != NULL && *bin < quota) {
            name_p_case(&kase, &report, prefix, candidate);
            if (case_emit(&kase, generator->directory)) {
                generator->made++;
                bins->open -= ++*bin == quota;
            }
        }
        case_end(&kase);
    }
}

static void generate_p_endings(generator_t *generator)
{
    p_bins_t bins;
    memset(&bins, 0, sizeof bins);
    bins.open = P_STEPS * 4 + 4;
    int tried = 0;
    for (; tried < P_BUDGET && bins.open > 0; tried++) {
        rng_t rng;
        rng_init(&rng, generator->seed, "wins/p-endings", tried);
        game_t game;
        char players[64];
        if (finishing_game(&game, &rng, players)) {
            p_from_ending(generator, &bins, &game, tried);
        }
    }
    for (int step = 1; step <= P_STEPS; step++) {
        for (int winner = 0; winner < 2; winner++) {
            for (int method = 0; method < 2; method++) {
                if (bins.step[step][winner][method] < P_STEP_QUOTA) {
                    fprintf(stderr, "corpus-gen: wins: P step %d, %s wins %s: "
                            "%d of %d cases in %d games\n", step,
                            colour_name((colour_t)winner), METHOD_SLUG[method],
                            bins.step[step][winner][method], P_STEP_QUOTA,
                            tried);
                }
            }
        }
    }
}

void generate_wins(generator_t *generator)
{
    static const char *const FOLLOW_SLUG[] = {
        "ends-in-input", "ends-in-input-then-a", "ends-in-input-then-action",
        "a-action-ends-game"};
    for (int follow = FOLLOW_NOTHING; follow <= FOLLOW_A_ACTS; follow++) {
        for (int winner = BLACK; winner <= WHITE; winner++) {
            for (int method = BY_CAPTURE; method <= BY_BLOCK; method++) {
                ending_kind_t kind = {(colour_t)winner, (method_t)method,
                                      (follow_t)follow};
                char name[96];
                snprintf(name, sizeof name, "%s-%s-wins-%s",
                         FOLLOW_SLUG[follow], colour_name((colour_t)winner),
                         METHOD_SLUG[method]);
                generate_kind(generator, "wins", name, 3, 2000,
                              follow == FOLLOW_A_ACTS ? a_ends_game_case
                                                      : ended_case,
                              &kind);
            }
        }
    }
    generate_p_endings(generator);
    /* Last, so that none of the cases above can lose its input to them. */
    generate_a_after_end(generator);
}
