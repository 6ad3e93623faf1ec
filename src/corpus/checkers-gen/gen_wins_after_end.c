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

/* The shapes an end takes that a kind asks for. */
typedef enum {
    SHORT_GAME,          /* few actions: 60 or fewer (capture), 40 (block) */
    LONG_GAME,           /* many: 120 or more (capture), 90 (block) */
    LAST_PIECE_A_TOWER,  /* the last piece captured is a tower */
    BY_A_PIECE,          /* a piece, not a tower, plays the last action */
    BY_A_TOWER,
    TOWER_BACKWARD,      /* a tower plays it backward */
    BY_A_PROMOTION,      /* the last action promotes a piece */
    LOSER_KEEPS_A_TOWER
} end_shape_t;

typedef struct {
    const char *slug;      /* completes the kind's name */
    method_t method;
    end_shape_t shape;
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

static bool fits(const after_end_kind_t *kind, const ending_facts_t *f)
{
    bool capture = kind->method == BY_CAPTURE;
    switch (kind->shape) {
    case SHORT_GAME:
        return f->played <= (capture ? SHORT_CAPTURE : SHORT_BLOCK);
    case LONG_GAME:
        return f->played >= (capture ? LONG_CAPTURE : LONG_BLOCK);
    case LAST_PIECE_A_TOWER:
        return f->last.captures_tower;
    case BY_A_PIECE:
        return !f->last.by_tower;
    case BY_A_TOWER:
        return f->last.by_tower;
    case TOWER_BACKWARD:
        return f->last.by_tower && f->last.backward;
    case BY_A_PROMOTION:
        return f->last.promotes;
    default:
        return f->loser_towers > 0;
    }
}

static const after_end_kind_t KINDS[] = {
    {"short-game", BY_CAPTURE, SHORT_GAME,
     "a short game: 60 actions or fewer", 3},
    {"long-game", BY_CAPTURE, LONG_GAME,
     "a long game: 120 actions or more", 3},
    {"last-piece-a-tower", BY_CAPTURE, LAST_PIECE_A_TOWER,
     "the last piece captured is a tower", 3},
    {"by-a-piece", BY_CAPTURE, BY_A_PIECE,
     "a piece, not a tower, makes the last capture", 3},
    {"tower-backward", BY_CAPTURE, TOWER_BACKWARD,
     "a tower makes the last capture backward", 2},
    {"short-game", BY_BLOCK, SHORT_GAME,
     "a short game: 40 actions or fewer", 3},
    {"long-game", BY_BLOCK, LONG_GAME, "a long game: 90 actions or more",
     3},
    {"by-a-tower", BY_BLOCK, BY_A_TOWER,
     "a tower plays the blocking action", 3},
    {"by-a-promotion", BY_BLOCK, BY_A_PROMOTION,
     "the blocking action promotes a piece to a tower", 2},
    {"loser-keeps-a-tower", BY_BLOCK, LOSER_KEEPS_A_TOWER,
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
    if (!fits(kind, &facts)) {
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
