/* rules.h -- what the handout's rules say of a position, on top of the
 * engine's move generator (src/draughts/moves.h).
 *
 * The judge takes only the rules from the engine: which moves are legal
 * and what a move does. Where the search stops, what a position is worth
 * and what a printed number means are decided here, from JUDGE.md. */
#ifndef DRAUGHTS_JUDGE_RULES_H
#define DRAUGHTS_JUDGE_RULES_H

#include <stdbool.h>

#include "draughts.h"
#include "judge.h"

/* Every legal move of `side` in reading order (jumps only, when there is
 * one); returns how many. */
int rules_legal_moves(const board_t *board, side_t side,
                      move_t moves[JUDGE_MAX_MOVES]);

/* What a move at `ply` leads to. */
typedef struct {
    bool search_stops;  /* a leaf: B4 was played, or the game is over */
    bool game_over;     /* the side to move next has no legal move */
    int worth;          /* when search_stops: the position's value */
} after_move_t;

/* `reached` is the position right after a move at `ply` (1..4). A
 * position where the side to move has no legal move is lost for it:
 * -inf when that is Alice, +inf when Bill. After B4 a position Alice can
 * move in is worth the heuristic. */
after_move_t rules_after_move(const board_t *reached, int ply);

typedef struct {
    int alice_men, alice_kings, bill_men, bill_kings;
} piece_count_t;

piece_count_t rules_count_pieces(const board_t *board);

/* Alice's men + 2 x her kings - Bill's men - 2 x his kings. */
int rules_heuristic(const board_t *board);

/* The largest magnitude a heuristic can reach in a game from `root`:
 * JUDGE.md's 24, unless a side starts with more than 12 pieces (inputs the
 * handout never imagines; then every piece of the larger side as a king),
 * so that no heuristic is ever read as an infinity. */
int rules_largest_heuristic(const board_t *root);

/* A printed number as a worth: an infinity word, or an integer whose
 * magnitude exceeds `largest_heuristic`, is MINUS_INFINITY or
 * PLUS_INFINITY. */
int rules_printed_worth(printed_number_t number, int largest_heuristic);

/* The index of `printed` in `moves`, or -1 when it is not among them. */
int rules_find_move(const move_t *moves, int count, printed_move_t printed);

#endif
