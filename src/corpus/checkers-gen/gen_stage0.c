/* gen_stage0.c -- stage 0 cases: input games and no command.
 *
 * Each feature kind plays random games until one shows the feature (a
 * promotion, a tower moving or capturing backwards, ...) and cuts the game
 * a few actions after it, so the feature sits near the end of the output
 * where a reviewer looks. Games never end inside the input here: that is
 * the wins category's business. */
#include "gen_categories.h"

#include <stdio.h>

typedef struct {
    const char *kind;
    const char *what;  /* completes "... at action #N (G6-F5)" */
    bool (*wanted)(action_facts_t facts);
    int quota;
} feature_kind_t;

static bool black_promotes(action_facts_t f)
{
    return f.side == BLACK && f.promotes && !f.capture;
}
static bool white_promotes(action_facts_t f)
{
    return f.side == WHITE && f.promotes && !f.capture;
}
static bool promotes_by_capture(action_facts_t f)
{
    return f.promotes && f.capture;
}
static bool black_tower_steps_back(action_facts_t f)
{
    return f.side == BLACK && f.by_tower && f.backward && !f.capture;
}
static bool white_tower_steps_back(action_facts_t f)
{
    return f.side == WHITE && f.by_tower && f.backward && !f.capture;
}
static bool black_tower_captures_back(action_facts_t f)
{
    return f.side == BLACK && f.by_tower && f.backward && f.capture;
}
static bool white_tower_captures_back(action_facts_t f)
{
    return f.side == WHITE && f.by_tower && f.backward && f.capture;
}
static bool tower_captures_forward(action_facts_t f)
{
    return f.by_tower && !f.backward && f.capture;
}
static bool piece_captures_tower(action_facts_t f)
{
    return !f.by_tower && f.captures_tower;
}
static bool tower_captures_tower(action_facts_t f)
{
    return f.by_tower && f.captures_tower;
}

static const feature_kind_t FEATURES[] = {
    {"black-promotion", "a black piece reaches row 1 and becomes a tower",
     black_promotes, 12},
    {"white-promotion", "a white piece reaches row 8 and becomes a tower",
     white_promotes, 12},
    {"promotion-by-capture", "a piece captures onto its far row and becomes a "
     "tower", promotes_by_capture, 10},
    {"black-tower-moves-backward", "a black tower steps south (backward)",
     black_tower_steps_back, 10},
    {"white-tower-moves-backward", "a white tower steps north (backward)",
     white_tower_steps_back, 10},
    {"black-tower-captures-backward", "a black tower captures southward "
     "(backward)", black_tower_captures_back, 8},
    {"white-tower-captures-backward", "a white tower captures northward "
     "(backward)", white_tower_captures_back, 8},
    {"tower-captures-forward", "a tower captures forward",
     tower_captures_forward, 8},
    {"piece-captures-tower", "a piece captures a tower (cost moves by 3)",
     piece_captures_tower, 8},
    {"tower-captures-tower", "a tower captures a tower", tower_captures_tower,
     6},
};

static bool side_can_act(const game_t *game)
{
    action_t actions[MAX_ACTIONS];
    return game_actions(game, actions) > 0;
}

static bool feature_case(case_t *kase, rng_t *rng, const void *detail)
{
    const feature_kind_t *kind = detail;
    game_t game;
    char players[64];
    random_game(&game, rng_range(rng, 40, 260), rng, players);
    action_facts_t facts[GAME_CAPACITY];
    game_all_facts(&game, facts);
    int at = 0;
    while (at < game.played && !kind->wanted(facts[at])) {
        at++;
    }
    if (at == game.played) {
        return false;
    }
    int cut = at + 1 + rng_below(rng, 4);
    game_t prefix;
    do {
        game_prefix(&game, cut < game.played ? cut : game.played, &prefix);
        cut--;
    } while (!side_can_act(&prefix) && cut > at);
    if (!side_can_act(&prefix)) {
        return false;
    }
    char text[6], summary[160];
    action_text(game.history[at], text);
    game_summary(&prefix, prefix.played, summary, sizeof summary);
    case_input_game(kase, &prefix, prefix.played);
    case_set_reason(kase, "%s at action #%d (%s) of a %d-action game (%s; %s)",
                    kind->what, at + 1, text, prefix.played, players, summary);
    return true;
}

static bool long_game_case(case_t *kase, rng_t *rng, const void *detail)
{
    (void)detail;
    game_t game;
    char players[64], summary[160];
    int length = rng_range(rng, 150, 260);
    if (!random_game(&game, length, rng, players) || !side_can_act(&game)) {
        return false;
    }
    game_summary(&game, game.played, summary, sizeof summary);
    case_input_game(kase, &game, game.played);
    case_set_reason(kase, "a long game: %d input actions (%s; %s)", length,
                    players, summary);
    return true;
}

static bool short_game_case(case_t *kase, rng_t *rng, const void *detail)
{
    const int *longest = detail;
    game_t game;
    char players[64], summary[160];
    if (!random_game(&game, rng_range(rng, 1, *longest), rng, players) ||
        !side_can_act(&game)) {
        return false;
    }
    game_summary(&game, game.played, summary, sizeof summary);
    case_input_game(kase, &game, game.played);
    case_set_reason(kase, "a %d-action game (%s; %s)", game.played, players,
                    summary);
    return true;
}

/* Every one of black's seven opening moves, alone. */
static bool opening_case(case_t *kase, rng_t *rng, const void *detail)
{
    (void)rng, (void)detail;
    action_t opening;
    if (!opening_action(kase->candidate, &opening)) {
        return false;
    }
    char text[6], slug[6];
    action_text(opening, text);
    action_slug(opening, slug);
    case_input_action(kase, opening);
    case_set_name(kase, "opening-%s", slug);
    case_set_reason(kase, "black's opening move %s alone: one action block, "
                    "cost 0", text);
    return true;
}

void generate_stage0(generator_t *generator)
{
    for (size_t i = 0; i < sizeof FEATURES / sizeof FEATURES[0]; i++) {
        generate_kind(generator, "stage0", FEATURES[i].kind, FEATURES[i].quota,
                      400, feature_case, &FEATURES[i]);
    }
    generate_kind(generator, "stage0", "long-game", 10, 200, long_game_case,
                  NULL);
    static const int SHORT = 30, MEDIUM = 120;
    generate_kind(generator, "stage0", "short-game", 15, 100, short_game_case,
                  &SHORT);
    generate_kind(generator, "stage0", "random-game", 20, 100,
                  short_game_case, &MEDIUM);
    generate_kind(generator, "stage0", "opening", 7, 7, opening_case, NULL);
}
