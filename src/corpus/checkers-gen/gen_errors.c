/* gen_errors.c -- error1 .. error6: an input line that fails, at every
 * stage of a game.
 *
 * Every builder (gen_error_lines.h) runs at each stage: on the first line,
 * early, in the middle game, deep in long games, with towers on the board,
 * and right after a promotion (the new tower in the line when it fits).
 * Half of the cases carry lines after the faulty one, which the engine
 * must not read: an A, a P, a legal action, a malformed line. */
#include "gen_categories.h"

#include <stdio.h>
#include <string.h>

#include "gen_error_lines.h"

typedef enum {
    STAGE_FIRST_LINE,
    STAGE_EARLY,
    STAGE_MIDDLE,
    STAGE_DEEP,
    STAGE_TOWERS,
    STAGE_PROMOTED,
    STAGE_COUNT
} stage_t;

static const struct {
    const char *slug;
    int quota;
} STAGES[STAGE_COUNT] = {
    {"first-line", 1}, {"early", 1}, {"mid-game", 2},
    {"deep", 2},       {"with-towers", 2}, {"after-promotion", 2},
};

typedef struct {
    const error_builder_t *builder;
    stage_t stage;
} error_kind_t;

/* The prefix length for a stage, -1 when this game has none. */
static int stage_prefix(const game_t *game, stage_t stage, rng_t *rng,
                        int *focus)
{
    action_facts_t facts[GAME_CAPACITY];
    game_all_facts(game, facts);
    *focus = -1;
    switch (stage) {
    case STAGE_FIRST_LINE:
        return 0;
    case STAGE_EARLY:
        return rng_range(rng, 1, 10);
    case STAGE_MIDDLE:
        return rng_range(rng, 11, 60);
    case STAGE_DEEP:
        return rng_range(rng, 61, game->played);
    case STAGE_TOWERS: {
        int first = 0;
        while (first < game->played && !facts[first].promotes) {
            first++;
        }
        return first < game->played ? rng_range(rng, first + 1, game->played)
                                    : -1;
    }
    default: {
        int promotions[GAME_CAPACITY], count = 0;
        for (int i = 0; i < game->played; i++) {
            if (facts[i].promotes) {
                promotions[count++] = i;
            }
        }
        if (count == 0) {
            return -1;
        }
        int at = promotions[rng_below(rng, count)];
        *focus = game->history[at].target;
        return at + 1 + rng_below(rng, 2);  /* the tower's side moves next,
                                               or the other side */
    }
    }
}

static const char *const STAGE_PHRASE[STAGE_COUNT] = {
    "on the first line", "early", "in the middle game", "deep in a game",
    "with towers on the board", "right after a promotion"};

/* Lines that follow the faulty one and must never be read. */
static void add_unread_lines(case_t *kase, rng_t *rng, char *note,
                             size_t size)
{
    static const struct {
        const char *line, *name;
    } UNREAD[] = {
        {"A", "an A"},
        {"P", "a P"},
        {"G6-F5", "a legal-looking action"},
        {"F3-E4", "a legal-looking action"},
        {"not an action", "a malformed line"},
        {"P", "a P"},
        {"A", "an A"},
        {"C3-D4", "a legal-looking action"},
    };
    int count = rng_below(rng, 4) - 1;  /* half of the cases get none */
    snprintf(note, size, "%s", count <= 0 ? "" : "; then, never read:");
    for (int i = 0; i < count; i++) {
        int which = rng_below(rng, 8);
        case_input_unread(kase, UNREAD[which].line);
        size_t used = strlen(note);
        snprintf(note + used, size - used, "%s %s", i == 0 ? "" : ",",
                 UNREAD[which].name);
    }
}

static int game_length_for(stage_t stage, rng_t *rng)
{
    switch (stage) {
    case STAGE_FIRST_LINE:
        return 0;
    case STAGE_EARLY:
        return 10;
    case STAGE_MIDDLE:
        return 60;
    default:
        return rng_range(rng, 80, 220);
    }
}

/* Writes the case when the builder works on the board after `count`
 * actions of `game`. */
