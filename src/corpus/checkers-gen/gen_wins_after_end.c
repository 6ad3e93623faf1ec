/* gen_wins_after_end.c -- wins: A right after a game that ended inside the
 * input.
 *
 * NOTES.md: when the input's last action leaves the side to move no
 * action, nothing is printed for it by itself, and the A that follows
 * prints the win message at once, with no action. gen_wins.c writes three
 * such cases per winner and way of winning; scripts/corpus-stats asks for
 * 25 cases per winner that end with a win after A. The kinds here supply
 * them, each a different shape the end takes in legal play, so that an
 * engine whose win test goes wrong on one shape meets it: short and long
 * games, the last piece a tower, the last capture by a piece or backward
 * by a tower, a block by a tower or by a promotion, a blocked side that
 * still has a tower. */
#include <stdio.h>

#include "gen_endings.h"

/* What the end of a finished game looks like. */
typedef struct {
    int played;            /* the number of the action that ended it */
    action_facts_t last;   /* that action, told from the board before it */
    int loser_towers;
} ending_facts_t;

typedef struct {
    const char *slug;      /* completes the kind's name */
    method_t method;
    bool (*fits)(const ending_facts_t *facts);
    const char *what;      /* why the case exists, for its reason */
    int quota;             /* per winner */
} after_end_kind_t;

typedef struct {
    colour_t winner;
    const after_end_kind_t *kind;
} after_end_detail_t;

/* Most finishing games end between actions 40 and 130, blocks earlier
 * than captures: each bound takes one tail of its way of ending. */
enum { SHORT_CAPTURE = 60, LONG_CAPTURE = 120, SHORT_BLOCK = 40,
       LONG_BLOCK = 90, AFTER_END_BUDGET = 2000 };

static bool short_capture(const ending_facts_t *f)
{
    return f->played <= SHORT_CAPTURE;
}
static bool long_capture(const ending_facts_t *f)
{
    return f->played >= LONG_CAPTURE;
}
static bool last_piece_a_tower(const ending_facts_t *f)
{
    return f->last.captures_tower;
}
static bool captured_by_a_piece(const ending_facts_t *f)
{
    return !f->last.by_tower;
}
static bool captured_backward(const ending_facts_t *f)
{
    return f->last.by_tower && f->last.backward;
}
static bool short_block(const ending_facts_t *f)
{
    return f->played <= SHORT_BLOCK;
}
static bool long_block(const ending_facts_t *f)
{
    return f->played >= LONG_BLOCK;
}
static bool blocked_by_a_tower(const ending_facts_t *f)
{
    return f->last.by_tower;
}
static bool blocked_by_a_promotion(const ending_facts_t *f)
{
    return f->last.promotes;
}
static bool blocked_with_a_tower(const ending_facts_t *f)
{
    return f->loser_towers > 0;
}

static const after_end_kind_t KINDS[] = {
    {"short-game", BY_CAPTURE, short_capture,
     "a short game: 60 actions or fewer", 3},
    {"long-game", BY_CAPTURE, long_capture,
     "a long game: 120 actions or more", 3},
    {"last-piece-a-tower", BY_CAPTURE, last_piece_a_tower,
     "the last piece captured is a tower", 3},
    {"by-a-piece", BY_CAPTURE, captured_by_a_piece,
     "a piece, not a tower, makes the last capture", 3},
    {"tower-backward", BY_CAPTURE, captured_backward,
     "a tower makes the last capture backward", 2},
    {"short-game", BY_BLOCK, short_block,
     "a short game: 40 actions or fewer", 3},
    {"long-game", BY_BLOCK, long_block, "a long game: 90 actions or more",
     3},
    {"by-a-tower", BY_BLOCK, blocked_by_a_tower,
     "a tower plays the blocking action", 3},
    {"by-a-promotion", BY_BLOCK, blocked_by_a_promotion,
     "the blocking action promotes a piece to a tower", 2},
    {"loser-keeps-a-tower", BY_BLOCK, blocked_with_a_tower,
     "the blocked side still has a tower", 2},
};

static ending_facts_t ending_facts(const game_t *game)
{
    game_t before;
    game_prefix(game, game->played - 1, &before);
    ending_facts_t facts = {
        game->played,
        action_facts(&before.board, game->history[game->played - 1]),
        towers_of(&game->board, game_side(game))};
    return facts;
}

static bool after_end_case(case_t *kase, rng_t *rng,
                           const void *detail_pointer)
{
    const after_end_detail_t *detail = detail_pointer;
    const after_end_kind_t *kind = detail->kind;
    game_t game;
    char players[64], ending[160];
    if (!finished_game_won(&game, rng, players, detail->winner,
                           kind->method)) {
        return false;
    }
    ending_facts_t facts = ending_facts(&game);
    if (!kind->fits(&facts)) {
        return false;
    }
    ending_text(&game, ending, sizeof ending);
    case_input_game(kase, &game, game.played);
    command_report_t report = case_input_command(kase, 'A');
    if (!report.win || report.computed != 0 ||
        report.winner != detail->winner) {
        return false;  /* a guard: the game had ended, so A's one step
                          finds no action */
    }
    case_set_reason(kase, "the game ends inside the input (%s): %s (%s); the "
                    "A after it finds no action for %s and prints %s WIN! at "
                    "once, with no action", players, ending, kind->what,
                    colour_name(game_side(&game)),
                    detail->winner == BLACK ? "BLACK" : "WHITE");
    return true;
}

void generate_a_after_end(generator_t *generator)
{
    enum { KIND_COUNT = sizeof KINDS / sizeof KINDS[0] };
    for (int winner = BLACK; winner <= WHITE; winner++) {
        for (int k = 0; k < KIND_COUNT; k++) {
            after_end_detail_t detail = {(colour_t)winner, &KINDS[k]};
            char name[96];
            snprintf(name, sizeof name, "ends-in-input-then-a-%s-wins-%s-%s",
                     colour_name((colour_t)winner),
                     METHOD_SLUG[KINDS[k].method], KINDS[k].slug);
            generate_kind(generator, "wins", name, KINDS[k].quota,
                          AFTER_END_BUDGET, after_end_case, &detail);
        }
    }
}
