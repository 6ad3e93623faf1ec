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

void kind_opening(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        rng_t rng;
        rng_init(&rng, emitter->seed, "opening", i);
        for (int try = 0; try < TRIES; try++) {
            board_t board;
            /* At least one pair: the bare start is an example already. */
            int pairs = rng_range(&rng, 1, 5);
            char reason[160];
            snprintf(reason, sizeof reason,
                     "opening: standard start after %d random legal plies",
                     2 * pairs);
            offer_t offer = {"opening", i, "opening", 0, LONG_TRACE};
            if (play_pairs(&board, &rng, pairs) &&
                offer_board(emitter, &offer, &board, reason)) {
                break;
            }
        }
    }
}

void kind_midgame(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        rng_t rng;
        rng_init(&rng, emitter->seed, "midgame", i);
        for (int try = 0; try < TRIES; try++) {
            board_t board;
            int pairs = rng_range(&rng, 6, 17);
            if (!play_pairs(&board, &rng, pairs)) {
                continue;
            }
            char reason[160];
            snprintf(reason, sizeof reason,
                     "midgame: standard start after %d random legal plies, "
                     "%d v %d pieces",
                     2 * pairs, board_count(&board, ALICE),
                     board_count(&board, BILL));
            offer_t offer = {"midgame", i, "midgame", 0, LONG_TRACE};
            if (offer_board(emitter, &offer, &board, reason)) {
                break;
            }
        }
    }
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

void kind_lategame(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        rng_t rng;
        rng_init(&rng, emitter->seed, "lategame", i);
        for (int try = 0; try < TRIES; try++) {
            board_t board;
            int plies = play_down_to(&board, &rng, rng_range(&rng, 4, 11));
            if (plies == 0) {
                continue;
            }
            char reason[160];
            snprintf(reason, sizeof reason,
                     "lategame: random legal game of %d plies from the "
                     "standard start, %d v %d pieces left",
                     plies, board_count(&board, ALICE),
                     board_count(&board, BILL));
            offer_t offer = {"lategame", i, "lategame,terminal,pruning,ties",
                             0, LONG_TRACE};
            if (offer_board(emitter, &offer, &board, reason)) {
                break;
            }
        }
    }
}

/* Men and kings of both sides at random; the reason names the counts. */
static void random_endgame(board_t *board, rng_t *rng, const int counts[4],
                           char *reason, int size, const char *what)
{
    static const piece_t PIECES[4] = {ALICE_KING, ALICE_MAN, BILL_KING,
                                      BILL_MAN};
    board_clear(board);
    for (int p = 0; p < 4; p++) {
        board_scatter(board, rng, PIECES[p], counts[p]);
    }
    snprintf(reason, (size_t)size,
             "%s: Alice %d king(s) %d man/men, Bill %d king(s) %d man/men",
             what, board_count_piece(board, ALICE_KING),
             board_count_piece(board, ALICE_MAN),
             board_count_piece(board, BILL_KING),
             board_count_piece(board, BILL_MAN));
}

void kind_kings(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        rng_t rng;
        rng_init(&rng, emitter->seed, "kings", i);
        for (int try = 0; try < TRIES; try++) {
            board_t board;
            char reason[160];
            int counts[4] = {rng_range(&rng, 1, 3), rng_range(&rng, 0, 3),
                             rng_range(&rng, 1, 3), rng_range(&rng, 0, 3)};
            random_endgame(&board, &rng, counts, reason, (int)sizeof reason,
                           "endgame with kings");
            offer_t offer = {"kings", i, "kings,ties,pruning,terminal", 0,
                             LONG_TRACE};
            if (offer_board(emitter, &offer, &board, reason)) {
                break;
            }
        }
    }
}

void kind_sparse(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        rng_t rng;
        rng_init(&rng, emitter->seed, "sparse", i);
        for (int try = 0; try < TRIES; try++) {
            board_t board;
            char reason[160];
            int counts[4] = {rng_range(&rng, 0, 2), rng_range(&rng, 0, 3),
                             rng_range(&rng, 0, 2), rng_range(&rng, 0, 3)};
            random_endgame(&board, &rng, counts, reason, (int)sizeof reason,
                           "sparse position");
            offer_t offer = {"sparse", i,
                             "terminal,no-move-at-root,pruning,ties,"
                             "crowning,jumps",
                             0, SHORT_TRACE};
            if (offer_board(emitter, &offer, &board, reason)) {
                break;
            }
        }
    }
}