static bool try_error_at(case_t *kase, rng_t *rng, const error_kind_t *kind,
                         const game_t *game, int count, int focus,
                         const char *players)
{
    game_t before;
    game_prefix(game, count, &before);
    action_t actions[MAX_ACTIONS];
    if (game_actions(&before, actions) == 0 ||
        (kind->stage == STAGE_TOWERS && before.board.towers == 0)) {
        return false;  /* a game over is the wins category's business */
    }
    action_t last = count > 0 ? game->history[count - 1] : (action_t){0, 0};
    error_try_t attempt = {&before.board, game_side(&before),
                           count > 0 ? last.source : -1,
                           count > 0 ? last.target : -1, focus, rng, "", ""};
    if (!kind->builder->build(&attempt)) {
        return false;
    }
    case_input_game(kase, game, count);
    case_input_error(kase, attempt.line);
    char unread[160], where[160] = "";
    add_unread_lines(kase, rng, unread, sizeof unread);
    if (count > 0) {
        snprintf(where, sizeof where, " after %d actions (%s)", count,
                 players);
    }
    case_set_name(kase, "%s-%s", kind->builder->slug,
                  STAGES[kind->stage].slug);
    case_set_reason(kase, "error %d %s, %s to move%s: \"%s\": %s%s",
                    (int)kind->builder->error, STAGE_PHRASE[kind->stage],
                    colour_name(game_side(&before)), where, attempt.line,
                    attempt.what, unread);
    return true;
}

static bool error_case(case_t *kase, rng_t *rng, const void *detail)
{
    const error_kind_t *kind = detail;
    game_t game;
    char players[64];
    random_game(&game, game_length_for(kind->stage, rng), rng, players);
    int focus;
    int prefix = stage_prefix(&game, kind->stage, rng, &focus);
    if (prefix < 0 || prefix > game.played) {
        return false;
    }
    /* Later positions of the same game, until the builder finds cells. */
    int last = kind->stage == STAGE_FIRST_LINE ||
                       kind->stage == STAGE_PROMOTED
                   ? prefix
                   : prefix + 30;
    for (int count = prefix; count <= last && count <= game.played; count++) {
        if (try_error_at(kase, rng, kind, &game, count, focus, players)) {
            return true;
        }
    }
    return false;
}

