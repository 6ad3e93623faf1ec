/* gen_endings.h -- finished games for the wins category, and how their
 * end is told in a case's reason.
 *
 * gen_wins.c puts the end of a finished game at every place the
 * specification and NOTES.md distinguish (inside the input, at each step
 * of P, on A's own action); gen_wins_after_end.c spreads the one ending A
 * reports at once over the shapes an end can take. Both need the same
 * games and the same words for them. */
#ifndef GEN_ENDINGS_H
#define GEN_ENDINGS_H

#include <stddef.h>

#include "gen_kinds.h"

/* How the side to move, which cannot act, has lost. */
typedef enum { BY_CAPTURE, BY_BLOCK } method_t;

/* "by-capture", "by-block": part of case names. */
extern const char *const METHOD_SLUG[];

/* Plays a game between two random players of the stronger kinds until one
 * side cannot act (at most 300 actions); false if it did not end. Writes
 * the players' names. */
bool finishing_game(game_t *game, rng_t *rng, char players[64]);

/* How the side to move of `game`, which cannot act, has lost: its last
 * piece captured, or every piece it still has blocked. */
method_t ending_method(const game_t *game);

/* A finishing game, true only when it ended with `winner` winning by
 * `method`. */
bool finished_game_won(game_t *game, rng_t *rng, char players[64],
                       colour_t winner, method_t method);

/* "action #57 (C5-A7) captures white's last piece" or "... leaves white,
 * with 3 pieces or towers, no legal action". */
void ending_text(const game_t *game, char *text, size_t size);

/* The kinds of gen_wins_after_end.c; generate_wins runs them last. */
void generate_a_after_end(generator_t *generator);

#endif
