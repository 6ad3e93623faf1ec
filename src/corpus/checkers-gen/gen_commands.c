/* gen_commands.c -- next-action (A) and play (P) cases.
 *
 * Each kind scans positions of random games for one that shows its
 * feature (gen_explain.h) with the wanted side to move, then ends the
 * input there with A or P. Games that end in a win, during P or right at
 * the command, belong to the wins category and are skipped here. */
#include "gen_categories.h"

#include <stdio.h>
#include <string.h>

#include "gen_explain.h"
#include "gen_tree.h"

/* What the ten steps of a P case must show. */
typedef enum {
    PLAY_ANY,
    PLAY_TIE,            /* a step breaks a tie to the left-most action */
    PLAY_PROMOTION,
    PLAY_TOWER_CAPTURE,
    PLAY_TOWER_BACKWARD
} play_need_t;

typedef struct {
    char command;                /* 'A': next-action, 'P': play */
    const char *kind;
    int min_prefix, max_prefix;  /* input actions before the command */
    feature_t feature;
    play_need_t need;
    int quota;
} command_kind_t;

typedef struct {
    char command;
    colour_t side;
    const command_kind_t *kind;
} command_detail_t;

/* The kinds of next-action (A) and play (P) cases, each command's in the
 * order they are generated. */
static const command_kind_t COMMAND_KINDS[] = {
    {'A', "short-game", 1, 20, FEATURE_ANY, PLAY_ANY, 12},
    {'A', "mid-game", 21, 80, FEATURE_ANY, PLAY_ANY, 19},
    {'A', "long-game", 81, 250, FEATURE_ANY, PLAY_ANY, 10},
    {'A', "tie-leftmost-not-first", 1, 200, FEATURE_TIE_NOT_FIRST, PLAY_ANY, 15},
    {'A', "tie-three-or-more", 1, 200, FEATURE_TIE_MANY, PLAY_ANY, 8},
    {'A', "win-at-depth-1", 20, 250, FEATURE_WIN_AT_DEPTH_1, PLAY_ANY, 10},
    {'A', "loss-at-depth-2-decisive", 20, 250, FEATURE_LOSS_AT_DEPTH_2_DECISIVE, PLAY_ANY, 8},
    {'A', "loss-at-depth-2", 20, 250, FEATURE_LOSS_AT_DEPTH_2, PLAY_ANY, 6},
    {'A', "stuck-at-depth-3-decisive", 20, 250, FEATURE_STUCK_AT_DEPTH_3_DECISIVE, PLAY_ANY, 8},
    {'A', "stuck-at-depth-3", 20, 250, FEATURE_STUCK_AT_DEPTH_3, PLAY_ANY, 6},
    {'A', "towers-both-sides", 20, 250, FEATURE_TOWERS_BOTH, PLAY_ANY, 8},
    {'A', "towers-one-side", 20, 250, FEATURE_TOWERS_ONE, PLAY_ANY, 6},
    {'A', "capture-or-move", 1, 150, FEATURE_CAPTURE_CHOICE, PLAY_ANY, 8},
    {'A', "single-action", 10, 250, FEATURE_ONE_ACTION, PLAY_ANY, 4},
    {'P', "short-game", 1, 20, FEATURE_ANY, PLAY_ANY, 12},
    {'P', "mid-game", 21, 80, FEATURE_ANY, PLAY_ANY, 20},
    {'P', "long-game", 120, 250, FEATURE_ANY, PLAY_ANY, 15},
    {'P', "towers-both-sides", 20, 250, FEATURE_TOWERS_BOTH, PLAY_ANY, 15},
    {'P', "towers-one-side", 20, 250, FEATURE_TOWERS_ONE, PLAY_ANY, 8},
    {'P', "tie-during-play", 1, 200, FEATURE_ANY, PLAY_TIE, 10},
    {'P', "tie-at-first-step", 1, 200, FEATURE_TIE_NOT_FIRST, PLAY_ANY, 6},
    {'P', "promotion-during-play", 10, 200, FEATURE_ANY, PLAY_PROMOTION, 8},
    {'P', "tower-captures-during-play", 20, 250, FEATURE_ANY, PLAY_TOWER_CAPTURE, 6},
    {'P', "tower-backward-during-play", 20, 250, FEATURE_ANY, PLAY_TOWER_BACKWARD, 6},
    {'P', "capture-or-move", 1, 150, FEATURE_CAPTURE_CHOICE, PLAY_ANY, 5},
    {'P', "stuck-at-depth-3", 20, 250, FEATURE_STUCK_AT_DEPTH_3, PLAY_ANY, 6},
};

static bool play_wanted(const command_detail_t *detail,
                        const command_report_t *report)
{
    if (detail->command == 'A') {
        return true;
    }
    if (report->win || report->next_side_stuck) {
        return false;  /* the wins category's */
    }
    switch (detail->kind != NULL ? detail->kind->need : PLAY_ANY) {
    case PLAY_TIE:
        return report->ties_not_first > 0;
    case PLAY_PROMOTION:
        return report->promotions > 0;
    case PLAY_TOWER_CAPTURE:
        return report->tower_captures > 0;
    case PLAY_TOWER_BACKWARD:
        return report->backward_tower_actions > 0;
    default:
        return true;
    }
}