/* Every builder, errors 1 to 6 in order, one row a line. */
static const error_builder_t BUILDERS[] = {
    {ERROR_SOURCE_OUTSIDE, "source-column-right-of-h", source_column_right_of_h, NEEDS_NOTHING},
    {ERROR_SOURCE_OUTSIDE, "source-row-outside", source_row_outside, NEEDS_NOTHING},
    {ERROR_SOURCE_OUTSIDE, "both-cells-outside", both_cells_outside, NEEDS_NOTHING},
    {ERROR_SOURCE_OUTSIDE, "legal-target-source-outside", legal_target_outside_source, NEEDS_NOTHING},
    {ERROR_SOURCE_OUTSIDE, "source-outside-target-occupied", source_outside_target_occupied, NEEDS_NOTHING},
    {ERROR_TARGET_OUTSIDE, "piece-steps-off-the-edge", own_piece_off_the_edge, NEEDS_NOTHING},
    {ERROR_TARGET_OUTSIDE, "tower-steps-off-the-edge", own_tower_off_the_edge, NEEDS_TOWER},
    {ERROR_TARGET_OUTSIDE, "own-source-target-outside", own_source_target_outside, NEEDS_NOTHING},
    {ERROR_TARGET_OUTSIDE, "empty-source-target-outside", empty_source_target_outside, NEEDS_NOTHING},
    {ERROR_TARGET_OUTSIDE, "opponent-source-target-outside", opponent_source_target_outside, NEEDS_NOTHING},
    {ERROR_SOURCE_EMPTY, "empty-dark-source", empty_dark_source, NEEDS_NOTHING},
    {ERROR_SOURCE_EMPTY, "light-cell-source", light_source, NEEDS_NOTHING},
    {ERROR_SOURCE_EMPTY, "empty-source-occupied-target", empty_source_occupied_target, NEEDS_NOTHING},
    {ERROR_SOURCE_EMPTY, "empty-source-same-target", empty_source_same_target, NEEDS_NOTHING},
    {ERROR_SOURCE_EMPTY, "previous-action-again", previous_line_again, NEEDS_HISTORY},
    {ERROR_SOURCE_EMPTY, "source-just-captured", captured_cell_source, NEEDS_HISTORY},
    {ERROR_SOURCE_EMPTY, "empty-source-tower-target", empty_source_tower_target, NEEDS_TOWER},
    {ERROR_TARGET_NOT_EMPTY, "step-onto-own-piece", step_onto_own, NEEDS_NOTHING},
    {ERROR_TARGET_NOT_EMPTY, "step-onto-opponent", step_onto_opponent, NEEDS_HISTORY},
    {ERROR_TARGET_NOT_EMPTY, "tower-onto-occupied", tower_onto_occupied, NEEDS_TOWER},
    {ERROR_TARGET_NOT_EMPTY, "opponent-source-occupied-target", opponent_source_occupied_target, NEEDS_NOTHING},
    {ERROR_TARGET_NOT_EMPTY, "same-occupied-cell", same_occupied_cell, NEEDS_NOTHING},
    {ERROR_TARGET_NOT_EMPTY, "far-occupied-target", far_occupied_target, NEEDS_NOTHING},
    {ERROR_TARGET_NOT_EMPTY, "capture-landing-occupied", capture_landing_occupied, NEEDS_HISTORY},
    {ERROR_TARGET_NOT_EMPTY, "onto-a-tower", onto_tower, NEEDS_TOWER},
    {ERROR_OPPONENTS_PIECE, "opponent-legal-action", opponent_legal_action, NEEDS_NOTHING},
    {ERROR_OPPONENTS_PIECE, "opponent-tower", opponent_tower, NEEDS_TOWER},
    {ERROR_OPPONENTS_PIECE, "opponent-illegal-action", opponent_illegal_action, NEEDS_NOTHING},
    {ERROR_OPPONENTS_PIECE, "piece-just-moved", piece_just_moved, NEEDS_HISTORY},
    {ERROR_OPPONENTS_PIECE, "opponent-piece-our-way", opponent_piece_forward_for_us, NEEDS_HISTORY},
    {ERROR_ILLEGAL_ACTION, "piece-steps-backward", piece_steps_backward, NEEDS_HISTORY},
    {ERROR_ILLEGAL_ACTION, "piece-captures-backward", piece_captures_backward, NEEDS_HISTORY},
    {ERROR_ILLEGAL_ACTION, "jump-over-empty-cell", jumps_over_empty, NEEDS_NOTHING},
    {ERROR_ILLEGAL_ACTION, "jump-over-own-piece", jumps_over_own, NEEDS_NOTHING},
    {ERROR_ILLEGAL_ACTION, "straight-move", moves_straight, NEEDS_NOTHING},
    {ERROR_ILLEGAL_ACTION, "light-cell-target", moves_to_light_cell, NEEDS_NOTHING},
    {ERROR_ILLEGAL_ACTION, "knight-move", moves_like_a_knight, NEEDS_NOTHING},
    {ERROR_ILLEGAL_ACTION, "long-diagonal", moves_far_diagonally, NEEDS_NOTHING},
    {ERROR_ILLEGAL_ACTION, "tower-jumps-without-capture", tower_jumps_without_capture, NEEDS_TOWER},
};

int error_builder_count(void)
{
    return (int)(sizeof BUILDERS / sizeof BUILDERS[0]);
}

const error_builder_t *error_builder(int index)
{
    return &BUILDERS[index];
}

void generate_errors(generator_t *generator)
{
    for (int b = 0; b < error_builder_count(); b++) {
        const error_builder_t *builder = error_builder(b);
        char category[16];
        snprintf(category, sizeof category, "error%d", (int)builder->error);
        stage_t first = builder->needs == NEEDS_TOWER     ? STAGE_MIDDLE
                        : builder->needs == NEEDS_HISTORY ? STAGE_EARLY
                                                          : STAGE_FIRST_LINE;
        for (int stage = first; stage < STAGE_COUNT; stage++) {
            error_kind_t kind = {builder, (stage_t)stage};
            char name[96];
            snprintf(name, sizeof name, "%s-%s", builder->slug,
                     STAGES[stage].slug);
            generate_kind(generator, category, name, STAGES[stage].quota,
                          stage == STAGE_FIRST_LINE ? 12 : 60, error_case,
                          &kind);
        }
    }
}
