/* gen_positions.c -- positions reached by random legal play from the
 * standard opening, and random endgames. Each kind tries a handful of
 * random boards per index, and writes the first that qualifies. */
#include <stdio.h>

#include "gen_board.h"
#include "gen_features.h"
#include "gen_kinds.h"
#include "gen_offer.h"

enum {
    TRIES = 30,
    /* About 35 bytes a line: ~140 KB, under the corpus's 200 KB a case. */
    LONG_TRACE = 4000,
    SHORT_TRACE = 1500
};

/* Random play from the opening: `pairs` moves of Alice then Bill each. */
static bool play_pairs(board_t *board, rng_t *rng, int pairs)
{
    board_opening(board);
    return board_play_random(board, rng, 2 * pairs) == 2 * pairs;
}

enum { REASON_SIZE = 160 };

/* One kind of position: its name (the candidates' stream), the manifest's
 * hints, its trace limit, and how one board is drawn. */
typedef struct {
    const char *kind;
    const char *hints;
    int trace_limit;
    /* Draws a board and writes its reason; false to draw again. */
    bool (*draw)(board_t *board, rng_t *rng, char reason[REASON_SIZE]);
} position_kind_t;

/* Candidate i of the kind draws from its own stream, TRIES boards at most,
 * and writes the first that qualifies. */
static void offer_positions(emitter_t *emitter, int count,
                            const position_kind_t *kind)
{
    for (long i = 0; i < count; i++) {
        rng_t rng;
        rng_init(&rng, emitter->seed, kind->kind, i);
        offer_t offer = {kind->kind, i, kind->hints, 0, kind->trace_limit};
        for (int try = 0; try < TRIES; try++) {
            board_t board;
            char reason[REASON_SIZE];
            if (kind->draw(&board, &rng, reason) &&
                offer_board(emitter, &offer, &board, reason)) {
                break;
            }
        }
    }
}

static bool draw_opening(board_t *board, rng_t *rng,
                         char reason[REASON_SIZE])
{
    /* At least one pair: the bare start is an example already. */
    int pairs = rng_range(rng, 1, 5);
    snprintf(reason, REASON_SIZE,
             "opening: standard start after %d random legal plies",
             2 * pairs);
    return play_pairs(board, rng, pairs);
}

static bool draw_midgame(board_t *board, rng_t *rng,
                         char reason[REASON_SIZE])
{
    int pairs = rng_range(rng, 6, 17);
    if (!play_pairs(board, rng, pairs)) {
        return false;
    }
    snprintf(reason, REASON_SIZE,
             "midgame: standard start after %d random legal plies, "
             "%d v %d pieces",
             2 * pairs, board_count(board, ALICE), board_count(board, BILL));
    return true;
}

/* Plays pairs of moves until at most `left` pieces remain; false when the
 * game ends first or drags on. */
static int play_down_to(board_t *board, rng_t *rng, int left)
{
    board_opening(board);
    for (int pairs = 1; pairs <= 150; pairs++) {
        if (board_play_random(board, rng, 2) != 2) {
            return 0;
        }
        if (board_count(board, ALICE) + board_count(board, BILL) <= left) {
            return 2 * pairs;
        }
    }
    return 0;
}

static bool draw_lategame(board_t *board, rng_t *rng,
                          char reason[REASON_SIZE])
{
    int plies = play_down_to(board, rng, rng_range(rng, 4, 11));
    if (plies == 0) {
        return false;
    }
    snprintf(reason, REASON_SIZE,
             "lategame: random legal game of %d plies from the standard "
             "start, %d v %d pieces left",
             plies, board_count(board, ALICE), board_count(board, BILL));
    return true;
}

/* Men and kings of both sides at random, Alice's kings, Alice's men,
 * Bill's kings and Bill's men each between `low` and `high`; the reason
 * names the counts. */
static void random_endgame(board_t *board, rng_t *rng, const int low[4],
                           const int high[4], char reason[REASON_SIZE],
                           const char *what)
{
    static const piece_t PIECES[4] = {ALICE_KING, ALICE_MAN, BILL_KING,
                                      BILL_MAN};
    int counts[4];
    for (int p = 0; p < 4; p++) {
        counts[p] = rng_range(rng, low[p], high[p]);
    }
    board_clear(board);
    for (int p = 0; p < 4; p++) {
        board_scatter(board, rng, PIECES[p], counts[p]);
    }
    snprintf(reason, REASON_SIZE,
             "%s: Alice %d king(s) %d man/men, Bill %d king(s) %d man/men",
             what, board_count_piece(board, ALICE_KING),
             board_count_piece(board, ALICE_MAN),
             board_count_piece(board, BILL_KING),
             board_count_piece(board, BILL_MAN));
}

static bool draw_kings(board_t *board, rng_t *rng, char reason[REASON_SIZE])
{
    static const int LOW[4] = {1, 0, 1, 0}, HIGH[4] = {3, 3, 3, 3};
    random_endgame(board, rng, LOW, HIGH, reason, "endgame with kings");
    return true;
}

static bool draw_sparse(board_t *board, rng_t *rng, char reason[REASON_SIZE])
{
    static const int LOW[4] = {0, 0, 0, 0}, HIGH[4] = {2, 3, 2, 3};
    random_endgame(board, rng, LOW, HIGH, reason, "sparse position");
    return true;
}

static const position_kind_t OPENING = {"opening", "opening", LONG_TRACE,
                                        draw_opening};
static const position_kind_t MIDGAME = {"midgame", "midgame", LONG_TRACE,
                                        draw_midgame};
static const position_kind_t LATEGAME = {
    "lategame", "lategame,terminal,pruning,ties", LONG_TRACE, draw_lategame};
static const position_kind_t KINGS = {"kings", "kings,ties,pruning,terminal",
                                      LONG_TRACE, draw_kings};
static const position_kind_t SPARSE = {
    "sparse", "terminal,no-move-at-root,pruning,ties,crowning,jumps",
    SHORT_TRACE, draw_sparse};

void kind_opening(emitter_t *emitter, int count)
{
    offer_positions(emitter, count, &OPENING);
}

void kind_midgame(emitter_t *emitter, int count)
{
    offer_positions(emitter, count, &MIDGAME);
}

void kind_lategame(emitter_t *emitter, int count)
{
    offer_positions(emitter, count, &LATEGAME);
}

void kind_kings(emitter_t *emitter, int count)
{
    offer_positions(emitter, count, &KINGS);
}

void kind_sparse(emitter_t *emitter, int count)
{
    offer_positions(emitter, count, &SPARSE);
}