static void play_summary(const command_report_t *report, char *text,
                         size_t size)
{
    snprintf(text, size, "P computes actions #%d-#%d, no win: %d promotion%s, "
             "%d capture%s (%d by towers), %d backward tower action%s, %d "
             "tie%s broken to the left-most not-first action; ",
             report->first_number, report->first_number + report->computed - 1,
             report->promotions, report->promotions == 1 ? "" : "s",
             report->captures, report->captures == 1 ? "" : "s",
             report->tower_captures, report->backward_tower_actions,
             report->backward_tower_actions == 1 ? "" : "s",
             report->ties_not_first, report->ties_not_first == 1 ? "" : "s");
}

typedef enum { NOT_HERE, WRITTEN, SPOILED } attempt_t;

/* The command after `count` actions of `game`, when the position fits;
 * SPOILED when the case was written but the command's play did not show
 * what the kind needs. */
static attempt_t try_command_at(case_t *kase, const command_detail_t *detail,
                           const game_t *game, int count, const char *players)
{
    game_t position;
    game_prefix(game, count, &position);
    tree_facts_t facts;
    if (!tree_facts(&position.board, detail->side, &facts) ||
        !feature_present(detail->kind->feature, &position.board, &facts)) {
        return NOT_HERE;
    }
    case_input_game(kase, game, count);
    command_report_t report = case_input_command(kase, detail->command);
    if (!play_wanted(detail, &report)) {
        return SPOILED;
    }
    char explained[400], summary[240] = "";
    explain_feature(detail->kind->feature, &position.board, detail->side,
                    &facts, explained, sizeof explained);
    if (detail->command == 'P') {
        play_summary(&report, summary, sizeof summary);
    }
    case_set_reason(kase, "%c for %s after %d actions (%s): %s%s%s",
                    detail->command, colour_name(detail->side), count,
                    players, summary,
                    detail->command == 'P' ? "first step: " : "", explained);
    return WRITTEN;
}

static bool command_case(case_t *kase, rng_t *rng, const void *detail_pointer)
{
    const command_detail_t *detail = detail_pointer;
    const command_kind_t *kind = detail->kind;
    game_t game;
    char players[64];
    random_game(&game, kind->max_prefix, rng, players);
    int scanned = 0;
    for (int count = rng_range(rng, kind->min_prefix, kind->max_prefix);
         count <= game.played && scanned < 40; count++) {
        if ((count % 2 == 0 ? BLACK : WHITE) != detail->side) {
            continue;
        }
        scanned++;
        attempt_t attempt = try_command_at(kase, detail, &game, count, players);
        if (attempt != NOT_HERE) {
            return attempt == WRITTEN;
        }
    }
    return false;
}

/* The command right after each of black's seven opening moves. */
static bool opening_case(case_t *kase, rng_t *rng, const void *detail_pointer)
{
    (void)rng;
    const command_detail_t *detail = detail_pointer;
    action_t opening;
    if (!opening_action(kase->candidate, &opening)) {
        return false;
    }
    game_t game;
    game_start(&game);
    game_play(&game, opening);
    tree_facts_t facts;
    tree_facts(&game.board, WHITE, &facts);
    char text[6], slug[6], explained[400], summary[240] = "";
    action_text(opening, text);
    action_slug(opening, slug);
    case_input_game(kase, &game, 1);
    command_report_t report = case_input_command(kase, detail->command);
    if (!play_wanted(detail, &report)) {
        return false;
    }
    explain_feature(FEATURE_ANY, &game.board, WHITE, &facts, explained,
                    sizeof explained);
    if (detail->command == 'P') {
        play_summary(&report, summary, sizeof summary);
    }
    case_set_name(kase, "white-after-opening-%s", slug);
    case_set_reason(kase, "%c for white after black's opening %s: %s%s%s",
                    detail->command, text, summary,
                    detail->command == 'P' ? "first step: " : "", explained);
    return true;
}

static void generate_commands(generator_t *generator, const char *category,
                              char command)
{
    command_detail_t opening = {command, WHITE, NULL};
    generate_kind(generator, category, "white-after-opening", 7, 7,
                  opening_case, &opening);
    for (size_t i = 0; i < sizeof COMMAND_KINDS / sizeof *COMMAND_KINDS;
         i++) {
        const command_kind_t *kind = &COMMAND_KINDS[i];
        for (int side = BLACK; side <= WHITE && kind->command == command;
             side++) {
            command_detail_t detail = {command, (colour_t)side, kind};
            char name[96];
            snprintf(name, sizeof name, "%s-%s", colour_name((colour_t)side),
                     kind->kind);
            generate_kind(generator, category, name, kind->quota, 3000,
                          command_case, &detail);
        }
    }
}

void generate_next_action(generator_t *generator)
{
    generate_commands(generator, "next-action", 'A');
}

void generate_play(generator_t *generator)
{
    generate_commands(generator, "play", 'P');
}
