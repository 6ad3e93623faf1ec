/* gen_constructed.c -- positions built for one feature: random boards
 * shaped so that the feature is likely, kept only when gen_features.c
 * confirms it. Random shapes rather than fixed diagrams give many distinct
 * cases of each feature from one seed. */
#include <stdio.h>

#include "gen_board.h"
#include "gen_features.h"
#include "gen_kinds.h"
#include "gen_offer.h"

enum { TRIES = 200, TRACE_LIMIT = 3000, SMALL_TRACE = 60 };

/* Tries boards from `build` until one is written; `build` fills the board
 * and the first part of the reason. */
typedef void build_t(board_t *board, rng_t *rng, long index);

static void try_boards(emitter_t *emitter, const offer_t *offer,
                       build_t *build, const char *reason)
{
    rng_t rng;
    rng_init(&rng, emitter->seed, offer->kind, offer->index);
    for (int try = 0; try < TRIES; try++) {
        board_t board;
        build(&board, &rng, offer->index);
        if (offer_board(emitter, offer, &board, reason)) {
            return;
        }
    }
}

static void build_crowded(board_t *board, rng_t *rng, long index)
{
    (void)index;
    board_clear(board);
    board_scatter(board, rng, ALICE_MAN, rng_range(rng, 3, 7));
    board_scatter(board, rng, ALICE_KING, rng_range(rng, 0, 2));
    board_scatter(board, rng, BILL_MAN, rng_range(rng, 3, 7));
    board_scatter(board, rng, BILL_KING, rng_range(rng, 0, 2));
}

void kind_jumps(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        offer_t offer = {"jumps", i, "jumps", FEATURE_ROOT_JUMP, TRACE_LIMIT};
        try_boards(emitter, &offer, build_crowded,
                   "mandatory jump: Alice's root moves are all jumps");
    }
}

/* Kings among Bill's pieces; Alice's men back home, out of reach. */
static void build_king_jump(board_t *board, rng_t *rng, long index)
{
    (void)index;
    board_clear(board);
    board_scatter(board, rng, ALICE_KING, rng_range(rng, 1, 2));
    for (int men = rng_range(rng, 1, 3); men > 0; men--) {
        board_place(board, rng, ALICE_MAN, 5, 7);
    }
    board_scatter(board, rng, BILL_MAN, rng_range(rng, 1, 4));
    board_scatter(board, rng, BILL_KING, rng_range(rng, 0, 2));
}

void kind_king_jump(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        offer_t offer = {"kingjump", i, "jumps", FEATURE_KING_ONLY_JUMP,
                         TRACE_LIMIT};
        try_boards(emitter, &offer, build_king_jump,
                   "only a king can jump: Alice has men, but every root "
                   "jump is a king's");
    }
}

/* Alice's men one or two rows from row 0; Bill's pieces near them, some
 * on row 1 to be jumped onto row 0. */
static void build_crowning(board_t *board, rng_t *rng, long index)
{
    board_clear(board);
    for (int men = rng_range(rng, 1, 2); men > 0; men--) {
        board_place(board, rng, ALICE_MAN, index % 2 == 0 ? 1 : 2, 2);
    }
    board_scatter(board, rng, ALICE_MAN, rng_range(rng, 0, 2));
    for (int near = rng_range(rng, 0, 2); near > 0; near--) {
        board_place(board, rng, rng_below(rng, 2) ? BILL_MAN : BILL_KING, 1,
                    3);
    }
    board_scatter(board, rng, BILL_MAN, rng_range(rng, 1, 3));
}

void kind_crowning(emitter_t *emitter, int count)
{
    for (long i = 0; i < count; i++) {
        offer_t offer = {"crowning", i, "crowning",
                         FEATURE_CROWN_A1 | FEATURE_CROWN_A3 |
                             FEATURE_CROWN_JUMP | FEATURE_CROWN_BACK,
                         TRACE_LIMIT};
        try_boards(emitter, &offer, build_crowning,
                   "crowning: Alice's man one or two rows from row 0");
    }
}

/* Three shapes by index: Alice has no piece; Alice's men all stand on row
 * 0, where men cannot move; Alice's men hemmed in by Bill's pieces. */
static void build_no_move(board_t *board, rng_t *rng, long index)
{
    board_clear(board);
    int shape = (int)(index % 3);
    if (shape == 1) {
        for (int men = rng_range(rng, 1, 3); men > 0; men--) {
            board_place(board, rng, ALICE_MAN, 0, 0);
        }
    } else if (shape == 2) {
        for (int men = rng_range(rng, 1, 2); men > 0; men--) {
            board_place(board, rng, ALICE_MAN, 2, 7);
        }
    }
    board_scatter(board, rng, BILL_MAN, rng_range(rng, 1, shape == 2 ? 12 : 4));
    board_scatter(board, rng, BILL_KING, rng_range(rng, 0, shape == 2 ? 4 : 2));
}

void kind_no_move(emitter_t *emitter, int count)
{
    static const char *const REASON[3] = {
        "no move at the root: Alice has no piece",
        "no move at the root: Alice's men all stand on row 0 and cannot move",
        "no move at the root: Alice's men are hemmed in by Bill's pieces"};
    for (long i = 0; i < count; i++) {
        offer_t offer = {"nomove", i, "no-move-at-root",
                         FEATURE_ROOT_NO_PIECE | FEATURE_ROOT_BLOCKED,
                         TRACE_LIMIT};
        try_boards(emitter, &offer, build_no_move, REASON[i % 3]);
    }
}

void small_board(rng_t *rng, board_t *board)
{
    /* Keeps files of many cases small; 1 v 1 always fits eventually. */
    for (;;) {
        board_clear(board);
        board_scatter(board, rng, ALICE_KING, rng_range(rng, 0, 1));
        board_scatter(board, rng, ALICE_MAN, rng_range(rng, 1, 2));
        board_scatter(board, rng, BILL_MAN, rng_range(rng, 1, 2));
        board_scatter(board, rng, BILL_KING, rng_range(rng, 0, 1));
        features_t features;
        features_of(board, &features);
        if (features.lines <= SMALL_TRACE) {
            return;
        }
    }
}
